import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ModuleRoute } from "~/components/module-page";
import { moduleLoader } from "~/modules/tenants";
import { appRoute } from "~/lib/app-routes";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/network-security").label} · Rampart` }];

export const loader = ({ request }: LoaderFunctionArgs) => moduleLoader(request, "/network-security");

export default function Page() {
  return <ModuleRoute path="/network-security" />;
}
