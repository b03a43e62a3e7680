/**
 * Usage warnings, recommendations, achievements and analytics: rules over
 * the tenant's stored data. Each rule says what it reads; none invents a
 * number.
 */
import { getTrial, type TrialInfo } from "~/modules/tenants";
import { allowanceMessageFor, type OrganizationAllowance } from "~/lib/plans";
import { analysedMessageCountSince } from "~/modules/phishing/index.server";
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
 * Analytics from stored activity and the posture model. Time saved assumes 10
 * minutes of manual review per message analysed in the last 30 days; tools
 * replaced is the number of modules the posture model has assessed (holding
 * data to judge); incidents are incident cases (merged cases counted once), not
 * alerts. No cost figure is computed here: savings need the admin-entered
 * costs, so costSavings is null.
 */
export function analytics(tenantId: string, p: Posture = computePosture(tenantId), now = Date.now()) {
  const recent = analysedMessageCountSince(tenantId, now - 30 * 86_400_000);
  return {
    toolsReplaced: p.coverage.filter((c) => c.assessed).length,
    hoursSavedMonthly: Math.round((recent * 10) / 60),
    costSavings: null as number | null,
    securityIncidents: p.counts.incidents,
    incidentsResolved: p.counts.incidentsResolved,
  };
}
