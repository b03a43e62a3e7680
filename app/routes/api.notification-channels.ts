/** GET/POST /api/notification-channels (handlers: app/modules/alerts/api.server.ts). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { channelsApi } from "~/modules/alerts/api.server";

export const loader = ({ request }: LoaderFunctionArgs) => channelsApi(request);
export const action = ({ request }: ActionFunctionArgs) => channelsApi(request);
