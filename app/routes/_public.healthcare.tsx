import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { IndustryPage } from "~/components/marketing/industry-page";
import { requireUser } from "~/modules/tenants";
import { INDUSTRIES } from "~/modules/marketing/industries";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const industry = INDUSTRIES.healthcare;

export const meta: MetaFunction = ({ matches }) =>
  seo({ title: industry.title, description: industry.description, path: "/healthcare", noindex: true }, matches);

/** Signed-in only (docs/product.md §2): signed-out visitors go to /login?redirectTo=/healthcare. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Healthcare() {
  return <IndustryPage industry={industry} />;
}
