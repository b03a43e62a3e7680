/** POST /api/notification-channels/:id/test -> 202; the test message goes through the outbox. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { testChannelApi } from "~/modules/alerts/api.server";

export const loader = methodNotAllowedHandler;
export const action = ({ request, params }: ActionFunctionArgs) => testChannelApi(request, params.id);
