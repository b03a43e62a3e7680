// The compliance pages' loaders and actions, the CSV and evidence downloads and the API, called with real requests,
// real sessions and this file's own database: plan and role checks, forms without JavaScript, headers.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { sqlite } from "~/lib/db.server";
import { listAuditForTenant } from "~/modules/audit";
import { setTenantPlan } from "~/modules/tenants";
import { action as overviewAction, loader as overviewLoader } from "~/routes/_app.compliance-monitoring";
import {
  action as requirementAction,
  loader as requirementLoader,
} from "~/routes/_app.compliance-monitoring_.$framework.requirements.$requirement";
import { loader as reportLoader } from "~/routes/_app.compliance-monitoring_.$framework.report";
import { loader as csvLoader } from "~/routes/compliance-monitoring.$framework.report[.]csv";
import { loader as downloadLoader } from "~/routes/compliance-monitoring.evidence.$id";
import { loader as apiLoader } from "~/routes/api.compliance.frameworks";
import { loader as executiveLoader } from "~/routes/_app.executive";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

const CTX = { clientIp: "198.51.100.7" };
const HIPAA_REQ = { framework: "hipaa-security", requirement: "164.312(b)" };
const reqPath = `/compliance-monitoring/hipaa-security/requirements/${encodeURIComponent("164.312(b)")}`;

async function business() {
  resetRateLimits();
  const owner = await signedInUser();
  setTenantPlan(owner.tenantId, "business");
  return owner;
}

/** A member (role member) of a new Business organization, with its owner. */
async function businessMember() {
  const owner = await business();
  const member = await signedInUser();
  sqlite()
    .prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'member')")
    .run(randomUUID(), member.user.id, owner.tenantId);
  sqlite().prepare("UPDATE sessions SET selected_tenant_id = ? WHERE user_id = ?").run(owner.tenantId, member.user.id);
  return { ...member, tenantId: owner.tenantId, owner };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  req(path, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form(fields),
  });

async function adoptHipaa(cookie: string) {
  const res = await settle(() =>
    overviewAction({
      request: post("/compliance-monitoring", cookie, { intent: "adopt", framework: "hipaa-security" }),
      params: {},
      context: CTX,
    }),
  );
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/compliance-monitoring?framework=hipaa-security");
}

async function overview(cookie: string, query = "") {
  const res = await settle(() =>
    overviewLoader({ request: req(`/compliance-monitoring${query}`, { cookie }), params: {}, context: {} }),
  );
  return { status: res.status, body: await res.json() };
}

