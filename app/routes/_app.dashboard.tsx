import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard-page";
import { loadDashboard } from "~/modules/dashboard";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Dashboard · Rampart" }];

export const loader = ({ request }: LoaderFunctionArgs) => loadDashboard(request);

export default function Dashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
