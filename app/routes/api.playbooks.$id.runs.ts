/** GET /api/playbooks/:id/runs?limit= -> { runs: [{ id, status, trigger, steps: [{ type, outcome, message }] }] }. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/modules/permissions";
import { badRequest, forbidden, json, notFound } from "~/lib/http.server";
import { PLAYBOOK_PERMISSION_MESSAGE } from "~/modules/playbooks";
import { getPlaybook, listRuns, runView } from "~/modules/playbooks/playbooks.server";
import { requireTenantContext } from "~/modules/tenants";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "teamMonitoring", api: true });
  if (!can(ctx.tenant.role, "playbook", "view")) throw forbidden(PLAYBOOK_PERMISSION_MESSAGE.view);
  const id = params.id ?? "";
  if (!getPlaybook(ctx.tenant.id, id)) return notFound();
  const raw = new URL(request.url).searchParams.get("limit");
  let limit = 50;
  if (raw !== null) {
    limit = Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      return badRequest("limit must be an integer from 1 to 500");
  }
  return json({ runs: listRuns(ctx.tenant.id, { playbookId: id, limit }).map(runView) }, { headers: noStore });
}

const noStore = { "Cache-Control": "no-store" };
