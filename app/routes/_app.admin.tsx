import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireTenantContext } from "~/modules/tenants";
import { PLAN_DISPLAY_NAME, hasFeature } from "~/lib/plans";
import { rolesThatCan } from "~/modules/permissions";

// Who may open it: the adminArea × open cell of the permission matrix (app/modules/permissions.ts).
export const ADMIN_ROLES = rolesThatCan("adminArea", "open");

// The layout's title is what the admin error boundary's page carries (upgrade banner, 403, not-found); sub-pages set their own.
export const meta: MetaFunction = () => [{ title: "Admin · Rampart" }];

/**
 * The admin layout: needs the adminDashboard feature and an owner or admin role in the selected organization.
 * It sits inside the sidebar shell (`_app`), like every page a signed-in person reaches from the sidebar
 * (issue 32): the shell comes from the parent layout, the checks stay here and in each page's loader.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  return {
    tenantName: ctx.tenant.displayName,
    plan: PLAN_DISPLAY_NAME[ctx.effectivePlan],
    multiAccount: hasFeature(ctx.effectivePlan, "multiAccountManagement"),
  };
}

const LINKS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/multi-account", label: "Multi-account" },
  { to: "/admin/alert-rules", label: "Alert rules" },
  { to: "/admin/notification-channels", label: "Notification channels" },
  { to: "/admin/escalation-policies", label: "Escalation policies" },
  { to: "/admin/settings", label: "Settings" },
];

export default function AdminLayout() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="max-w-6xl">
      <p className="text-xs uppercase tracking-wide text-ink-muted">
        Admin · {d.tenantName} · {d.plan}
      </p>
      <nav aria-label="Admin" className="mt-2 flex flex-wrap gap-2 border-b border-slate-200 pb-2">
        {LINKS.map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end={l.end}
            className={({ isActive }) =>
              `rounded-md px-3 py-1.5 text-sm no-underline ${isActive ? "bg-brand-light font-semibold text-brand-dark" : "text-ink-muted hover:bg-surface-sunken"}`
            }
          >
            {l.label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

// A refused check (upgrade wall, 403) renders in the shell's content area, as on the other gated pages.
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
