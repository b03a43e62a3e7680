/** GET /api/alerts/stream: Server-Sent Events of the tenant's alert timeline (realtimeAlerts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { alertStreamApi } from "~/modules/alerts/api.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => alertStreamApi(request, context);
export const action = onlyGet;
