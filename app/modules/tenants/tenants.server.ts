/**
 * Tenants (organizations) and memberships. A user's tenant list is ordered by
 * membership age, so "the first tenant" is the user's oldest membership.
 * Organization limits: the best *paid* plan among the organizations the user
 * owns sets the limit (a trial never raises it: trials.server.ts, the trial
 * rule); the count is the user's tenant list.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { memberships, tenants } from "./schema";
import type { Role } from "~/lib/permissions";
import { db, preparedQuery } from "~/lib/db.server";
import {
  effectivePlan,
  isPlan,
  organizationAllowance,
  planRank,
  type OrganizationAllowance,
  type Plan,
} from "~/lib/plans";
import { audit } from "~/modules/audit";
import { getTrial, type TrialInfo } from "./trials.server";

export type TenantListItem = { tenantId: string; tenant: { name: string; plan: Plan }; role: Role };

// Every signed-in request lists the user's tenants: prepared once (db.server.ts preparedQuery).
const tenantsOfUser = preparedQuery((d) =>
  d
    .select({ tenantId: tenants.id, name: tenants.name, plan: tenants.plan, role: memberships.role })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, sql.placeholder("userId")))
    .orderBy(asc(memberships.createdAt), asc(sql`${memberships}.rowid`))
    .prepare(),
);

export function listTenantsForUser(userId: string): TenantListItem[] {
  return tenantsOfUser()
    .all({ userId })
    .map((r) => ({ tenantId: r.tenantId, tenant: { name: r.name, plan: r.plan }, role: r.role }));
}

export function getMembership(userId: string, tenantId: string) {
  return (
    db
      .select({ tenantId: tenants.id, name: tenants.name, plan: tenants.plan, role: memberships.role })
      .from(memberships)
      .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
      .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)))
      .get() ?? null
  );
}

export function tenantEffectivePlan(
  tenantId: string,
  plan: Plan,
  now = Date.now(),
  trial: Pick<TrialInfo, "status"> = getTrial(tenantId, now),
): Plan {
  return effectivePlan(plan, trial.status);
}

/**
 * The user's organization allowance: one function for the API, the sidebar and
 * the upgrade message. The tenant context passes the list and trials it has
 * already read for the same request, so a page does not read them twice.
 */
export function organizationAllowanceForUser(
  userId: string,
  _now = Date.now(),
  known: { list?: TenantListItem[]; trialOf?: (tenantId: string) => TrialInfo } = {},
): OrganizationAllowance {
  const list = known.list ?? listTenantsForUser(userId);
  // Paid plans only: a trial unlocks features for its organization, never more organizations
  // (otherwise each organization made under a trial starts its own trial, and so on).
  let best: Plan = "free";
  for (const item of list) {
    if (item.role !== "owner") continue;
    const p = isPlan(item.tenant.plan) ? item.tenant.plan : "free";
    if (planRank(p) > planRank(best)) best = p;
  }
  // Only organizations the person owns count (issue 32): membership of organizations others own is joining, not
  // creating, so it never uses up the person's own allowance.
  return organizationAllowance(best, list.filter((item) => item.role === "owner").length);
}

export class OrganizationLimitError extends Error {}

/**
 * Creates an organization on the free plan with the user as owner. Checks the
 * limit inside the write transaction so two concurrent requests cannot both
 * slip under it.
 */
export function createTenant(userId: string, name: string, opts: { ip?: string; enforceLimit?: boolean } = {}) {
  return db.transaction(
    () => {
      if (opts.enforceLimit !== false) {
        const allowance = organizationAllowanceForUser(userId);
        if (allowance.reached)
          throw new OrganizationLimitError(allowance.upgradeMessage ?? "Organization limit reached");
      }
      const id = randomUUID();
      db.insert(tenants).values({ id, name, plan: "free" }).run();
      db.insert(memberships).values({ id: randomUUID(), userId, tenantId: id, role: "owner" }).run();
      audit({ action: "tenant.created", tenantId: id, userId, ip: opts.ip, detail: { name } });
      return { id, name };
    },
    { behavior: "immediate" },
  );
}

export function setTenantPlan(tenantId: string, plan: Plan) {
  const row = db.select().from(tenants).where(eq(tenants.id, tenantId)).get();
  if (!row) return null;
  db.update(tenants).set({ plan }).where(eq(tenants.id, tenantId)).run();
  audit({ action: "tenant.plan_changed", tenantId, detail: { from: row.plan, to: plan, by: "operator" } });
  return { ...row, plan };
}

export function getTenant(tenantId: string) {
  return db.select().from(tenants).where(eq(tenants.id, tenantId)).get() ?? null;
}

export function listAllTenants() {
  return db.select().from(tenants).orderBy(asc(tenants.createdAt)).all();
}
