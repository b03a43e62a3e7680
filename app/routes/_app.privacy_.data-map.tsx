/** /privacy/data-map: the systems holding personal data, which become each request's checklist. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DataMapPage } from "~/modules/privacy/components/data-map-page";
import { dataMapAction, dataMapLoader } from "~/modules/privacy";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Data map · Privacy Guard · Rampart" }];

export const loader = ({ request }: LoaderFunctionArgs) => dataMapLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => dataMapAction(request, context);

export default function Page() {
  return <DataMapPage />;
}
