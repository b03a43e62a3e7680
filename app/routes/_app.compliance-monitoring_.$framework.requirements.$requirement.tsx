/** /compliance-monitoring/:framework/requirements/:requirement: one requirement's status, owner and evidence. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { RequirementPage } from "~/modules/compliance/components/requirement-page";
import { requirementAction, requirementLoader } from "~/modules/compliance/route.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.requirement.id} · ${data.framework.shortName} · Compliance · Rampart`
      : "Compliance · Rampart",
  },
];

export const headers = () => ({ "Cache-Control": "no-store" });

export const loader = ({ request, params }: LoaderFunctionArgs) => requirementLoader(request, params);
export const action = ({ request, params, context }: ActionFunctionArgs) => requirementAction(request, params, context);

export default function Requirement() {
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  return <RequirementPage {...page} result={result} />;
}
