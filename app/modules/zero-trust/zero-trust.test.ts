// Zero Trust: evidence and maturity (pure), then the page's loader and action with real sessions and this file's
// own SQLite database, as a browser without JavaScript would post them.
import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { acceptInvitation, createInvitation, setTenantPlan } from "~/modules/tenants";
import { addSystem } from "~/modules/privacy/data-map.server";
import { loader, action } from "~/routes/_app.zero-trust";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { assess, NO_FACTS, proposeEvidence, type ZtFacts } from "./maturity";
import { ZT_FUNCTIONS, ZTMM } from "./model";
import { listClaims, zeroTrustHistory } from "./assessment.server";
import { db } from "~/lib/db.server";
import { auditLog } from "~/modules/audit/schema";
import { and, eq } from "drizzle-orm";
import { twoFactor } from "~/modules/accounts/schema";
import { tenants } from "~/modules/tenants/schema";
import { ssoConnections } from "~/modules/sso/schema";

const CTX = { clientIp: "203.0.113.7" };
const args = (request: Request) => ({ request, params: {}, context: CTX }) as never;

beforeEach(() => resetRateLimits());

describe("the model", () => {
  it("holds CISA's five pillars and three cross-cutting capabilities, each function with four stages", () => {
    expect(ZTMM.filter((g) => g.kind === "pillar").map((g) => g.name)).toEqual([
      "Identity",
      "Devices",
      "Networks",
      "Applications and Workloads",
      "Data",
    ]);
    expect(ZTMM.find((g) => g.kind === "capability")!.functions.map((f) => f.name)).toEqual([
      "Visibility and Analytics",
      "Automation and Orchestration",
      "Governance",
    ]);
    for (const f of ZT_FUNCTIONS.values()) expect(f.stages.every((s) => s.length > 20)).toBe(true);
    expect(ZT_FUNCTIONS.size).toBe(25);
  });
});

