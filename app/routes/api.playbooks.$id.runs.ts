/** GET /api/playbooks/:id/runs — a playbook's runs with their steps. Handler: app/modules/playbooks/api.server.ts. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPlaybookRunsApi } from "~/modules/playbooks";

export const loader = ({ request, params }: LoaderFunctionArgs) => listPlaybookRunsApi(request, params.id ?? "");
