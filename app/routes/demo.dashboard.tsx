import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardView } from "~/modules/dashboard/components/dashboard-view";
import { demoFindingsBySeverity, demoRecentAlerts, generateDemoData } from "~/modules/demo/generator";
import { demoPage } from "~/modules/demo/pages";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const page = demoPage("/demo/dashboard");
export const meta: MetaFunction = ({ matches }) =>
  seo({ title: page.title, description: page.description, path: page.path }, matches);

// The real dashboard screen, fed with the simulated data instead of a tenant's.
export function loader() {
  const data = generateDemoData();
  return {
    metrics: data.metrics,
    riskTrend: data.executiveMetrics.riskTrend,
    findingsBySeverity: demoFindingsBySeverity(data),
    recentAlerts: demoRecentAlerts(data, 6),
  };
}

export default function DemoDashboard() {
  const data = useLoaderData<typeof loader>();
  return (
    <DashboardView
      {...data}
      subtitle="Simulated organization · example.com"
      links={{ darkWebHits: "/demo/dark-web", phishingDetected: "/demo/phishing" }}
    />
  );
}
