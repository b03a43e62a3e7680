/**
 * Usage warnings, recommendations, achievements and analytics: rules over
 * the tenant's stored data. Each rule says what it reads; none invents a
 * number.
 */
import { valueDelivered, type ValueDelivered } from "~/modules/executive/index.server";
import { getTrial, tenantRequiresTwoFactor, type TrialInfo } from "~/modules/tenants";
import { appRoute } from "~/lib/app-routes";
import { allowanceMessageFor, hasFeature, type OrganizationAllowance, type Plan } from "~/lib/plans";
import { cloudUsageSince } from "~/modules/cloud";
import { complianceUsageSince } from "~/modules/compliance";
import { detectionUsageSince } from "~/modules/detection";
import { endpointUsageSince } from "~/modules/endpoint";
import { incidentsUsageSince } from "~/modules/incidents";
import { networkUsageSince } from "~/modules/network";
import { trainingUsageSince } from "~/modules/training/index.server";
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

/**
 * Milestones counted from stored activity (each module's own counts, all time),
 * each with its progress "x of y". A milestone of a module the effective plan
 * does not include is left out, as /usage leaves out its figures.
 */
export function achievements(tenantId: string, plan: Plan, u: ModuleUsage = moduleUsage(tenantId)): Achievement[] {
  const inPlan = (path: string) => {
    const feature = appRoute(path).feature;
    return !feature || hasFeature(plan, feature);
  };
  const out: Achievement[] = [];
  // `count` is read only when the module is in the plan (no query for a module the page will not show).
  const a = (path: string | null, id: string, title: string, count: () => number, goal: number) => {
    if (path && !inPlan(path)) return;
    const progress = count();
    out.push({ id, title, achieved: progress >= goal, progress: Math.min(progress, goal), goal });
  };
  a("/phishing", "first-analysis", "Analysed a first suspicious message", () => u.phishingAnalyses, 1);
  a("/phishing", "ten-analyses", "Analysed 10 messages", () => u.phishingAnalyses, 10);
  a("/dark-web-monitoring", "first-watch", "Watching a first identity", () => u.watchedIdentities, 1);
  a("/phishing", "first-quarantine", "Quarantined a first phishing message", () => u.quarantined, 1);
  a("/alerts", "first-resolved-alert", "Resolved a first alert", () => u.alertsResolved, 1);
  a(
    null,
    "two-factor-enforced",
    "Required two-factor sign-in for everyone",
    () => (tenantRequiresTwoFactor(tenantId) ? 1 : 0),
    1,
  );
  a(
    "/training-management",
    "first-simulation",
    "Sent a first phishing simulation",
    () => trainingUsageSince(tenantId, null).campaignsLaunched,
    1,
  );
  a(
    "/training-management",
    "first-course",
    "A first training course completed",
    () => trainingUsageSince(tenantId, null).coursesCompleted,
    1,
  );
  a(
    "/incident-response",
    "ten-cases-resolved",
    "Resolved 10 incident cases",
    () => incidentsUsageSince(tenantId, null).resolved,
    10,
  );
  a(
    "/cloud-security",
    "first-cloud-snapshot",
    "Uploaded a first cloud snapshot",
    () => cloudUsageSince(tenantId, null).snapshotsUploaded,
    1,
  );
  a(
    "/network-security",
    "first-network-scan",
    "Imported a first network scan",
    () => networkUsageSince(tenantId, null).scansImported,
    1,
  );
  a(
    "/endpoint-security",
    "first-endpoint",
    "Enrolled a first device",
    () => endpointUsageSince(tenantId, null).hostsEnrolled,
    1,
  );
  a(
    "/compliance-monitoring",
    "first-evidence",
    "Added a first piece of compliance evidence",
    () => complianceUsageSince(tenantId, null).evidenceAdded,
    1,
  );
  a(
    "/siem-soar",
    "first-detection-rule",
    "Enabled a first detection rule",
    () => detectionUsageSince(tenantId, null).rulesEnabled,
    1,
  );
  return out;
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
