/**
 * Organizations and memberships as other modules need them (they keep only tenant and user ids: the tenants module
 * owns these tables). Each function takes the tenant id; none writes except insertOwnedTenant, which sign-up calls
 * inside its own transaction.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { invitations, memberships, tenants } from "./schema";
import type { Role } from "~/lib/permissions";
import { db } from "~/lib/db.server";

/** Every member's user id and role, oldest membership first. */
export function memberRoles(tenantId: string): { userId: string; role: Role }[] {
  return db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(asc(memberships.createdAt))
    .all();
}

/** The members' user ids, only those of `role` when given. */
export function memberUserIds(tenantId: string, role?: Role): string[] {
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), role ? eq(memberships.role, role) : undefined))
    .all()
    .map((m) => m.userId);
}

/** The user's role in the organization, or null when not a member. */
export function memberRole(tenantId: string, userId: string): Role | null {
  return (
    db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
      .get()?.role ?? null
  );
}

export function memberCount(tenantId: string): number {
  return db.select({ n: count() }).from(memberships).where(eq(memberships.tenantId, tenantId)).get()?.n ?? 0;
}

export function invitationCount(tenantId: string): number {
  return db.select({ n: count() }).from(invitations).where(eq(invitations.tenantId, tenantId)).get()?.n ?? 0;
}

/** Every organization's id (periodic jobs that visit each tenant). */
export function allTenantIds(): string[] {
  return db
    .select({ id: tenants.id })
    .from(tenants)
    .all()
    .map((t) => t.id);
}

/** The user's memberships with the organization's stored name, for the account's data export. */
export function membershipsOfUser(userId: string) {
  return db
    .select({
      tenantId: memberships.tenantId,
      organization: tenants.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .all();
}

/**
 * A new organization on the free plan with the user as its owner, without the organization limit or an audit entry:
 * sign-up's personal organization, written inside sign-up's transaction with the user row.
 */
export function insertOwnedTenant(userId: string, tenantId: string, name: string) {
  db.insert(tenants).values({ id: tenantId, name, plan: "free" }).run();
  db.insert(memberships).values({ id: randomUUID(), userId, tenantId, role: "owner" }).run();
}

/** Members per organization, for the operator console's list of every organization. */
export function memberCountsByTenant(): Map<string, number> {
  return new Map(
    db
      .select({ tenantId: memberships.tenantId, n: count() })
      .from(memberships)
      .groupBy(memberships.tenantId)
      .all()
      .map((r) => [r.tenantId, r.n]),
  );
}

/** Organizations per account, for the operator console's list of every account. */
export function membershipCountsByUser(): Map<string, number> {
  return new Map(
    db
      .select({ userId: memberships.userId, n: count() })
      .from(memberships)
      .groupBy(memberships.userId)
      .all()
      .map((r) => [r.userId, r.n]),
  );
}

/**
 * Adds a person to an organization with a role, unless they are a member already (single sign-on's just-in-time
 * membership, issue 33): answers the role they hold afterwards.
 */
export function ensureMember(tenantId: string, userId: string, role: Role): Role {
  const existing = memberRole(tenantId, userId);
  if (existing) return existing;
  db.insert(memberships).values({ id: randomUUID(), userId, tenantId, role }).run();
  return role;
}