describe("/compliance-monitoring", () => {
  it("shows the teaser signed out and the upgrade answer below Business", async () => {
    const out = await settle(() => overviewLoader({ request: req("/compliance-monitoring"), params: {}, context: {} }));
    expect(await out.json()).toEqual({ teaser: true });
    const pro = await signedInUser();
    setTenantPlan(pro.tenantId, "pro");
    const res = await settle(() =>
      overviewLoader({ request: req("/compliance-monitoring", { cookie: pro.cookie }), params: {}, context: {} }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: "UPGRADE_REQUIRED",
      message: "This feature requires Business plan or higher",
    });
  });

  it("adopts HIPAA by form post and shows its score, counts, trend, next steps and one page of requirements", async () => {
    const { cookie, tenantId } = await business();
    expect((await overview(cookie)).body).toMatchObject({ adopted: [], selected: null, canManage: true });
    await adoptHipaa(cookie);
    const { body } = await overview(cookie);
    expect(body.adopted).toEqual([expect.objectContaining({ key: "hipaa-security", score: 0, total: 63 })]);
    expect(body.selected).toMatchObject({ key: "hipaa-security", requiredFilter: true, counts: { total: 63 } });
    expect(body.selected.list).toMatchObject({ total: 63, page: 1, pageCount: 3 });
    expect(body.selected.list.rows).toHaveLength(25);
    expect(body.selected.trend).toHaveLength(1);
    expect(body.selected.next).toHaveLength(5);
    // Filters come from the query string: Required only, a status, a page.
    expect((await overview(cookie, "?framework=hipaa-security&required=1")).body.selected.list.total).toBe(41);
    expect((await overview(cookie, "?framework=hipaa-security&page=3")).body.selected.list.rows).toHaveLength(13);
    expect((await overview(cookie, "?status=compliant")).body.selected.list.total).toBe(0);
    // Nonsense in the query string is ignored, not a 500.
    expect((await overview(cookie, "?status=bogus&page=-4&framework=nope")).status).toBe(200);
    expect(listAuditForTenant(tenantId).map((a) => a.action)).toContain("compliance.framework_adopted");
  });

  it("answers field errors with 400 and refuses members' changes with 403", async () => {
    const { cookie } = await business();
    const bad = await settle(() =>
      overviewAction({
        request: post("/compliance-monitoring", cookie, { intent: "adopt", framework: "nist-800-53-rev5" }),
        params: {},
        context: CTX,
      }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      ok: false,
      fieldErrors: { baseline: "Choose a baseline for NIST 800-53." },
    });

    const member = await businessMember();
    await adoptHipaa(member.owner.cookie);
    const view = await overview(member.cookie);
    expect(view.body).toMatchObject({
      canManage: false,
      adopted: [expect.objectContaining({ key: "hipaa-security" })],
    });
    const refused = await settle(() =>
      overviewAction({
        request: post("/compliance-monitoring", member.cookie, { intent: "drop", framework: "hipaa-security" }),
        params: {},
        context: CTX,
      }),
    );
    expect(refused.status).toBe(403);
    const refusedStatus = await settle(() =>
      requirementAction({
        request: post(reqPath, member.cookie, { intent: "status", status: "compliant" }),
        params: HIPAA_REQ,
        context: CTX,
      }),
    );
    expect(refusedStatus.status).toBe(403);
    // Members still read the requirement.
    const page = await settle(() =>
      requirementLoader({ request: req(reqPath, { cookie: member.cookie }), params: HIPAA_REQ, context: {} }),
    );
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      canManage: false,
      requirement: { id: "164.312(b)", title: "Audit controls" },
    });
  });
});

