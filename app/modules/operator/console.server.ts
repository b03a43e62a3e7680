/**
 * The operator console (/operator, issue 32): what the operator did by command, on a page. Organizations with
 * their plans (and setting one), accounts (and verifying an address on an install without SMTP), the job queue and
 * the upgrade requests customers sent. Only operators reach it (app/modules/accounts/operator.server.ts); every
 * change is audited with the operator's account. These are the only reads across tenants in the app, and they
 * serve the operator alone. The command line (scripts/admin.ts) stays for scripts.
 */
import { jobSummary } from "~/lib/jobs.server";
import { effectivePlan, isPlan, PLANS, type Plan } from "~/lib/plans";
import { getSession, loginRedirect } from "~/lib/session.server";
import { isOperator, listAllAccounts, markEmailVerified, userEmail } from "~/modules/accounts";
import { audit } from "~/modules/audit";
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

/**
 * The signed-in operator, or a 404 for everyone else (a customer learns nothing about the console, not even that
 * it exists); signed out, the sign-in page.
 */
export async function requireOperator(request: Request): Promise<{ id: string; email: string }> {
  const resolved = await getSession(request);
  if (!resolved) loginRedirect(request);
  if (!isOperator(resolved.user.id)) throw new Response("Not Found", { status: 404 });
  return { id: resolved.user.id, email: resolved.user.email };
}

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
  const accounts = listAllAccounts().map((u) => ({ ...u, organizations: organizationsOf.get(u.id) ?? 0 }));
  return { organizations, accounts, jobs: jobSummary(), upgradeRequests: listAllUpgradeRequests(), plans: PLANS };
}

export class ConsoleError extends Error {}

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
