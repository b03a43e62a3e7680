/** /compliance-monitoring/:framework/report: the printable report of one framework. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FrameworkReport } from "~/modules/compliance/components/framework-report";
import { reportPageLoader } from "~/modules/compliance/route.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.framework.label} report · Rampart` : "Compliance report · Rampart" },
];

export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = ({ request, params }: LoaderFunctionArgs) => reportPageLoader(request, params);

export default function Report() {
  return <FrameworkReport {...useLoaderData<typeof loader>()} />;
}
