import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell, type ShellData } from "~/components/shell/app-shell";
import { PublicChrome } from "~/components/public-chrome";
import { RouteErrorBoundary } from "~/components/error-screens";
import { sidebarRoutes } from "~/lib/app-routes";
import { displayTenantName, hasFeature, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { parseSidebarState } from "~/lib/sidebar-state";
import { getTenantContext } from "~/lib/tenant-context.server";

/**
 * The sidebar shell: a parent layout whose loader resolves user, selected
 * tenant and effective plan. Signed-out visitors reach this layout only for
 * the landing page and the teaser pages (child loaders redirect everything
 * else to /login); they get the public header and footer instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await getTenantContext(request);
  if (!ctx) return { signedIn: false as const };
  const shell: ShellData = {
    user: { email: ctx.user.email },
    tenants: ctx.tenants.map((t) => ({ id: t.tenantId, name: displayTenantName(t.tenant.name) })),
    selectedTenantId: ctx.tenant?.id ?? null,
    planName: PLAN_DISPLAY_NAME[ctx.effectivePlan],
    trialActive: ctx.trial?.status === "active",
    allowance: { label: ctx.allowance.label, reached: ctx.allowance.reached, upgradeMessage: ctx.allowance.upgradeMessage },
    nav: sidebarRoutes()
      .filter((r) => !r.feature || hasFeature(ctx.effectivePlan, r.feature))
      .map((r) => ({ path: r.path, label: r.label, icon: r.icon })),
    sidebar: parseSidebarState(request.headers.get("Cookie")),
  };
  return { signedIn: true as const, shell };
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  if (!data.signedIn) {
    return (
      <PublicChrome>
        <Outlet />
      </PublicChrome>
    );
  }
  return (
    <AppShell data={data.shell}>
      <Outlet />
    </AppShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
