import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmptyState } from "~/components/module-page";
import { requireTenantContext } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Escalation policies · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireTenantContext(request, { feature: "adminDashboard", permission: "administer" });
  return null;
}

export default function Page() {
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Escalation policies</h1>
      <div className="mt-4">
        <EmptyState>
          No escalation policy is defined. Active alerts stay on the dashboard until an owner or admin acknowledges or
          resolves them in Security Alerts.
        </EmptyState>
      </div>
    </main>
  );
}
