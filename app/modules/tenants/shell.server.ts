import { sidebarRoutes } from "~/lib/app-routes";
import { allowanceMessageFor, displayTenantName, hasFeature, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { parseSidebarState } from "~/lib/sidebar-state";
import { trialStatusData } from "~/lib/trial-status";
import { allows } from "~/modules/permissions";
import type { ShellData } from "~/components/shell/app-shell";
import type { TenantContext } from "./tenant-context.server";

/**
 * What the sidebar shell shows (user, organizations, effective plan, navigation filtered by plan, sidebar
 * state) for a signed-in person, from their tenant context and the sidebar cookie. Called by the `_app`
 * layout's loader; in a *.server module, its imports (the route table, the plan module) stay out of the
 * browser bundle, which the signed-out landing page shares.
 */
export function shellData(ctx: TenantContext, cookieHeader: string | null): ShellData {
  return {
    user: { id: ctx.user.id, email: ctx.user.email },
    tenants: ctx.tenants.map((t) => ({ id: t.tenantId, name: displayTenantName(t.tenant.name) })),
    selectedTenantId: ctx.tenant?.id ?? null,
    planName: PLAN_DISPLAY_NAME[ctx.effectivePlan],
    ownPlanName: PLAN_DISPLAY_NAME[ctx.plan],
    trial: ctx.trial ? trialStatusData(ctx.trial, Date.now()) : null,
    allowance: {
      label: ctx.allowance.label,
      reached: ctx.allowance.reached,
      upgradeMessage: allowanceMessageFor(ctx.allowance, ctx.effectivePlan),
    },
    nav: sidebarRoutes()
      .filter((r) => !r.feature || hasFeature(ctx.effectivePlan, r.feature))
      .map((r) => ({ path: r.path, label: r.label, icon: r.icon })),
    // The same checks as the admin layout's loader, so the link never leads into an upgrade wall or a 403.
    adminLink: hasFeature(ctx.effectivePlan, "adminDashboard") && allows(ctx.tenant?.role, ["adminArea", "open"]),
    sidebar: parseSidebarState(cookieHeader),
  };
}
