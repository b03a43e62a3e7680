/**
 * GET /api/privacy/requests/:id — one request. PATCH — status (with reason or method), extension
 * `{ reason, notifiedAt }`, assigneeId, notes, checklist tasks. Another tenant's id answers 404.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getRequestApi, patchRequestApi } from "~/modules/privacy";

export const loader = ({ request, params }: LoaderFunctionArgs) => getRequestApi(request, params.id ?? "");

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  patchRequestApi(request, params.id ?? "", context);
