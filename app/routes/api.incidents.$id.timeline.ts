/** GET /api/incidents/:id/timeline — the append-only timeline, oldest first. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { json, notFound } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { incidentApiAccess } from "~/modules/incidents/permissions";
import { caseExists } from "~/modules/incidents/cases.server";
import { visibleTimeline } from "~/modules/incidents/report.server";

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const ctx = await requireTenantContext(request, incidentApiAccess("view"));
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  return json({ timeline: visibleTimeline(ctx.tenant.id, id, ctx.tenant.role) }, { headers: noStore });
}

export const action = onlyGet;
