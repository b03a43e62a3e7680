import type { requireTenantContext } from "~/modules/tenants";
import { dashboardData, moduleUsage } from "./dashboard.server";
import { analytics, recommendations, usageWarnings } from "./insights.server";
import { firstRunState } from "./first-run.server";

/**
 * Everything the dashboard shows, computed from the tenant's stored data (same
 * functions as the /api calls). Each figure is computed once per request: the
 * metrics feed the recommendations, one usage read feeds recommendations
 * and analytics, and the trial comes from the tenant context. Achievements
 * are not on this page (they have their own API), so they are not sent.
 */
export function dashboardPage(ctx: Awaited<ReturnType<typeof requireTenantContext>>) {
  const tenantId = ctx.tenant.id;
  const data = dashboardData(tenantId);
  const usage = moduleUsage(tenantId);
  return {
    tenantId,
    tenantName: ctx.tenant.displayName,
    data,
    warnings: { warnings: usageWarnings(tenantId, ctx.allowance, Date.now(), { trial: ctx.trial }) },
    // The page lists the five most recent active alerts (the same five as
    // data.recentAlerts); its refresh asks /api/alerts/active for the rest.
    // Sending the whole active list in the document only made it heavier.
    alerts: { alerts: data.recentAlerts },
    recommendations: { recommendations: recommendations(tenantId, data.metrics, usage) },
    analytics: analytics(tenantId, usage),
    // Which modules the score weighs and the first steps still open (issue 20). Page-only:
    // /api/dashboard/data keeps its pinned shape.
    firstRun: firstRunState(tenantId),
  };
}
