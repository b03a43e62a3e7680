// The role x action table (issue 10 §6) and the checks that ask it: members analyse and view; admins and owners
// change state and read the audit trail; viewers only view. Routes called directly against a real SQLite file.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits } from "./rate-limit.server";
import { ROLES } from "./permissions";
import { can, PERMISSION_MATRIX, type Permission } from "~/modules/permissions";
import { sqlite } from "./db.server";
import { req, jsonReq, settle, signedInUser } from "../../tests/unit/helpers";
import { raiseAlert, listAlerts } from "~/modules/alerts/alerts.server";
import { audit } from "~/modules/audit/audit.server";
import { acceptInvitation, createInvitation } from "~/modules/tenants/members.server";
import { setTenantPlan } from "~/modules/tenants/tenants.server";
import { action as alertsAction } from "~/routes/_app.alerts";
import { loader as securityLoader } from "~/routes/_app.security";
import { action as settingsAction } from "~/routes/_app.settings";
import { loader as membersLoader } from "~/routes/_app.settings.members";
import { action as quarantineApi } from "~/routes/api.phishing.items.$id.quarantine";
import { action as releaseApi } from "~/routes/api.phishing.items.$id.release";
import { action as analyzeApi } from "~/routes/api.phishing.analyze";
import { action as identitiesApi } from "~/routes/api.dark-web.identities";
import { loader as adminLoader } from "~/routes/_app.admin";

const CTX = { clientIp: "198.51.100.77" };
const MESSAGE =
  "From: Billing <billing@example.net>\r\nTo: you@example.com\r\nSubject: Invoice\r\n\r\nPlease see the invoice.";

beforeEach(() => resetRateLimits());

/** An owner's organization on `plan`, and a colleague who joined it with `role`. */
async function organizationWith(role: "admin" | "member" | "viewer", plan: "free" | "business" = "business") {
  const owner = await signedInUser();
  setTenantPlan(owner.tenantId, plan);
  const colleague = await signedInUser();
  setTenantPlan(colleague.tenantId, "pro"); // room for a second organization
  acceptInvitation(createInvitation(owner.tenantId, role, owner.user.id, "127.0.0.1").token, colleague.user.id);
  return { owner, colleague, tenantId: owner.tenantId };
}

