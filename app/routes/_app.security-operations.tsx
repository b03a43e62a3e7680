import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { TeaserPage } from "~/components/teaser-page";
import { appRoute } from "~/lib/app-routes";
import { getTenantContext } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

// Signed out this path is the teaser of the module signed-in users find at /siem-soar: it carries that module's name.
export const meta: MetaFunction = () => [{ title: `${appRoute("/siem-soar").label} · Rampart` }];

/** A teaser for signed-out visitors; signed in, security operations live at /siem-soar. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getTenantContext(request)) throw redirect("/siem-soar");
  return { teaser: true as const };
}

export default function SecurityOperations() {
  return <TeaserPage path="/security-operations" />;
}
