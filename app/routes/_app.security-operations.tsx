import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { TeaserPage } from "~/components/teaser-page";
import { getTenantContext } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Security Operations · Rampart" }];

/** A teaser for signed-out visitors; signed in, security operations live at /siem-soar. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getTenantContext(request)) throw redirect("/siem-soar");
  return { teaser: true as const };
}

export default function SecurityOperations() {
  return <TeaserPage path="/security-operations" />;
}
