/** GET /api/playbooks — the tenant's playbooks. POST — add one (201). Handlers: app/modules/playbooks/api.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createPlaybookApi, listPlaybooksApi } from "~/modules/playbooks";

export const loader = ({ request }: LoaderFunctionArgs) => listPlaybooksApi(request);

export const action = ({ request, context }: ActionFunctionArgs) => createPlaybookApi(request, context);
