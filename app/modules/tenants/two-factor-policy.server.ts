/**
 * The organization's two-factor policy (issue 33): an owner may require two-factor sign-in of every member.
 * A member without it is sent to enrolment at the next sign-in (the accounts module's signInStep asks
 * organizationsRequiringTwoFactor) and cannot use the app until enrolled; sessions already open keep going
 * until they end. The owner turning it on must have two-factor first, so the policy never locks out the one
 * person who set it.
 */
import { and, eq } from "drizzle-orm";
import { memberships, tenants } from "./schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { audit } from "~/modules/audit";
import { hasSecondFactor } from "~/modules/accounts";
import { canManageOrganization } from "./organization.server";
import { displayTenantName } from "~/lib/plans";

export const ONLY_OWNERS_SET_POLICY = "Only an owner of the organization can change its two-factor policy.";
export const ENROL_YOURSELF_FIRST =
  "Turn on two-factor sign-in for your own account first (Settings → Security), then require it of everyone.";

export function tenantRequiresTwoFactor(tenantId: string): boolean {
  return db.select({ on: tenants.requireTwoFactor }).from(tenants).where(eq(tenants.id, tenantId)).get()?.on ?? false;
}

/** The names (as shown) of the person's organizations that require two-factor sign-in. */
export function organizationsRequiringTwoFactor(userId: string): string[] {
  return db
    .select({ name: tenants.name })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(and(eq(memberships.userId, userId), eq(tenants.requireTwoFactor, true)))
    .all()
    .map((r) => displayTenantName(r.name));
}

/** Owners only; audited as tenant.two_factor_policy_changed. Answers whether anything changed. */
export function setTwoFactorRequired(tenantId: string, actorId: string, required: boolean, ip?: string): boolean {
  const role =
    db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, actorId)))
      .get()?.role ?? null;
  if (!canManageOrganization(role))
    throw new DomainError(ONLY_OWNERS_SET_POLICY, { status: 403, field: "twoFactorPolicy" });
  if (required && !hasSecondFactor(actorId))
    throw new DomainError(ENROL_YOURSELF_FIRST, { status: 409, field: "twoFactorPolicy" });
  if (tenantRequiresTwoFactor(tenantId) === required) return false;
  db.update(tenants).set({ requireTwoFactor: required }).where(eq(tenants.id, tenantId)).run();
  audit({ action: "tenant.two_factor_policy_changed", tenantId, userId: actorId, ip, detail: { required } });
  return true;
}
