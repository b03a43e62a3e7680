/** GET / PATCH { enabled } / DELETE /api/detection/rules/:id. Handlers: app/modules/detection/api.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ruleApi } from "~/modules/detection/api.server";

export const loader = ({ request, params, context }: LoaderFunctionArgs) => ruleApi(request, params.id ?? "", context);

export const action = ({ request, params, context }: ActionFunctionArgs) => ruleApi(request, params.id ?? "", context);
