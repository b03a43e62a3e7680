import { sidebarRoutes } from "~/lib/app-routes";
import { allowanceMessageFor, displayTenantName, hasFeature, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { parseSidebarState } from "~/lib/sidebar-state";
import { getTenantContext } from "~/modules/tenants";
import type { ShellData } from "./app-shell";

/**
 * What the sidebar shell shows (user, organizations, effective plan, navigation filtered by plan, sidebar
 * state), or null for a signed-out visitor. For the `_app` layout's loader: in a *.server module, its imports
 * (the route table, the plan module) stay out of the browser bundle, which the signed-out landing page shares.
 */
export async function loadShellData(request: Request): Promise<ShellData | null> {
  const ctx = await getTenantContext(request);
  if (!ctx) return null;
  return {
    user: { id: ctx.user.id, email: ctx.user.email },
    tenants: ctx.tenants.map((t) => ({ id: t.tenantId, name: displayTenantName(t.tenant.name) })),
    selectedTenantId: ctx.tenant?.id ?? null,
    planName: PLAN_DISPLAY_NAME[ctx.effectivePlan],
    trialActive: ctx.trial?.status === "active",
    allowance: {
      label: ctx.allowance.label,
      reached: ctx.allowance.reached,
      upgradeMessage: allowanceMessageFor(ctx.allowance, ctx.effectivePlan),
    },
    nav: sidebarRoutes()
      .filter((r) => !r.feature || hasFeature(ctx.effectivePlan, r.feature))
      .map((r) => ({ path: r.path, label: r.label, icon: r.icon })),
    sidebar: parseSidebarState(request.headers.get("Cookie")),
  };
}
