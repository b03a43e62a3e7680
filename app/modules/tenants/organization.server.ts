/**
 * An organization's own life (issue 20): owners rename it and delete it.
 *
 * Deleting removes every row the organization owns in ONE transaction. The
 * tables are not listed by hand: every table in db/schema.ts with a
 * `tenant_id` column is a tenant table (the schema's own convention), so a
 * table added later is deleted too (organization.test.ts fails if a table in
 * the database has a tenant_id the schema list misses). Rows go children
 * first, in the order of the schema's foreign keys, so no ON DELETE action has
 * to rewrite a row that is about to go (append-only tables refuse UPDATE);
 * the page cache's counter row goes last, after the triggers that bump it.
 * The other members are told by an account notice (the bell's notifications
 * belong to the organization and go with it), and the deletion is audited
 * without a tenant id (the organization's own trail goes with it). Its files on disk
 * (app/lib/tenant-files.server.ts) are removed once the transaction has committed.
 */
import { and, eq, is, ne, sql } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
// Deleting an organization removes its rows from every module's tables, found from the schema (tenantTables):
// the one reach into other modules' tables, and it only deletes a tenant that is going.
// eslint-disable-next-line no-restricted-imports
import * as schema from "@db/schema";
import { memberships, tenants } from "./schema";
import { db } from "~/lib/db.server";
import { removeTenantFiles } from "~/lib/tenant-files.server";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { audit } from "~/modules/audit";
import { addAccountNotice, userEmail } from "~/modules/accounts";
import { revokeTokensBeyondRole } from "~/modules/api-tokens";
import { displayTenantName } from "~/lib/plans";

export class OrganizationError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 = 400,
  ) {
    super(message);
  }
}

export const DELETE_CONFIRM_MISMATCH = "Type the organization's name exactly as shown to confirm.";
export const ONLY_OWNERS_MANAGE_ORGANIZATION = "Only an owner of the organization can rename or delete it.";

/** The role check for renaming and deleting, in one place (the vocabulary's organization × manage). */
export function canManageOrganization(role: Role | null | undefined): boolean {
  return can(role, "organization", "manage");
}

function roleOf(tenantId: string, userId: string): Role | null {
  return (
    db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
      .get()?.role ?? null
  );
}

type TenantTable = { name: string; table: SQLiteTable; references: string[] };

let cached: TenantTable[] | null = null;

/**
 * Every tenant table of the schema, children before parents (a table comes
 * after every table whose foreign keys point at it). `tenants` itself is not
 * in the list; `tenant_data_versions` (no foreign key) is last.
 */
export function tenantTables(): TenantTable[] {
  if (cached) return cached;
  const all: TenantTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    if (!config.columns.some((c) => c.name === "tenant_id")) continue;
    const references = config.foreignKeys
      .map((fk) => getTableConfig(fk.reference().foreignTable).name)
      .filter((n) => n !== config.name);
    all.push({ name: config.name, table: value, references });
  }
  const ordered: TenantTable[] = [];
  const placed = new Set<string>();
  // A table may go once nothing still to delete references it.
  while (ordered.length < all.length) {
    const next = all.filter(
      (t) =>
        !placed.has(t.name) &&
        all.every((other) => placed.has(other.name) || other.name === t.name || !other.references.includes(t.name)),
    );
    if (!next.length) throw new Error("tenant tables reference each other in a cycle");
    // The page-cache counter goes last: deleting any other table bumps it.
    const batch = next.some((t) => t.name !== "tenant_data_versions")
      ? next.filter((t) => t.name !== "tenant_data_versions")
      : next;
    for (const t of batch) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  cached = ordered;
  return ordered;
}

export function renameOrganization(tenantId: string, actorId: string, name: string, ip?: string) {
  db.transaction(
    () => {
      if (!canManageOrganization(roleOf(tenantId, actorId)))
        throw new OrganizationError(ONLY_OWNERS_MANAGE_ORGANIZATION, 403);
      const row = db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).get();
      if (!row) throw new OrganizationError("Resource not found", 404);
      db.update(tenants).set({ name }).where(eq(tenants.id, tenantId)).run();
      audit({ action: "tenant.renamed", tenantId, userId: actorId, ip, detail: { from: row.name, to: name } });
    },
    { behavior: "immediate" },
  );
}

