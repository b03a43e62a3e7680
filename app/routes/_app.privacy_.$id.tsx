/** /privacy/:id: one data subject request (status, extension, checklist, history). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RequestPage } from "~/modules/privacy/components/request-page";
import { requestAction, requestLoader } from "~/modules/privacy";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.request.reference ?? "Request"} · Privacy Guard · Rampart` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => requestLoader(request, params.id ?? "");

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  requestAction(request, params.id ?? "", context);

export default function Page() {
  return <RequestPage />;
}
