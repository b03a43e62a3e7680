import { requireTenantContext } from "./tenant-context.server";
import { dashboardData } from "~/modules/dashboard/dashboard.server";
import { achievements, analytics, recommendations, usageWarnings } from "~/modules/dashboard/insights.server";
import { listActiveAlerts } from "~/modules/alerts/alerts.server";

/** Everything the dashboard shows, computed from the tenant's stored data (same functions as the /api calls). */
export async function loadDashboard(request: Request) {
  const ctx = await requireTenantContext(request);
  const tenantId = ctx.tenant.id;
  return {
    tenantId,
    tenantName: ctx.tenant.displayName,
    data: dashboardData(tenantId),
    warnings: { warnings: usageWarnings(tenantId, ctx.allowance) },
    alerts: { alerts: listActiveAlerts(tenantId).map((a) => ({ ...a, createdAt: new Date(a.createdAt).toISOString() })) },
    recommendations: { recommendations: recommendations(tenantId) },
    achievements: { achievements: achievements(tenantId) },
    analytics: analytics(tenantId),
  };
}
