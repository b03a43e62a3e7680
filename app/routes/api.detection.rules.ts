/** GET /api/detection/rules — the tenant's Sigma rules. POST { yaml } — add one (201). Handlers: app/modules/detection/api.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createRuleApi, listRulesApi } from "~/modules/detection/api.server";

export const loader = ({ request }: LoaderFunctionArgs) => listRulesApi(request);

export const action = ({ request, context }: ActionFunctionArgs) => createRuleApi(request, context);
