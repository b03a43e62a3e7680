/**
 * /privacy: Privacy Guard, data subject requests against their legal deadlines. Free plan and up; signed-out
 * visitors see the teaser. Loader and action: app/modules/privacy/route.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { PrivacyPage } from "~/modules/privacy/components/privacy-page";
import { privacyAction, privacyLoader } from "~/modules/privacy";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/privacy").label} · Rampart` }];

export const loader = ({ request }: LoaderFunctionArgs) => privacyLoader(request);

export const action = ({ request, context }: ActionFunctionArgs) => privacyAction(request, context);

export default function Page() {
  return <PrivacyPage />;
}