describe("evidence", () => {
  const identity = (o: Partial<NonNullable<ZtFacts["identity"]>>): ZtFacts => ({
    ...NO_FACTS,
    identity: {
      members: 4,
      withTwoFactor: 0,
      twoFactorRequired: false,
      passkeyUsers: 0,
      ssoConfigured: false,
      ssoEnforced: false,
      ...o,
    },
  });

  it("proposes nothing where no module holds data: no verdict without data", () => {
    expect(proposeEvidence(NO_FACTS)).toEqual([]);
    const a = assess([], []);
    expect(a.overall).toBeNull();
    expect(a.roadmap).toEqual([]);
    expect(a.groups.every((g) => g.maturity === null)).toBe(true);
  });

  it("two-factor enforced and SSO on: the Identity pillar's evidence is proposed with the facts", () => {
    const ev = proposeEvidence(
      identity({ withTwoFactor: 4, twoFactorRequired: true, ssoConfigured: true, ssoEnforced: true }),
    );
    const auth = ev.find((e) => e.functionId === "identity.authentication")!;
    expect(auth.supports).toBe(1);
    expect(auth.fact).toBe("4 of 4 members (100%) sign in with two factors; the organization requires it.");
    const stores = ev.find((e) => e.functionId === "identity.stores")!;
    expect(stores.supports).toBe(2);
    expect(stores.fact).toMatch(/Single sign-on is configured and enforced/);
    // Passkeys for everyone (phishing-resistant) is CISA's Advanced.
    const withPasskeys = proposeEvidence(identity({ withTwoFactor: 4, twoFactorRequired: true, passkeyUsers: 4 }));
    expect(withPasskeys.find((e) => e.functionId === "identity.authentication")!.supports).toBe(2);
    // Optional two-factor used by half: Traditional, and said so.
    const half = proposeEvidence(identity({ withTwoFactor: 2 }));
    expect(half.find((e) => e.functionId === "identity.authentication")).toMatchObject({
      supports: 0,
      fact: "2 of 4 members (50%) sign in with two factors; two-factor is not required.",
    });
  });

  it("a claim above what the evidence supports is flagged; the roadmap starts from the evidence and names next steps", () => {
    const ev = proposeEvidence(identity({ withTwoFactor: 4, twoFactorRequired: true, ssoConfigured: true }));
    const a = assess(
      [
        { functionId: "identity.authentication", stage: 3, notes: "", links: [], updatedAt: 0 },
        { functionId: "data.inventory", stage: 1, notes: "", links: [], updatedAt: 0 },
      ],
      ev,
    );
    const auth = a.groups[0].functions.find((f) => f.id === "identity.authentication")!;
    expect(auth.flag).toBe("Claimed Optimal; the evidence Rampart holds supports Initial.");
    expect(a.flagged).toBe(1);
    // Identity: (3) / 1 claimed; Data: 1; overall is the mean of the assessed groups.
    expect(a.groups.find((g) => g.id === "identity")!.maturity).toBe(3);
    expect(a.overall).toBe(2);
    const authStep = a.roadmap.find((s) => s.functionId === "identity.authentication")!;
    expect(authStep).toMatchObject({ from: 1, to: 2 });
    expect(authStep.goal).toMatch(/phishing-resistant/);
    expect(authStep.rampart?.href).toBe("/settings/security");
    // Unclaimed but evidenced: Identity Stores from the SSO fact (Advanced → Optimal).
    expect(a.roadmap.find((s) => s.functionId === "identity.stores")).toMatchObject({ from: 2, to: 3 });
    // Ordered by impact, then effort.
    const keys = a.roadmap.map((s) => [-s.impact, s.effort]);
    expect(keys).toEqual([...keys].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
  });
});

async function businessOwner() {
  const owner = await signedInUser();
  setTenantPlan(owner.tenantId, "business");
  return owner;
}

function post(cookie: string, tenantId: string, fields: Record<string, string>) {
  return req("/zero-trust", {
    method: "POST",
    cookie,
    tenantId,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

async function page(cookie: string, tenantId: string) {
  const res = await settle(() => loader(args(req("/zero-trust", { cookie, tenantId }))));
  return { status: res.status, body: res.status === 200 ? await res.json() : null };
}

describe("/zero-trust", () => {
  it("is refused below Business, on the server", async () => {
    const free = await signedInUser();
    expect((await page(free.cookie, free.tenantId)).status).toBe(403);
    const res = await settle(() =>
      action(args(post(free.cookie, free.tenantId, { group: "data", "stage:data.inventory": "1" }))),
    );
    expect(res.status).toBe(403);
    expect(listClaims(free.tenantId)).toEqual([]);
  });

  it("a new organization reads 'not assessed': only the sign-in facts it has, none above Traditional", async () => {
    const o = await businessOwner();
    const { body } = await page(o.cookie, o.tenantId);
    expect(body.assessment.overall).toBeNull();
    type Ev = { functionId: string; supports: number; fact: string };
    const evidence: Ev[] = body.assessment.groups.flatMap((g: { functions: { evidence: Ev[] }[] }) =>
      g.functions.flatMap((f) => f.evidence),
    );
    expect(evidence.map((e) => [e.functionId, e.supports, e.fact])).toEqual([
      ["identity.authentication", 0, "0 of 1 member (0%) sign in with two factors; two-factor is not required."],
      ["identity.stores", 0, "No single sign-on: Rampart keeps its own accounts for your members."],
    ]);
  });

  it("two-factor enforced and SSO on: the Identity pillar's evidence is proposed and the roadmap names the next steps", async () => {
    const o = await businessOwner();
    const now = Date.now();
    db.insert(twoFactor).values({ userId: o.user.id, secretSealed: "v1.test", enabledAt: now }).run();
    db.update(tenants).set({ requireTwoFactor: true }).where(eq(tenants.id, o.tenantId)).run();
    db.insert(ssoConnections)
      .values({
        tenantId: o.tenantId,
        issuer: "https://login.example.com",
        clientId: "rampart",
        clientSecretSealed: "v1.test",
        domains: ["example.com"],
        defaultRole: "member",
        enforcedBy: o.user.id,
        enforcedAt: now,
        updatedAt: now,
      })
      .run();
    const { body } = await page(o.cookie, o.tenantId);
    const identity = body.assessment.groups.find((g: { id: string }) => g.id === "identity");
    const fn = (id: string) => identity.functions.find((f: { id: string }) => f.id === id);
    expect(fn("identity.authentication")).toMatchObject({
      proposed: 1,
      evidence: [{ fact: "1 of 1 member (100%) sign in with two factors; the organization requires it.", supports: 1 }],
    });
    expect(fn("identity.stores")).toMatchObject({ proposed: 2 });
    expect(fn("identity.stores").evidence[0].fact).toMatch(/Single sign-on is configured and enforced/);
    type Step = { groupId: string; functionName: string; from: number; to: number; rampart: { href: string } };
    const steps = (body.assessment.roadmap as Step[]).filter((s) => s.groupId === "identity");
    expect(steps.map((s) => [s.functionName, s.from, s.to])).toEqual([
      ["Authentication", 1, 2],
      ["Identity Stores", 2, 3],
    ]);
    expect(steps[0].rampart.href).toBe("/settings/security");
  });

  it("proposes Data Inventory from the privacy data map; saving records the claims, a reading and an audit entry", async () => {
    const o = await businessOwner();
    addSystem(o.tenantId, {
      name: "CRM",
      owner: "Sales",
      dataCategories: ["contact details"],
      location: "EU",
      retention: "3 years",
      requestTypes: ["access"],
    });
    const before = await page(o.cookie, o.tenantId);
    const inv = before.body.assessment.groups
      .find((g: { id: string }) => g.id === "data")
      .functions.find((f: { id: string }) => f.id === "data.inventory");
    expect(inv.proposed).toBe(1);
    expect(inv.evidence[0].fact).toBe("1 system holding personal data recorded in the data map.");

    const res = await settle(() =>
      action(
        args(
          post(o.cookie, o.tenantId, {
            group: "data",
            "stage:data.inventory": "3",
            "notes:data.inventory": "Automated DLP on all stores",
            "links:data.inventory": "https://wiki.example.com/dlp\n\n",
            "stage:data.encryption": "1",
          }),
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).saved).toBe("Data: 2 functions saved.");
    const after = await page(o.cookie, o.tenantId);
    const saved = after.body.assessment.groups
      .find((g: { id: string }) => g.id === "data")
      .functions.find((f: { id: string }) => f.id === "data.inventory");
    expect(saved.claim).toMatchObject({
      stage: 3,
      notes: "Automated DLP on all stores",
      links: ["https://wiki.example.com/dlp"],
    });
    expect(saved.flag).toBe("Claimed Optimal; the evidence Rampart holds supports Initial.");
    expect(after.body.assessment.overall).toBe(2);
    expect(zeroTrustHistory(o.tenantId)).toEqual([
      {
        day: new Date().toISOString().slice(0, 10),
        overall: 2,
        groups: expect.objectContaining({ data: 2, identity: null }),
      },
    ]);
    const entries = db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, o.tenantId), eq(auditLog.action, "zero_trust.assessed")))
      .all();
    expect(entries).toHaveLength(1);
  });

  it("a bad link refuses the whole section with a field error and keeps what was typed; nothing is stored", async () => {
    const o = await businessOwner();
    const res = await settle(() =>
      action(
        args(
          post(o.cookie, o.tenantId, {
            group: "identity",
            "stage:identity.authentication": "1",
            "stage:identity.stores": "2",
            "links:identity.stores": "javascript:alert(1)",
          }),
        ),
      ),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ field: "identity.stores.links", error: "Enter a link starting with https://" });
    expect(body.values["links:identity.stores"]).toBe("javascript:alert(1)");
    expect(listClaims(o.tenantId)).toEqual([]);
    const unknown = await settle(() => action(args(post(o.cookie, o.tenantId, { group: "nope" }))));
    expect(unknown.status).toBe(400);
  });

  it("a viewer reads the assessment but cannot change it; another organization never sees it", async () => {
    const o = await businessOwner();
    await settle(() =>
      action(args(post(o.cookie, o.tenantId, { group: "identity", "stage:identity.authentication": "2" }))),
    );
    const viewer = await signedInUser();
    setTenantPlan(viewer.tenantId, "pro");
    acceptInvitation(createInvitation(o.tenantId, "viewer", o.user.id).token, viewer.user.id);
    const seen = await page(viewer.cookie, o.tenantId);
    expect(seen.body.canAssess).toBe(false);
    expect(seen.body.assessment.assessed).toBe(1);
    const res = await settle(() =>
      action(args(post(viewer.cookie, o.tenantId, { group: "identity", "stage:identity.authentication": "0" }))),
    );
    expect(res.status).toBe(403);
    expect(listClaims(o.tenantId).map((c) => c.stage)).toEqual([2]);

    const other = await businessOwner();
    expect((await page(other.cookie, other.tenantId)).body.assessment.assessed).toBe(0);
  });

  it("clearing a stage removes the claim", async () => {
    const o = await businessOwner();
    await settle(() => action(args(post(o.cookie, o.tenantId, { group: "networks", "stage:networks.traffic": "1" }))));
    expect(listClaims(o.tenantId)).toHaveLength(1);
    await settle(() => action(args(post(o.cookie, o.tenantId, { group: "networks", "stage:networks.traffic": "" }))));
    expect(listClaims(o.tenantId)).toEqual([]);
  });
});
