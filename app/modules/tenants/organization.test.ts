import { beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { accountNotices, auditLog } from "@db/schema";
import { tenants } from "./schema";
import { db, sqlite } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { addWatchedEmail } from "~/modules/breach/watchlist.server";
import { raiseAlert } from "~/modules/alerts";
import { createCase } from "~/modules/incidents/cases.server";
import { createRequest } from "~/modules/privacy/requests.server";
import { createApiToken } from "~/modules/api-tokens/tokens.server";
import { audit } from "~/modules/audit";
import * as settings from "~/routes/_app.settings";
import * as layout from "~/routes/_app";
import { BASE, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { memberships } from "./schema";
import { createInvitation } from "./members.server";
import { createTenant, listTenantsForUser } from "./tenants.server";
import { tenantTables } from "@db/tenant-data";
import { deleteOrganization, OrganizationError, renameOrganization } from "./organization.server";

type Fn = (args: unknown) => unknown;

/** Joins a second person as admin (straight in: the free plan's one-organization limit is not under test here). */
function addMember(tenantId: string, userId: string) {
  db.insert(memberships).values({ id: randomUUID(), tenantId, userId, role: "admin" }).run();
}
beforeEach(() => resetRateLimits());

function formPost(path: string, fields: Record<string, string>, cookie: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Every table in the migrated database with a tenant_id column (hand-written SQL included). */
function databaseTenantTables(): string[] {
  const tables = sqlite()
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
    )
    .all() as { name: string }[];
  return tables
    .filter((t) =>
      (sqlite().prepare(`PRAGMA table_info("${t.name}")`).all() as { name: string }[]).some(
        (c) => c.name === "tenant_id",
      ),
    )
    .map((t) => t.name)
    .sort();
}

function rowsOf(tenantId: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of databaseTenantTables()) {
    const n = (
      sqlite().prepare(`SELECT count(*) AS n FROM "${name}" WHERE tenant_id = ?`).get(tenantId) as { n: number }
    ).n;
    if (n) out[name] = n;
  }
  return out;
}

/** Fills an organization through the modules' own functions: alerts, cases, privacy, watchlist, tokens, invitations. */
function fill(tenantId: string, userId: string) {
  addWatchedEmail(tenantId, `someone-${randomUUID().slice(0, 6)}@example.com`);
  raiseAlert({ tenantId, source: "test", severity: "high", title: "Something happened" });
  createCase(tenantId, { title: "A case", severity: "medium", template: null }, { userId });
  createRequest(
    tenantId,
    {
      type: "access",
      jurisdiction: "gdpr",
      subjectName: "Data Subject",
      subjectEmail: "subject@example.com",
      channel: "email",
    },
    { userId, label: "owner" },
  );
  createApiToken({ tenantId, userId, name: "ci", scopes: ["read"] });
  createInvitation(tenantId, "member", userId);
  audit({ action: "test.event", tenantId, userId });
}

describe("organization deletion", () => {
  it("the tables it deletes are every table of the database with a tenant_id, children before parents", () => {
    const derived = tenantTables().map((t) => t.name);
    // Fails when a tenant table is added that the schema-derived list would miss.
    expect([...derived].sort()).toEqual(databaseTenantTables());
    expect(derived.length).toBeGreaterThan(40);
    expect(derived.at(-1)).toBe("tenant_data_versions");
    const position = new Map(derived.map((n, i) => [n, i]));
    for (const t of tenantTables())
      for (const parent of t.references)
        if (position.has(parent)) expect(position.get(t.name)!).toBeLessThan(position.get(parent)!);
  });

  it("removes every row of the organization in one transaction, leaves the others, tells the other members", async () => {
    const owner = await signedInUser();
    const member = await signedInUser();
    const other = createTenant(owner.user.id, "Keep me", { enforceLimit: false });
    const doomed = createTenant(owner.user.id, "Acme Security", { enforceLimit: false });
    addMember(doomed.id, member.user.id);
    fill(doomed.id, owner.user.id);
    fill(other.id, owner.user.id);
    const keep = rowsOf(other.id);
    const before = rowsOf(doomed.id);
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(10);

    // A member who is not an owner cannot; a wrong name changes nothing.
    expect(() => deleteOrganization(doomed.id, member.user.id, "Acme Security")).toThrow(OrganizationError);
    expect(() => deleteOrganization(doomed.id, owner.user.id, "Acme")).toThrow(/Type the organization's name/);
    expect(rowsOf(doomed.id)).toEqual(before);

    const result = deleteOrganization(doomed.id, owner.user.id, "  Acme Security ");
    expect(result.name).toBe("Acme Security");
    expect(rowsOf(doomed.id)).toEqual({});
    expect(db.select().from(tenants).where(eq(tenants.id, doomed.id)).get()).toBeUndefined();
    expect(rowsOf(other.id)).toEqual(keep);
    expect(listTenantsForUser(member.user.id).map((t) => t.tenantId)).not.toContain(doomed.id);

    const notices = db.select().from(accountNotices).where(eq(accountNotices.userId, member.user.id)).all();
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain(`${owner.user.email} deleted the organization “Acme Security”`);
    const shell = await (
      await settle(() => (layout.loader as Fn)({ request: req("/dashboard", { cookie: member.cookie }), params: {} }))
    ).json();
    expect(shell.account.notices[0].message).toContain("Acme Security");

    const trail = db.select().from(auditLog).where(eq(auditLog.action, "tenant.deleted")).all();
    expect(trail.at(-1)).toMatchObject({ userId: owner.user.id, tenantId: null });
    expect(trail.at(-1)!.detail).toMatchObject({ tenantId: doomed.id, name: "Acme Security", members: 2 });
  });

  it("a failure part-way deletes nothing", async () => {
    const owner = await signedInUser();
    const t = createTenant(owner.user.id, "Half", { enforceLimit: false });
    fill(t.id, owner.user.id);
    const before = rowsOf(t.id);
    sqlite().exec(
      "CREATE TEMP TRIGGER refuse_tenant_delete BEFORE DELETE ON tenants BEGIN SELECT RAISE(ABORT, 'refused'); END;",
    );
    try {
      expect(() => deleteOrganization(t.id, owner.user.id, "Half")).toThrow(/refused/);
    } finally {
      sqlite().exec("DROP TRIGGER refuse_tenant_delete");
    }
    expect(rowsOf(t.id)).toEqual(before);
  });

  it("only owners rename; the name is validated", async () => {
    const owner = await signedInUser();
    const member = await signedInUser();
    addMember(owner.tenantId, member.user.id);
    expect(() => renameOrganization(owner.tenantId, member.user.id, "Mine now")).toThrow(/Only an owner/);
    renameOrganization(owner.tenantId, owner.user.id, "Renamed Ltd");
    expect(db.select().from(tenants).where(eq(tenants.id, owner.tenantId)).get()!.name).toBe("Renamed Ltd");
  });
});

describe("/settings organization forms (no JavaScript)", () => {
  it("renames with a field error for an empty name, and refuses a non-owner with 403", async () => {
    const owner = await signedInUser();
    const call = (fields: Record<string, string>, cookie = owner.cookie) =>
      settle(() =>
        (settings.action as Fn)({ request: formPost("/settings", fields, cookie), params: {}, context: {} }),
      );
    const empty = await call({ intent: "rename-organization", name: "  " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors.orgName).toBe("Organization name is required");
    const ok = await call({ intent: "rename-organization", name: "Blue Team" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).ok).toBe("Organization renamed to “Blue Team”.");

    const member = await signedInUser();
    addMember(owner.tenantId, member.user.id);
    const memberCookie = member.cookie;
    // The member selects the owner's organization.
    const forbidden = await settle(() =>
      (settings.action as Fn)({
        request: new Request(`${BASE}/settings`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Cookie: memberCookie,
            "X-Tenant-Id": owner.tenantId,
          },
          body: new URLSearchParams({ intent: "delete-organization", confirmName: "Blue Team" }).toString(),
        }),
        params: {},
        context: {},
      }),
    );
    expect(forbidden.status).toBe(403);
    expect(db.select().from(tenants).where(eq(tenants.id, owner.tenantId)).get()).toBeDefined();
  });

  it("deleting the selected organization switches to another one, or to creating one when none is left", async () => {
    const owner = await signedInUser();
    const second = createTenant(owner.user.id, "Second", { enforceLimit: false });
    const call = (fields: Record<string, string>) =>
      settle(() =>
        (settings.action as Fn)({ request: formPost("/settings", fields, owner.cookie), params: {}, context: {} }),
      );
    const wrong = await call({ intent: "delete-organization", confirmName: "personal" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors.confirmName).toMatch(/Type the organization's name exactly/);

    const first = await call({ intent: "delete-organization", confirmName: "Personal" });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/dashboard");
    const page = await (
      await settle(() => (settings.loader as Fn)({ request: req("/settings", { cookie: owner.cookie }), params: {} }))
    ).json();
    expect(page.tenant.name).toBe("Second");

    const last = await call({ intent: "delete-organization", confirmName: "Second" });
    expect(last.headers.get("Location")).toBe("/organizations/new");
    expect(listTenantsForUser(owner.user.id)).toEqual([]);
    expect(db.select().from(tenants).where(eq(tenants.id, second.id)).get()).toBeUndefined();
  });
});
