/** /incident-response/:id: one case (status, tasks, observables, evidence, timeline) and its printable report. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CasePage } from "~/modules/incidents/components/case-page";
import { caseAction, caseLoader } from "~/modules/incidents";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.case.reference ?? "Case"} · Incident Response · Rampart` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => caseLoader(request, params.id ?? "");

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  caseAction(request, params.id ?? "", context);

export default function Page() {
  return <CasePage />;
}
