/** GET /api/incidents/:id — one case with tasks, observables, evidence, alerts and SLA state. PATCH — change it. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getCaseApi, patchCaseApi } from "~/modules/incidents";

export const loader = ({ request, params }: LoaderFunctionArgs) => getCaseApi(request, params.id ?? "");

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  patchCaseApi(request, params.id ?? "", context);
