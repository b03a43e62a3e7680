/** POST /api/alerts/:id/acknowledge | resolve | silence { until } (handlers: app/modules/alerts/api.server.ts). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { alertActionApi } from "~/modules/alerts/api.server";

export const loader = methodNotAllowedHandler;
export const action = ({ request, params }: ActionFunctionArgs) => alertActionApi(request, params.id, params.action);
