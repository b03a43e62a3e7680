/** GET /api/incidents?status=&severity=&limit= — the tenant's cases. POST — open a case (optionally from alertIds). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCaseApi, listCasesApi } from "~/modules/incidents";

export const loader = ({ request }: LoaderFunctionArgs) => listCasesApi(request);

export const action = ({ request, context }: ActionFunctionArgs) => createCaseApi(request, context);
