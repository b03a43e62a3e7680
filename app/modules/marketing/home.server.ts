import { loadDashboard } from "~/modules/dashboard";
import { getTenantContext } from "~/modules/tenants";
import { siteOrigin } from "~/lib/public-origin.server";

/**
 * `/`: the landing page for signed-out visitors (with the origin for its canonical URL), the dashboard for
 * signed-in ones. One server module for the route's loader, so the landing page's bundle carries one empty
 * stand-in for it instead of one per server import.
 */
export async function loadHome(request: Request) {
  if (!(await getTenantContext(request))) return { mode: "landing" as const, origin: siteOrigin(request) };
  return { mode: "dashboard" as const, ...(await loadDashboard(request)) };
}
