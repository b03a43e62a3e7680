/**
 * Tenants (organizations) and memberships. A user's tenant list is ordered by
 * membership age, so "the first tenant" is the user's oldest membership.
 * Organization limits: the best *paid* plan among the organizations the user
 * owns sets the limit (a trial never raises it: trials.server.ts, the trial
 * rule); the count is the user's tenant list.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
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
import { DomainError } from "~/lib/errors";
import { now as clockNow } from "~/lib/clock.server";
import { ROLES } from "~/lib/permissions";
import { userEmails } from "~/modules/accounts";
import { activeGrantsOfUser, type ActiveGrant } from "~/modules/emergency-access/index.server";

export type TenantListItem = {
  tenantId: string;
  tenant: { name: string; plan: Plan };
  role: Role;
  /** Set when the role comes from an emergency access grant (the person is not a member, or the grant gives more). */
  emergency?: EmergencyAccessNote;
};
export type EmergencyAccessNote = {
  contactId: string;
  level: ActiveGrant["level"];
  used: boolean;
  endsAt: number;
  grantedBy: string | null;
};

/** Owner outranks admin, member, viewer (ROLES order). */
const stronger = (a: Role, b: Role) => (ROLES.indexOf(a) <= ROLES.indexOf(b) ? a : b);

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

/**
 * The organizations the person reaches: their memberships, then those an effective emergency access grant opens
 * (checked on every request, like membership: a grant that ended, was revoked or expired opens nothing). A grant
 * that gives more than the membership (takeover for an admin) raises the role; a lesser one changes nothing.
 */
export function listTenantsForUser(userId: string, at = clockNow()): TenantListItem[] {
  const list: TenantListItem[] = tenantsOfUser()
    .all({ userId })
    .map((r) => ({ tenantId: r.tenantId, tenant: { name: r.name, plan: r.plan }, role: r.role }));
  const grants = activeGrantsOfUser(userId, at);
  if (grants.length === 0) return list;
  const named = db
    .select({ id: tenants.id, name: tenants.name, plan: tenants.plan })
    .from(tenants)
    .where(
      inArray(
        tenants.id,
        grants.map((g) => g.tenantId),
      ),
    )
    .all();
  const grantors = userEmails(grants.flatMap((g) => (g.grantorUserId ? [g.grantorUserId] : [])));
  for (const g of grants) {
    const note: EmergencyAccessNote = {
      contactId: g.contactId,
      level: g.level,
      used: g.used,
      endsAt: g.endsAt,
      grantedBy: g.grantorUserId ? (grantors.get(g.grantorUserId) ?? null) : null,
    };
    const member = list.find((t) => t.tenantId === g.tenantId);
    if (member) {
      if (stronger(g.role, member.role) !== member.role) Object.assign(member, { role: g.role, emergency: note });
      continue;
    }
    const t = named.find((n) => n.id === g.tenantId);
    if (t) list.push({ tenantId: t.id, tenant: { name: t.name, plan: t.plan }, role: g.role, emergency: note });
  }
  return list;
}

/** The person's membership of the organization, or the role an effective emergency access grant gives them there. */
export function getMembership(userId: string, tenantId: string, at = clockNow()) {
  const row =
    db
      .select({ tenantId: tenants.id, name: tenants.name, plan: tenants.plan, role: memberships.role })
      .from(memberships)
      .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
      .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)))
      .get() ?? null;
  const grant = activeGrantsOfUser(userId, at).find((g) => g.tenantId === tenantId);
  if (!grant) return row;
  if (row) return { ...row, role: stronger(grant.role, row.role) };
  const t = getTenant(tenantId);
  return t ? { tenantId, name: t.name, plan: t.plan, role: grant.role } : null;
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
    // Emergency access opens an organization; it never makes it the person's own.
    if (item.role !== "owner" || item.emergency) continue;
    const p = isPlan(item.tenant.plan) ? item.tenant.plan : "free";
    if (planRank(p) > planRank(best)) best = p;
  }
  // Only organizations the person owns count (issue 32): membership of organizations others own is joining, not
  // creating, so it never uses up the person's own allowance.
  return organizationAllowance(best, list.filter((item) => item.role === "owner" && !item.emergency).length);
}

export class OrganizationLimitError extends DomainError {
  constructor(message: string) {
    super(message, { status: 403 });
  }
}

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

/** The organization's effective plan now (its plan, raised by an active trial), or null when it does not exist. */
export function tenantEffectivePlanOf(tenantId: string): Plan | null {
  const row = getTenant(tenantId);
  return row ? tenantEffectivePlan(tenantId, row.plan) : null;
}
