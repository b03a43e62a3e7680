import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard-page";
import { dashboardPage } from "~/modules/dashboard";
import { requireTenantContext } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Dashboard · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return dashboardPage(await requireTenantContext(request));
}

export default function Dashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
