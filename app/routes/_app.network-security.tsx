import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ModuleRoute } from "~/components/module-page";
import { loadAppRoute, modulePage } from "~/modules/tenants";
import { appRoute } from "~/lib/app-routes";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/network-security").label} · Rampart` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return modulePage(await loadAppRoute(request, "/network-security"));
}

export default function Page() {
  return <ModuleRoute path="/network-security" />;
}
