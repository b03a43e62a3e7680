/**
 * Usage warnings, recommendations, achievements and analytics: rules over
 * the tenant's stored data. Each rule says what it reads; none invents a
 * number.
 */
import { getTrial, type TrialInfo } from "~/modules/tenants";
import { allowanceMessageFor, type OrganizationAllowance } from "~/lib/plans";
import { dashboardMetrics, moduleUsage, type DashboardMetrics } from "./dashboard.server";

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

export type Recommendation = {
  id: string;
  priority: "high" | "medium" | "low";
  title: string;
  action: string;
  href: string;
};

export function recommendations(
  tenantId: string,
  m: DashboardMetrics = dashboardMetrics(tenantId),
  usage: ModuleUsage = moduleUsage(tenantId),
): Recommendation[] {
  const out: Recommendation[] = [];
  if (m.darkWebHits > 0) {
    out.push({
      id: "resolve-exposures",
      priority: "high",
      title: `${m.darkWebHits} open dark web exposure${m.darkWebHits === 1 ? "" : "s"}`,
      action: "Change the exposed passwords, turn on multi-factor authentication, then mark each exposure resolved.",
      href: "/dark-web-monitoring",
    });
  }
  if (m.activeThreats > 0) {
    out.push({
      id: "review-alerts",
      priority: "high",
      title: `${m.activeThreats} active alert${m.activeThreats === 1 ? "" : "s"}`,
      action: "Review and resolve the active alerts.",
      href: "/dashboard",
    });
  }
  if (usage.watchedIdentities === 0) {
    out.push({
      id: "watch-identities",
      priority: "medium",
      title: "No identities watched yet",
      action: "Add your e-mail addresses and domains to dark web monitoring.",
      href: "/dark-web-monitoring",
    });
  }
  if (usage.phishingAnalyses === 0) {
    out.push({
      id: "analyze-phishing",
      priority: "low",
      title: "No messages analysed yet",
      action: "Paste a suspicious e-mail into the phishing analyzer.",
      href: "/phishing",
    });
  }
  return out;
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
 * Analytics from stored activity. Time saved assumes 10 minutes of manual
 * review per analysed message (documented in docs/api.md); tools replaced is
 * the number of Rampart modules holding data for the tenant. No cost figure is
 * computed: Rampart does not know the customer's costs, so costSavings is null.
 */
export function analytics(tenantId: string, u: ModuleUsage = moduleUsage(tenantId)) {
  const toolsReplaced = [u.phishingAnalyses > 0, u.watchedIdentities > 0].filter(Boolean).length;
  return {
    toolsReplaced,
    hoursSavedMonthly: Math.round((u.phishingAnalyses * 10) / 60),
    costSavings: null as number | null,
    securityIncidents: u.alertsTotal,
    incidentsResolved: u.alertsResolved,
  };
}
