/**
 * /phishing-enhanced: the phishing analyzer with the detailed signal view (every signal and its weight, links beside their real targets, attachments with SHA-256, the body as text). Free plan and up.
 * Loader and action: the analyzer's, in _app.phishing.tsx.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { PhishingPage } from "~/modules/phishing/components/phishing-page";
import { analyzerAction, analyzerLoader } from "./_app.phishing";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/phishing-enhanced").label} · Rampart` }];

export const loader = ({ request }: LoaderFunctionArgs) => analyzerLoader(request, "/phishing-enhanced");

export const action = ({ request, context }: ActionFunctionArgs) =>
  analyzerAction(request, "/phishing-enhanced", context);

export default function Page() {
  return <PhishingPage path="/phishing-enhanced" />;
}
