/**
 * /incident-response: incident cases, opening a case (by hand or from alerts), SLA targets and the MTTA/MTTR chart.
 * Business plan and up; signed-out visitors see the teaser. Loader and action: app/modules/incidents/route.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { IncidentsPage } from "~/modules/incidents/components/incidents-page";
import { incidentsAction, incidentsLoader } from "~/modules/incidents";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/incident-response").label} · Rampart` }];

export const loader = ({ request }: LoaderFunctionArgs) => incidentsLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => incidentsAction(request, context);

export default function Page() {
  return <IncidentsPage />;
}
