/**
 * /compliance-monitoring (plan feature teamMonitoring): adopted frameworks,
 * their scores and trends, requirements by status and what to do next.
 * Signed out: the teaser; below Business: the upgrade banner (error boundary).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { appRoute } from "~/lib/app-routes";
import { ComplianceOverview } from "~/modules/compliance/components/compliance-overview";
import { overviewAction, overviewLoader } from "~/modules/compliance/route.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/compliance-monitoring").label} · Rampart` }];

export const loader = ({ request }: LoaderFunctionArgs) => overviewLoader(request);
export const action = ({ request, context }: ActionFunctionArgs) => overviewAction(request, context);

export default function Page() {
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  if (page.teaser) return <TeaserPage path="/compliance-monitoring" />;
  return (
    <ModulePage path="/compliance-monitoring">
      <ComplianceOverview
        canManage={page.canManage}
        frameworks={page.frameworks}
        adopted={page.adopted}
        selected={page.selected}
        adoptError={
          result && !result.ok
            ? (result.fieldErrors?.framework ?? result.fieldErrors?.baseline ?? result.formError)
            : undefined
        }
      />
    </ModulePage>
  );
}
