/**
 * /phishing: the phishing analyzer. Free plan and up.
 * Loader and action live in app/modules/phishing/route.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { PhishingPage } from "~/modules/phishing/components/phishing-page";
import { phishingAction, phishingLoader } from "~/modules/phishing/route.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/phishing").label} · Rampart` }];

export const loader = ({ request }: LoaderFunctionArgs) => phishingLoader(request, "/phishing");

export const action = ({ request, context }: ActionFunctionArgs) => phishingAction(request, "/phishing", context);

export default function Page() {
  return <PhishingPage path="/phishing" />;
}
