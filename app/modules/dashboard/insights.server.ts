/**
 * Usage warnings, recommendations, achievements and analytics: rules over
 * the tenant's stored data. Each rule says what it reads; none invents a
 * number.
 */
import { getTrial, type TrialInfo } from "~/modules/tenants";
import { allowanceMessageFor, type OrganizationAllowance } from "~/lib/plans";
import { valueDelivered, type ValueDelivered } from "~/modules/executive/index.server";
import { computePosture, rankRecommendations, type Posture, type Recommendation } from "~/modules/posture";
import { moduleUsage } from "./dashboard.server";

type ModuleUsage = ReturnType<typeof moduleUsage>;

export type UsageWarning = { id: string; level: "info" | "warning"; message: string };

// The optional arguments take figures the caller has already read for the same
// request (the dashboard page computes metrics, usage and the trial once).

export function usageWarnings(
  tenantId: string,
  allowance: OrganizationAllowance,
  now = Date.now(),
  known?: { trial: TrialInfo | null },
): UsageWarning[] {
  const out: UsageWarning[] = [];
  const trial = known?.trial ?? getTrial(tenantId, now);
  // During a trial the organization is on Enterprise: no "Upgrade to Pro" (issue 32, allowanceMessageFor).
  const message = allowanceMessageFor(allowance, trial.status === "active" ? "enterprise" : "free");
  if (allowance.reached && message) {
    out.push({ id: "organization-limit", level: "info", message: `Limit reached. ${message}` });
  }
  if (trial.status === "active" && trial.endsAt) {
    const daysLeft = Math.ceil((Date.parse(trial.endsAt) - now) / 86_400_000);
    if (daysLeft <= 3)
      out.push({
        id: "trial-ending",
        level: "warning",
        message: `Your trial ends in ${daysLeft} day${daysLeft === 1 ? "" : "s"}.`,
      });
  }
  if (trial.status === "expired")
    out.push({
      id: "trial-expired",
      level: "info",
      message: "Your trial has ended; the organization is back on its own plan.",
    });
  return out;
}

export type { Recommendation } from "~/modules/posture";

/**
 * The posture model's improvement actions not yet done, most points to gain
 * first, each with why and where to act (rankRecommendations); then the
 * modules not yet assessed. A done action drops off by itself.
 */
export function recommendations(tenantId: string, p: Posture = computePosture(tenantId)): Recommendation[] {
  return rankRecommendations(p);
}

export type Achievement = { id: string; title: string; achieved: boolean; progress: number; goal: number };

export function achievements(tenantId: string, u: ModuleUsage = moduleUsage(tenantId)): Achievement[] {
  const a = (id: string, title: string, progress: number, goal: number): Achievement => ({
    id,
    title,
    achieved: progress >= goal,
    progress: Math.min(progress, goal),
    goal,
  });
  return [
    a("first-analysis", "Analysed a first suspicious message", u.phishingAnalyses, 1),
    a("ten-analyses", "Analysed 10 messages", u.phishingAnalyses, 10),
    a("first-watch", "Watching a first identity", u.watchedIdentities, 1),
    a("first-quarantine", "Quarantined a first phishing message", u.quarantined, 1),
    a("first-resolved-alert", "Resolved a first alert", u.alertsResolved, 1),
  ];
}

/**
 * Analytics from stored activity, the posture model and the cost inputs. Tools replaced, hours saved and cost
 * savings are the executive view's "value delivered" (app/modules/executive: modules in use = stored data in the
 * last 30 days; hours from the per-activity minute table; savings null until a cost or the rate is entered), so
 * /api/analytics and /executive agree; incidents are incident cases (merged cases counted once), not alerts.
 */
export function analytics(
  tenantId: string,
  p: Posture = computePosture(tenantId),
  now = Date.now(),
  v: ValueDelivered = valueDelivered(tenantId, now),
) {
  return {
    toolsReplaced: v.toolsReplaced,
    hoursSavedMonthly: v.hoursSavedMonthly,
    costSavings: v.costSavings,
    securityIncidents: p.counts.incidents,
    incidentsResolved: p.counts.incidentsResolved,
  };
}
