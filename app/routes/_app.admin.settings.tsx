import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireTenantContext } from "~/modules/tenants";
import { PLAN_DISPLAY_NAME } from "~/lib/plans";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Admin settings · Rampart" }];

/** The organization's settings as the tenant context resolves them (no internal id: issue 32). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  return {
    name: ctx.tenant.displayName,
    role: ctx.tenant.role,
    plan: PLAN_DISPLAY_NAME[ctx.tenant.plan],
    effectivePlan: PLAN_DISPLAY_NAME[ctx.effectivePlan],
    trial: ctx.trial,
  };
}

export default function AdminSettings() {
  const d = useLoaderData<typeof loader>();
  const intl = useFormat();
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Organization settings</h1>
      <dl className="card mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-ink-muted">Organization</dt>
        <dd>{d.name}</dd>
        <dt className="text-ink-muted">Your role</dt>
        <dd>{d.role}</dd>
        <dt className="text-ink-muted">Plan</dt>
        <dd>{d.plan}</dd>
        <dt className="text-ink-muted">Effective plan</dt>
        <dd>{d.effectivePlan}</dd>
        <dt className="text-ink-muted">Trial</dt>
        <dd>
          {d.trial?.status ?? "none"}
          {d.trial?.endsAt ? ` (ends ${intl.formatDate(d.trial.endsAt)})` : ""}
        </dd>
      </dl>
      <p className="mt-3 text-sm text-ink-muted">
        To change plan, see the plans in{" "}
        <Link to="/settings#trial-title" className="text-brand underline">
          Settings
        </Link>
        .
      </p>
    </main>
  );
}
