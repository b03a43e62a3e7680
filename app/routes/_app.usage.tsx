import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MetricCard } from "~/components/metric-card";
import { ModulePage } from "~/components/module-page";
import { loadAppRoute } from "~/modules/tenants";
import { moduleUsage } from "~/modules/dashboard/dashboard.server";
import { analytics } from "~/modules/dashboard/insights.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Usage Analytics · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/usage");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  return { usage: moduleUsage(access.ctx.tenant.id), analytics: analytics(access.ctx.tenant.id) };
}

export default function Usage() {
  const { usage, analytics } = useLoaderData<typeof loader>();
  return (
    <ModulePage path="/usage">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <MetricCard label="Messages analysed" value={usage.phishingAnalyses} />
        <MetricCard label="Messages quarantined" value={usage.quarantined} />
        <MetricCard label="Identities watched" value={usage.watchedIdentities} />
        <MetricCard label="Alerts raised" value={usage.alertsTotal} />
        <MetricCard label="Alerts resolved" value={usage.alertsResolved} />
        <MetricCard
          label="Hours saved / month"
          value={analytics.hoursSavedMonthly}
          hint="Estimated at 10 minutes per analysed message"
        />
      </div>
    </ModulePage>
  );
}