describe("a requirement's forms", () => {
  it("saves status (with the not-applicable justification rule), owner, a file and a link; the score moves", async () => {
    const { cookie, tenantId, user } = await business();
    await adoptHipaa(cookie);
    const act = (request: Request) => settle(() => requirementAction({ request, params: HIPAA_REQ, context: CTX }));

    const noReason = await act(post(reqPath, cookie, { intent: "status", status: "not-applicable" }));
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({
      fieldErrors: { justification: "Say why this requirement does not apply." },
    });

    expect((await act(post(reqPath, cookie, { intent: "owner", owner: user.id }))).status).toBe(200);
    const strangerOwner = await act(post(reqPath, cookie, { intent: "owner", owner: randomUUID() }));
    expect(strangerOwner.status).toBe(400);

    const body = new FormData();
    body.set("intent", "evidence-file");
    body.set("file", new File(["audit log retention: 1 year"], "retention.txt", { type: "text/plain" }));
    body.set("title", "Audit log retention");
    body.set("expiresOn", "2099-01-01");
    body.set("markCompliant", "on");
    const upload = await act(req(reqPath, { method: "POST", cookie, body }));
    expect(upload.status).toBe(200);
    const uploaded = await upload.json();
    expect(uploaded.message).toMatch(/^File stored\. SHA-256 [0-9a-f]{64}\.$/);
    expect((await overview(cookie)).body.adopted[0]).toMatchObject({ compliant: 1, score: 2 });

    const badLink = await act(post(reqPath, cookie, { intent: "evidence-link", url: "ftp://x", title: "x" }));
    expect(badLink.status).toBe(400);
    expect(await badLink.json()).toMatchObject({ fieldErrors: { url: expect.stringMatching(/https/) } });

    const page = await settle(() =>
      requirementLoader({ request: req(reqPath, { cookie }), params: HIPAA_REQ, context: {} }),
    );
    const data = await page.json();
    expect(data.requirement).toMatchObject({ status: "compliant", ownerEmail: user.email });
    expect(data.evidence).toEqual([
      expect.objectContaining({
        kind: "file",
        title: "Audit log retention",
        fileName: "retention.txt",
        state: "valid",
        expiresOn: "2099-01-01",
      }),
    ]);
    expect(data.requirement.automatic.map((a: { label: string }) => a.label)).toContain("Audit trail");
    expect(listAuditForTenant(tenantId).map((a) => a.action)).toEqual(
      expect.arrayContaining(["compliance.evidence_added", "compliance.owner_changed"]),
    );

    const unknown = await settle(() =>
      requirementLoader({
        request: req("/x", { cookie }),
        params: { framework: "hipaa-security", requirement: "164.999" },
        context: {},
      }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("downloads", () => {
  it("serves evidence as an audited attachment, never to another tenant", async () => {
    const { cookie, tenantId } = await business();
    await adoptHipaa(cookie);
    const body = new FormData();
    body.set("intent", "evidence-file");
    body.set("file", new File(["<script>alert(1)</script>"], "page.html", { type: "text/html" }));
    await settle(() =>
      requirementAction({ request: req(reqPath, { method: "POST", cookie, body }), params: HIPAA_REQ, context: CTX }),
    );
    const page = await (
      await settle(() => requirementLoader({ request: req(reqPath, { cookie }), params: HIPAA_REQ, context: {} }))
    ).json();
    const id = page.evidence[0].id;

    const res = await settle(() =>
      downloadLoader({
        request: req(`/compliance-monitoring/evidence/${id}`, { cookie }),
        params: { id },
        context: CTX,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="page.html"/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await res.text()).toBe("<script>alert(1)</script>");
    expect(
      listAuditForTenant(tenantId).find((a) => a.action === "compliance.evidence_downloaded")?.detail,
    ).toMatchObject({
      evidenceId: id,
      sha256: page.evidence[0].sha256,
    });

    const other = await business();
    const foreign = await settle(() =>
      downloadLoader({
        request: req(`/compliance-monitoring/evidence/${id}`, { cookie: other.cookie }),
        params: { id },
        context: CTX,
      }),
    );
    expect(foreign.status).toBe(404);
  });

  it("exports the report as formula-safe CSV and a printable page", async () => {
    const { cookie } = await business();
    await adoptHipaa(cookie);
    await settle(() =>
      requirementAction({
        request: post(reqPath, cookie, {
          intent: "evidence-link",
          url: "https://siem.example.com/retention",
          title: "@SUM(1+1)*cmd|' /C calc'!A0",
          markCompliant: "on",
        }),
        params: HIPAA_REQ,
        context: CTX,
      }),
    );
    const csv = await settle(() =>
      csvLoader({
        request: req("/compliance-monitoring/hipaa-security/report.csv", { cookie }),
        params: { framework: "hipaa-security" },
        context: {},
      }),
    );
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="hipaa-security-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await csv.text();
    expect(text.trimEnd().split("\r\n")).toHaveLength(64);
    expect(text).toContain(`"'@SUM(1+1)*cmd|' /C calc'!A0 (link https://siem.example.com/retention)"`);
    const required = await settle(() =>
      csvLoader({
        request: req("/compliance-monitoring/hipaa-security/report.csv?required=1", { cookie }),
        params: { framework: "hipaa-security" },
        context: {},
      }),
    );
    expect((await required.text()).trimEnd().split("\r\n")).toHaveLength(42);

    const report = await settle(() =>
      reportLoader({
        request: req("/compliance-monitoring/hipaa-security/report", { cookie }),
        params: { framework: "hipaa-security" },
        context: {},
      }),
    );
    const data = await report.json();
    expect(data.score).toMatchObject({ compliant: 1, applicable: 63, score: 2 });
    expect(data.rows).toHaveLength(63);
    const missing = await settle(() =>
      csvLoader({ request: req("/x", { cookie }), params: { framework: "nist-csf-2.0" }, context: {} }),
    );
    expect(missing.status).toBe(404);
  });
});

describe("tenant isolation of every compliance route", () => {
  it("answers 403 for another organization's X-Tenant-Id (real or not), and not for one's own", async () => {
    const a = await business();
    const b = await business();
    await adoptHipaa(b.cookie);
    const calls: [string, (tenantId: string) => Promise<Response>][] = [
      [
        "overview",
        (t) =>
          settle(() =>
            overviewLoader({
              request: req("/compliance-monitoring", { cookie: a.cookie, tenantId: t }),
              params: {},
              context: {},
            }),
          ),
      ],
      [
        "adopt",
        (t) =>
          settle(() =>
            overviewAction({
              request: req("/compliance-monitoring", {
                method: "POST",
                cookie: a.cookie,
                tenantId: t,
                headers: { "Content-Type": "application/x-www-form-urlencoded" },
                body: form({ intent: "adopt", framework: "hipaa-security" }),
              }),
              params: {},
              context: CTX,
            }),
          ),
      ],
      [
        "requirement",
        (t) =>
          settle(() =>
            requirementLoader({
              request: req(reqPath, { cookie: a.cookie, tenantId: t }),
              params: HIPAA_REQ,
              context: {},
            }),
          ),
      ],
      [
        "status",
        (t) =>
          settle(() =>
            requirementAction({
              request: req(reqPath, {
                method: "POST",
                cookie: a.cookie,
                tenantId: t,
                headers: { "Content-Type": "application/x-www-form-urlencoded" },
                body: form({ intent: "status", status: "compliant" }),
              }),
              params: HIPAA_REQ,
              context: CTX,
            }),
          ),
      ],
      [
        "report",
        (t) =>
          settle(() =>
            reportLoader({
              request: req("/compliance-monitoring/hipaa-security/report", { cookie: a.cookie, tenantId: t }),
              params: { framework: "hipaa-security" },
              context: {},
            }),
          ),
      ],
      [
        "csv",
        (t) =>
          settle(() =>
            csvLoader({
              request: req("/compliance-monitoring/hipaa-security/report.csv", { cookie: a.cookie, tenantId: t }),
              params: { framework: "hipaa-security" },
              context: {},
            }),
          ),
      ],
      [
        "download",
        (t) =>
          settle(() =>
            downloadLoader({
              request: req("/compliance-monitoring/evidence/x", { cookie: a.cookie, tenantId: t }),
              params: { id: "x" },
              context: CTX,
            }),
          ),
      ],
      [
        "api",
        (t) =>
          settle(() =>
            apiLoader({
              request: req("/api/compliance/frameworks", { cookie: a.cookie, tenantId: t }),
              params: {},
              context: {},
            }),
          ),
      ],
    ];
    for (const [name, call] of calls) {
      expect((await call(b.tenantId)).status, `${name} with B's id`).toBe(403);
      expect((await call(randomUUID())).status, `${name} with an unknown id`).toBe(403);
      expect((await call(a.tenantId)).status, `${name} with A's own id`).not.toBe(403);
    }
    // B's state is untouched by A's attempts.
    const bView = await overview(b.cookie);
    expect(bView.body.adopted[0]).toMatchObject({ key: "hipaa-security", compliant: 0 });
  });
});

describe("API and /executive", () => {
  it("answers the spec's compliance shape, and /executive's complianceScore comes from it", async () => {
    const { cookie } = await business();
    const unauth = await settle(() =>
      apiLoader({ request: req("/api/compliance/frameworks"), params: {}, context: {} }),
    );
    expect(unauth.status).toBe(401);
    expect(
      (
        await (
          await settle(() => executiveLoader({ request: req("/executive", { cookie }), params: {}, context: {} }))
        ).json()
      ).executiveMetrics.complianceScore,
    ).toBeNull();
    await adoptHipaa(cookie);
    await settle(() =>
      requirementAction({
        request: post(reqPath, cookie, { intent: "status", status: "compliant" }),
        params: HIPAA_REQ,
        context: CTX,
      }),
    );
    const api = await (
      await settle(() => apiLoader({ request: req("/api/compliance/frameworks", { cookie }), params: {}, context: {} }))
    ).json();
    expect(api.frameworks).toHaveLength(1);
    expect(api.frameworks[0]).toMatchObject({ framework: "HIPAA Security Rule", score: 2 });
    expect(api.frameworks[0].controls).toHaveLength(63);
    expect(api.frameworks[0].controls.find((c: { id: string }) => c.id === "164.312(b)")).toEqual({
      id: "164.312(b)",
      name: "Audit controls",
      status: "compliant",
      evidence: expect.stringContaining("automatic: Audit trail"),
    });
    const exec = await (
      await settle(() => executiveLoader({ request: req("/executive", { cookie }), params: {}, context: {} }))
    ).json();
    expect(exec.executiveMetrics.complianceScore).toBe(2);
    expect(exec.compliance).toEqual([expect.objectContaining({ framework: "HIPAA Security Rule", score: 2 })]);
    expect(exec.compliance[0].controls.length).toBeLessThanOrEqual(5);
  });
});
