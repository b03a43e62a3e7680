/** POST /api/threat-hunting/sigma { yaml, from?, to? } — a retro-hunt. Handler: app/modules/detection/api.server.ts. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { sigmaHuntApi } from "~/modules/detection/api.server";

export const loader = methodNotAllowedHandler;

export const action = ({ request }: ActionFunctionArgs) => sigmaHuntApi(request);
