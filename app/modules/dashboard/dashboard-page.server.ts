import type { requireTenantContext } from "~/modules/tenants";
import { computePosture } from "~/modules/posture";
import { dashboardData } from "./dashboard.server";
import { analytics, recommendations, usageWarnings } from "./insights.server";
import { firstRunState } from "./first-run.server";
import { trialStatusData } from "~/lib/trial-status";
import { APP_ROUTES } from "~/lib/app-routes";
import { hasFeature, type Plan } from "~/lib/plans";

/** The module pages the dashboard's cards and "View all alerts" lead to. */
const LINKED_PAGES = ["/alerts", "/dark-web-monitoring", "/phishing"];

/**
 * The linked pages the plan opens, by the route map's feature for each (issue 32): a Free dashboard must not
 * send people into an upgrade wall from a metric card, so a page the plan lacks gets no link at all.
 */
function openPages(plan: Plan): string[] {
  return LINKED_PAGES.filter((path) => opens(plan, path));
}

/** Whether the plan opens the app page a link leads to (its path without a #section or ?query). */
function opens(plan: Plan, href: string): boolean {
  const path = href.replace(/[?#].*$/, "");
  const route = APP_ROUTES.find((r) => r.path === path);
  if (!route) return true; // not a gated app page (settings, a case page): the page itself checks access
  return route.feature === null || hasFeature(plan, route.feature);
}

/**
 * Everything the dashboard shows, computed once per request from the posture
 * model (the same model the /api calls, /executive and /security read).
 * Achievements are on /usage, so they are not sent.
 */
export function dashboardPage(ctx: Awaited<ReturnType<typeof requireTenantContext>>) {
  const tenantId = ctx.tenant.id;
  const posture = computePosture(tenantId);
  const data = dashboardData(tenantId, posture);
  return {
    tenantId,
    tenantName: ctx.tenant.displayName,
    data,
    warnings: { warnings: usageWarnings(tenantId, ctx.allowance, Date.now(), { trial: ctx.trial }) },
    // The page lists the five most recent active alerts (the same five as
    // data.recentAlerts); its refresh asks /api/alerts/active for the rest.
    alerts: { alerts: data.recentAlerts },
    recommendations: { recommendations: recommendations(tenantId, posture) },
    analytics: analytics(tenantId, posture),
    // Page-only: which modules the score covers and which are not assessed, with the points behind the score.
    // A module the plan lacks is named without a link: the card must not lead into an upgrade wall (issue 32).
    coverage: posture.coverage.map((c) => ({
      label: c.label,
      href: opens(ctx.effectivePlan, c.href) ? c.href : null,
      assessed: c.assessed,
      statement: c.statement,
    })),
    points: { achieved: posture.pointsAchieved, achievable: posture.pointsAchievable },
    firstRun: firstRunState(tenantId),
    // Polled on the IMPORTANT tier (/api/trial/status); the shell's plan line shows each answer.
    trial: trialStatusData(ctx.trial, Date.now()),
    openPages: openPages(ctx.effectivePlan),
  };
}
