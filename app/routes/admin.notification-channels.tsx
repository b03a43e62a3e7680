import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmptyState } from "~/components/module-page";
import { requireTenantContext } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Notification channels · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTenantContext(request, { feature: "adminDashboard", permission: "administer" });
  return null;
}

export default function Page() {
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Notification channels</h1>
      <div className="mt-4">
        <EmptyState>
          Alerts are delivered in the application (the dashboard, Security Alerts and /api/alerts/active). No external
          channel (e-mail, chat, webhook) is configured: Rampart makes no outbound connections of its own.
        </EmptyState>
      </div>
    </main>
  );
}
