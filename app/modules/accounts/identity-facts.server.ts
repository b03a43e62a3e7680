/**
 * How an organization's people sign in, for the Zero Trust module (issue 33): how many members, how many of them
 * with two-factor sign-in on, and whether the organization requires it.
 */
import { memberUserIds, tenantRequiresTwoFactor } from "~/modules/tenants";
import { twoFactorUserIds } from "./two-factor.server";

export type IdentityFacts = { members: number; withTwoFactor: number; twoFactorRequired: boolean };

export function identityFacts(tenantId: string): IdentityFacts {
  const members = memberUserIds(tenantId);
  return {
    members: members.length,
    withTwoFactor: twoFactorUserIds(members).size,
    twoFactorRequired: tenantRequiresTwoFactor(tenantId),
  };
}