/**
 * Deletes the organization and everything it owns, after the owner typed its
 * name (compared as shown, trimmed). Answers what was removed per table.
 */
export function deleteOrganization(
  tenantId: string,
  actorId: string,
  confirmName: string,
  opts: { ip?: string; reason?: "owner" | "account-deleted" } = {},
): { name: string; removed: Record<string, number> } {
  const gone = db.transaction(
    () => {
      if (!canManageOrganization(roleOf(tenantId, actorId)))
        throw new OrganizationError(ONLY_OWNERS_MANAGE_ORGANIZATION, 403);
      const row = db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).get();
      if (!row) throw new OrganizationError("Resource not found", 404);
      const shown = displayTenantName(row.name);
      const typed = confirmName.trim();
      if (typed !== row.name.trim() && typed !== shown) throw new OrganizationError(DELETE_CONFIRM_MISMATCH);
      const actorEmail = userEmail(actorId);
      const others = db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), ne(memberships.userId, actorId)))
        .all();
      const removed = purgeTenant(tenantId);
      for (const o of others)
        addAccountNotice(
          o.userId,
          `${actorEmail ?? "An owner"} deleted the organization “${shown}”, and all its data with it. You are no longer a member.`,
        );
      audit({
        action: "tenant.deleted",
        userId: actorId,
        ip: opts.ip,
        detail: { tenantId, name: row.name, members: others.length + 1, reason: opts.reason ?? "owner" },
      });
      return { name: row.name, removed };
    },
    { behavior: "immediate" },
  );
  // Committed: its files on disk go too (issue 26).
  removeTenantFiles(tenantId);
  return gone;
}

/** Every row of the tenant, children first, then the tenant itself. Call inside a transaction. */
export function purgeTenant(tenantId: string): Record<string, number> {
  const removed: Record<string, number> = {};
  for (const t of tenantTables()) {
    const n = db.run(sql`DELETE FROM ${t.table} WHERE tenant_id = ${tenantId}`).changes;
    if (n) removed[t.name] = n;
  }
  db.delete(tenants).where(eq(tenants.id, tenantId)).run();
  // Triggers on the deletes above (and on the tenant's own row) may have bumped the counter again.
  db.run(sql`DELETE FROM tenant_data_versions WHERE tenant_id = ${tenantId}`);
  return removed;
}

/**
 * The tenants' side of deleting an account (passed to accounts' deleteAccount,
 * run inside its transaction): refuses while the person is the only owner of
 * an organization with other members, else removes the organizations the
 * person is the only member of. Other memberships go with the user row.
 */
export function releaseOrganizationsForAccountDeletion(userId: string): {
  blocked: string[];
  removed: string[];
  afterCommit?: () => void;
} {
  const mine = db
    .select({ tenantId: memberships.tenantId, role: memberships.role, name: tenants.name })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .all();
  const blocked: string[] = [];
  const alone: { tenantId: string; name: string }[] = [];
  for (const m of mine) {
    const members = db
      .select({ role: memberships.role })
      .from(memberships)
      .where(eq(memberships.tenantId, m.tenantId))
      .all();
    if (members.length === 1) alone.push(m);
    else if (m.role === "owner" && members.filter((x) => x.role === "owner").length === 1)
      blocked.push(displayTenantName(m.name));
  }
  if (blocked.length) return { blocked, removed: [] };
  // The organizations they stay in lose the membership with the user row: their API tokens there stop (issue 26).
  for (const m of mine)
    if (!alone.includes(m))
      revokeTokensBeyondRole({ tenantId: m.tenantId, creatorId: userId, role: null, reason: "account-deleted" });
  for (const t of alone) {
    purgeTenant(t.tenantId);
    audit({
      action: "tenant.deleted",
      userId,
      detail: { tenantId: t.tenantId, name: t.name, members: 1, reason: "account-deleted" },
    });
  }
  return {
    blocked: [],
    removed: alone.map((t) => t.name),
    // Their files on disk, once the account's deletion has committed.
    afterCommit: () => alone.forEach((t) => removeTenantFiles(t.tenantId)),
  };
}
