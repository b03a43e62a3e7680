/**
 * The operator console (/operator, issue 32): what the operator did by command, on a page. Organizations with
 * their plans (and setting one), accounts (and verifying an address on an install without SMTP), the job queue and
 * the upgrade requests customers sent. Only operators reach it (app/modules/accounts/operator.server.ts); every
 * change is audited with the operator's account. These are the only reads across tenants in the app, and they
 * serve the operator alone. The command line (scripts/admin.ts) stays for scripts.
 */
import { DomainError } from "~/lib/errors";
import { jobSummary } from "~/lib/jobs.server";
import { effectivePlan, isPlan, PLANS, type Plan } from "~/lib/plans";
import {
  endSessionsOf,
  listAllAccounts,
  markEmailVerified,
  resetTwoFactorByOperator,
  twoFactorUserIds,
  userEmail,
} from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { listContactMessages } from "~/modules/contact";
import {
  closeUpgradeRequests,
  getTenant,
  getTrial,
  listAllTenants,
  listAllUpgradeRequests,
  memberCountsByTenant,
  membershipCountsByUser,
  setTenantPlan,
} from "~/modules/tenants";

export function consoleOverview(now = Date.now()) {
  const memberCounts = memberCountsByTenant();
  const organizations = listAllTenants().map((t) => {
    const trial = getTrial(t.id, now);
    return {
      id: t.id,
      name: t.name,
      plan: t.plan as Plan,
      effectivePlan: effectivePlan(t.plan as Plan, trial.status),
      trial: trial.status,
      members: memberCounts.get(t.id) ?? 0,
      createdAt: t.createdAt,
    };
  });
  const organizationsOf = membershipCountsByUser();
  const all = listAllAccounts();
  const withTwoFactor = twoFactorUserIds(all.map((u) => u.id));
  const accounts = all.map((u) => ({
    ...u,
    organizations: organizationsOf.get(u.id) ?? 0,
    twoFactor: withTwoFactor.has(u.id),
  }));
  return {
    organizations,
    accounts,
    jobs: jobSummary(),
    upgradeRequests: listAllUpgradeRequests(),
    // What visitors without an account wrote on /contact (a quote request from the pricing page among them).
    contactMessages: listContactMessages({ limit: 100 }),
    plans: PLANS,
  };
}

/** A refusal of a console command (a 400 on the page, through domainFieldError). */
export class ConsoleError extends DomainError {}

export function setPlanFromConsole(operator: { id: string }, tenantId: string, plan: string, ip: string | null) {
  if (!isPlan(plan)) throw new ConsoleError(`Choose one of the plans: ${PLANS.join(", ")}.`);
  const before = getTenant(tenantId);
  if (!before) throw new ConsoleError("That organization no longer exists.");
  setTenantPlan(tenantId, plan);
  closeUpgradeRequests(tenantId);
  audit({
    action: "operator.plan_set",
    tenantId,
    userId: operator.id,
    ip,
    detail: { from: before.plan, to: plan, by: "operator console" },
  });
  return `${before.name} is now on the ${plan} plan.`;
}

export function verifyEmailFromConsole(operator: { id: string }, userId: string, ip: string | null) {
  const email = userEmail(userId);
  if (!email) throw new ConsoleError("That account no longer exists.");
  markEmailVerified(userId, { by: "operator console", operatorId: operator.id });
  audit({ action: "operator.email_verified", userId: operator.id, ip, detail: { email } });
  return `${email} is verified.`;
}

/**
 * Issue 33: a person lost their authenticator and their recovery codes. Two-factor goes off and every session of
 * theirs ends; the reset is audited on the account (auth.two_factor_reset) and as the operator's act. An
 * organization requiring two-factor sends them to enrolment at their next sign-in.
 */
export function resetTwoFactorFromConsole(operator: { id: string; email: string }, userId: string, ip: string | null) {
  const email = userEmail(userId);
  if (!email) throw new ConsoleError("That account no longer exists.");
  if (!resetTwoFactorByOperator(userId, { operator: operator.email, ip: ip ?? undefined }))
    throw new ConsoleError(`${email} has no two-factor sign-in to reset.`);
  const ended = endSessionsOf(userId, null);
  audit({ action: "operator.two_factor_reset", userId: operator.id, ip, detail: { email, sessionsEnded: ended } });
  return `Two-factor sign-in of ${email} was reset and ${ended} session${ended === 1 ? "" : "s"} ended.`;
}
