/**
 * GET /api/privacy/requests?status=&jurisdiction=&limit= — the selected tenant's data subject requests, newest first.
 * POST /api/privacy/requests — `{ type, jurisdiction, requestedAt?, subjectName, subjectEmail }` -> 201 with the
 * request and its dueDate (YYYY-MM-DD). Shapes: docs/api.md; handlers: app/modules/privacy/api.server.ts.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createRequestApi, listRequestsApi } from "~/modules/privacy";

export const loader = ({ request }: LoaderFunctionArgs) => listRequestsApi(request);

export const action = ({ request, context }: ActionFunctionArgs) => createRequestApi(request, context);
