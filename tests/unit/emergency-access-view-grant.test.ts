/**
 * A `view` emergency access grant is read-only on the server (issue 34): the contact reaches the organization as
 * a viewer through the permission table, every write they try answers 403 and leaves the organization's rows as
 * they were, and reads work. Once the grant ends, even reads answer 403 (checked on every request).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { setClockForTests } from "~/lib/clock.server";
import * as runner from "~/lib/jobs.server";
import { createSession } from "~/modules/accounts/session.server";
import { setTenantPlan } from "~/modules/tenants";
import {
  acceptNomination,
  DAY_MS,
  nameContact,
  registerEmergencyAccessJobs,
  requestAccess,
} from "~/modules/emergency-access";
import * as incidentsApi from "~/routes/api.incidents";
import * as identitiesApi from "~/routes/api.dark-web.identities";
import * as tokensApi from "~/routes/api.tokens";
import * as membersPage from "~/routes/_app.settings.members";
import * as organizationPage from "~/routes/_app.settings.organization";
import * as emergencyPage from "~/routes/_app.emergency-access";
import { BASE, jsonReq, req, settle, signedInUser } from "./helpers";

let t = Date.UTC(2026, 10, 27, 9, 0);
const CTX = { clientIp: "198.51.100.34" };

/** Every row of the organization (tables with a tenant_id), sessions and the audit of refusals aside. */
function snapshot(tenantId: string): string {
  const db = sqlite();
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[];
    if (columns.some((c) => c.name === "tenant_id"))
      out[name] = db.prepare(`SELECT * FROM "${name}" WHERE tenant_id = ? ORDER BY rowid`).all(tenantId);
  }
  out.tenant = db.prepare("SELECT * FROM tenants WHERE id = ?").get(tenantId);
  return JSON.stringify(out);
}

let tenantId: string;
let cookie: string;

beforeAll(async () => {
  setClockForTests(() => t);
  registerEmergencyAccessJobs(runner);
  const owner = await signedInUser();
  tenantId = owner.tenantId;
  setTenantPlan(tenantId, "enterprise");
  const contact = await signedInUser();
  const { id } = nameContact(tenantId, owner.user.id, {
    email: contact.user.email,
    level: "view",
    waitDays: 1,
    grantDays: 7,
  });
  acceptNomination(contact.user.id, id);
  requestAccess(contact.user.id, id);
  t += DAY_MS;
  await runner.runDueJobs(100);
  // The contact's session has the organization selected (the switcher lists it while the grant lasts).
  cookie = (await createSession(new Request(BASE), contact.user.id, { selectedTenantId: tenantId })).split(";")[0]!;
});

const form = (path: string, fields: Record<string, string>) =>
  req(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("a view grant", () => {
  it("reads the organization", async () => {
    const res = await settle(() =>
      incidentsApi.loader({ request: req("/api/incidents", { cookie, tenantId }), params: {}, context: CTX }),
    );
    expect(res.status).toBe(200);
  });

  const writes: [
    string,
    () => Request,
    (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown,
  ][] = [
    [
      "POST /api/incidents",
      () => jsonReq("/api/incidents", { title: "Case", severity: "high" }, { cookie, tenantId }),
      incidentsApi.action as never,
    ],
    [
      "POST /api/dark-web/identities",
      () => jsonReq("/api/dark-web/identities", { email: "watch@example.org" }, { cookie, tenantId }),
      identitiesApi.action as never,
    ],
    [
      "POST /api/tokens",
      () => jsonReq("/api/tokens", { name: "t", scopes: ["read"] }, { cookie, tenantId }),
      tokensApi.action as never,
    ],
    [
      "invite a member",
      () => form("/settings/members", { intent: "create-invite", role: "admin" }),
      membersPage.action as never,
    ],
    [
      "rename the organization",
      () => form("/settings/organization", { intent: "rename-organization", name: "Mine now" }),
      organizationPage.action as never,
    ],
    [
      "name a trusted contact",
      () =>
        form("/emergency-access", {
          intent: "add",
          email: "x@example.org",
          level: "takeover",
          waitDays: "1",
          grantDays: "7",
        }),
      emergencyPage.action as never,
    ],
  ];
  for (const [label, request, action] of writes)
    it(`cannot write: ${label} → 403, rows unchanged`, async () => {
      const before = snapshot(tenantId);
      const res = await settle(() => action({ request: request(), params: {}, context: CTX }));
      expect(res.status).toBe(403);
      expect(snapshot(tenantId)).toBe(before);
    });

  it("reads nothing once the grant has ended", async () => {
    t += 7 * DAY_MS;
    const res = await settle(() =>
      incidentsApi.loader({ request: req("/api/incidents", { cookie, tenantId }), params: {}, context: CTX }),
    );
    expect(res.status).toBe(403);
    void randomUUID;
  });
});
