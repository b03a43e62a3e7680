import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TeaserPage } from "~/components/teaser-page";
import { loadAppRoute } from "~/modules/tenants";
import { appRoute } from "~/lib/app-routes";
import { ExecutiveView } from "~/modules/executive/components/executive-view";
import { executiveOverview } from "~/modules/executive/executive.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Executive Dashboard · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/executive");
  if (access.teaser) return { teaser: true as const };
  return {
    teaser: false as const,
    tenantName: access.ctx.tenant.displayName,
    ...executiveOverview(access.ctx.tenant.id),
  };
}

// The same screen as /demo/executive, fed with the figures computed from this tenant's stored findings.
export default function Executive() {
  const data = useLoaderData<typeof loader>();
  if (data.teaser) return <TeaserPage path="/executive" />;
  return (
    <main id="main" className="max-w-6xl print:max-w-none">
      <p className="mb-3 flex justify-end" data-print="hide">
        {/* The printed report is this page: the print stylesheet (app/tailwind.css) leaves the app's chrome off. */}
        <button type="button" className="btn-secondary py-1" onClick={() => window.print()}>
          Print report
        </button>
      </p>
      <ExecutiveView
        title={appRoute("/executive").label}
        subtitle={`${data.tenantName}: risk, posture and compliance computed from your stored findings`}
        executiveMetrics={data.executiveMetrics}
        compliance={data.compliance}
        analytics={data.analytics}
        controlsNote={
          <>
            Per framework, the open requirements cheapest to close next. Every requirement, its owner and evidence are
            in <Link to="/compliance-monitoring">Compliance</Link>.
          </>
        }
      />
    </main>
  );
}