function phishingItem(tenantId: string, status = "quarantined") {
  const id = randomUUID();
  sqlite()
    .prepare(
      "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, status, rationale, analysis, size_bytes, created_at) VALUES (?, ?, 'Invoice', 'x@example.net', 'high', 90, ?, '[]', '{}', 10, ?)",
    )
    .run(id, tenantId, status, Date.now());
  return id;
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

describe("the permission table", () => {
  it("members analyse and view; admins and owners change state and read the audit trail; viewers only view", () => {
    expect(ROLES).toEqual(["owner", "admin", "member", "viewer"]);
    const allowed = ([entity, action]: Permission) => ROLES.filter((r) => can(r, entity, action as never));
    expect(allowed(["organization", "view"])).toEqual(["owner", "admin", "member", "viewer"]);
    expect(allowed(["email", "analyze"])).toEqual(["owner", "admin", "member"]);
    expect(allowed(["email", "triage"])).toEqual(["owner", "admin"]);
    expect(allowed(["auditTrail", "read"])).toEqual(["owner", "admin"]);
    expect(allowed(["member", "manage"])).toEqual(["owner"]);
    // Viewers only view: every action they may do is a "view".
    for (const [entity, e] of Object.entries(PERMISSION_MATRIX))
      for (const action of Object.keys(e.actions))
        expect(allowed([entity, action] as unknown as Permission).includes("viewer"), `${entity}.${action}`).toBe(
          action === "view",
        );
    expect(can(null, "organization", "view")).toBe(false);
  });
});

describe("route handlers ask it", () => {
  it("a member cannot release or quarantine mail (API), but an admin can", async () => {
    const { colleague: member, tenantId } = await organizationWith("member");
    const id = phishingItem(tenantId);
    const asMember = { cookie: member.cookie, tenantId, method: "POST" };
    const release = await settle(() =>
      releaseApi({ request: req(`/api/phishing/items/${id}/release`, asMember), params: { id }, context: CTX }),
    );
    expect(release.status).toBe(403);
    expect(await release.json()).toEqual({ message: "Access forbidden", code: "FORBIDDEN" });
    const quarantine = await settle(() =>
      quarantineApi({ request: req(`/api/phishing/items/${id}/quarantine`, asMember), params: { id }, context: CTX }),
    );
    expect(quarantine.status).toBe(403);
    const status = sqlite().prepare("SELECT status FROM phishing_items WHERE id = ?").get(id) as { status: string };
    expect(status.status).toBe("quarantined");

    const { colleague: admin, tenantId: t2 } = await organizationWith("admin");
    const id2 = phishingItem(t2);
    const ok = await settle(() =>
      releaseApi({
        request: req(`/api/phishing/items/${id2}/release`, { cookie: admin.cookie, tenantId: t2, method: "POST" }),
        params: { id: id2 },
        context: CTX,
      }),
    );
    expect(ok.status).toBe(200);
  });

  it("a member still analyses; a viewer cannot", async () => {
    const { colleague: member, tenantId } = await organizationWith("member");
    const analysed = await settle(() =>
      analyzeApi({
        request: jsonReq("/api/phishing/analyze", { raw: MESSAGE }, { cookie: member.cookie, tenantId }),
        params: {},
        context: CTX,
      }),
    );
    expect(analysed.status).toBeLessThan(300);
    const { colleague: viewer, tenantId: t2 } = await organizationWith("viewer");
    const refused = await settle(() =>
      analyzeApi({
        request: jsonReq("/api/phishing/analyze", { raw: MESSAGE }, { cookie: viewer.cookie, tenantId: t2 }),
        params: {},
        context: CTX,
      }),
    );
    expect(refused.status).toBe(403);
  });

  it("a member cannot resolve alerts nor add to the watchlist", async () => {
    const { colleague: member, tenantId } = await organizationWith("member");
    const alertId = raiseAlert({ tenantId, source: "test", severity: "high", title: "Something happened" })!;
    const resolved = await settle(() =>
      alertsAction({
        request: req("/alerts", { cookie: member.cookie, tenantId, ...form({ alertId, status: "resolved" }) }),
        params: {},
        context: CTX,
      }),
    );
    expect(resolved.status).toBe(403);
    expect(listAlerts(tenantId).find((a) => a.id === alertId)?.status).toBe("active");
    const watched = await settle(() =>
      identitiesApi({
        request: jsonReq(
          "/api/dark-web/identities",
          { value: "someone@example.org" },
          { cookie: member.cookie, tenantId },
        ),
        params: {},
        context: CTX,
      }),
    );
    expect(watched.status).toBe(403);
  });

  it("the audit trail (colleagues' e-mail and IP addresses) is hidden from members, shown to admins", async () => {
    const { owner, colleague: member, tenantId } = await organizationWith("member");
    audit({ action: "auth.login", userId: owner.user.id, tenantId, ip: "203.0.113.50" });
    const asMember = await settle(() =>
      securityLoader({ request: req("/security", { cookie: member.cookie, tenantId }), params: {}, context: CTX }),
    );
    const body = await asMember.json();
    expect(body.auditHidden).toBe(true);
    expect(JSON.stringify(body)).not.toContain("203.0.113.50");
    expect(JSON.stringify(body)).not.toContain(owner.user.email);
    const asOwner = await settle(() =>
      securityLoader({ request: req("/security", { cookie: owner.cookie, tenantId }), params: {}, context: CTX }),
    );
    expect(JSON.stringify(await asOwner.json())).toContain("203.0.113.50");
  });

  it("the admin area: admins and owners, not members or viewers", async () => {
    for (const [role, status] of [
      ["member", 403],
      ["viewer", 403],
      ["admin", 200],
    ] as const) {
      const { colleague, tenantId } = await organizationWith(role);
      const res = await settle(() =>
        adminLoader({ request: req("/admin", { cookie: colleague.cookie, tenantId }), params: {}, context: CTX }),
      );
      expect(res.status, role).toBe(status);
    }
  });
});

describe("viewers and the settings page", () => {
  it("an admin invites a viewer; the viewer joins read-only; /settings shows the role table", async () => {
    const { owner, colleague: admin, tenantId } = await organizationWith("admin");
    const created = await settle(() =>
      settingsAction({
        request: req("/settings", {
          cookie: admin.cookie,
          tenantId,
          ...form({ intent: "create-invite", role: "viewer" }),
        }),
        params: {},
        context: CTX,
      }),
    );
    expect(created.status).toBe(200);
    const token = new URL((await created.json()).inviteUrl).pathname.split("/").pop()!;
    const viewer = await signedInUser();
    setTenantPlan(viewer.tenantId, "pro");
    acceptInvitation(token, viewer.user.id);
    const page = await (
      await settle(() =>
        membersLoader({
          request: req("/settings/members", { cookie: viewer.cookie, tenantId }),
          params: {},
          context: CTX,
        }),
      )
    ).json();
    expect(page.tenant.role).toBe("viewer");
    expect(page.canManage).toBe(false);
    expect(page.members.find((m: { userId: string }) => m.userId === viewer.user.id).role).toBe("viewer");
    // The owner can turn the viewer into a member and back.
    const changed = await settle(() =>
      settingsAction({
        request: req("/settings", {
          cookie: owner.cookie,
          tenantId,
          ...form({ intent: "change-role", userId: viewer.user.id, role: "member" }),
        }),
        params: {},
        context: CTX,
      }),
    );
    expect(changed.status).toBe(200);
    const back = await settle(() =>
      settingsAction({
        request: req("/settings", {
          cookie: owner.cookie,
          tenantId,
          ...form({ intent: "change-role", userId: viewer.user.id, role: "viewer" }),
        }),
        params: {},
        context: CTX,
      }),
    );
    expect(back.status).toBe(200);
  });

  it("module commands ask the table too: a member's createInvitation or changeRole is refused", async () => {
    const { owner, colleague: member, tenantId } = await organizationWith("member");
    expect(() => createInvitation(tenantId, "member", member.user.id)).toThrow(/role/);
    const { changeRole } = await import("~/modules/tenants/members.server");
    expect(() => changeRole(tenantId, member.user.id, owner.user.id, "viewer")).toThrow(/role/);
  });
});
