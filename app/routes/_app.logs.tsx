/**
 * /logs: Logs & Anomalies (business plan and up; signed-out visitors see the teaser). Search stored events,
 * see and triage anomalies. Loader and action: app/modules/events/route.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { LogsPage } from "~/modules/events/components/logs-page";
import { logsAction, logsLoader } from "~/modules/events";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/logs").label} · Rampart` }];

export const loader = ({ request }: LoaderFunctionArgs) => logsLoader(request);

export const action = ({ request }: ActionFunctionArgs) => logsAction(request);

export default function Page() {
  return <LogsPage />;
}
