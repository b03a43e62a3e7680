/**
 * An organization's own life (issue 20): owners rename it and delete it.
 *
 * Deleting removes every row the organization owns in ONE transaction. The rows
 * of the modules' tables are deleted by the database layer (db/tenant-data.ts,
 * which derives the tenant tables from the modules' schemas), so this module
 * writes no other module's table; the page cache's counter row goes last,
 * after the triggers that bump it.
 * The other members are told by an account notice (the bell's notifications
 * belong to the organization and go with it), and the deletion is audited
 * without a tenant id (the organization's own trail goes with it). Its files on disk
 * (app/lib/tenant-files.server.ts) are removed once the transaction has committed.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { deleteTenantRows } from "@db/tenant-data";
import { memberships, tenants } from "./schema";
import { db } from "~/lib/db.server";
import { removeTenantFiles } from "~/lib/tenant-files.server";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { audit } from "~/modules/audit";
import { addAccountNotice, userEmail } from "~/modules/accounts";
import { revokeTokensBeyondRole } from "~/modules/api-tokens";
import { displayTenantName } from "~/lib/plans";
import { DomainError } from "~/lib/errors";

export class OrganizationError extends DomainError {
  constructor(message: string, status: 400 | 403 | 404 = 400) {
    super(message, { status });
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
  const removed = deleteTenantRows(db, tenantId);
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
