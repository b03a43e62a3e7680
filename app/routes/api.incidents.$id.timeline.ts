/** GET /api/incidents/:id/timeline — the append-only timeline, oldest first. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { forbidden, json, notFound } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { caseExists } from "~/modules/incidents/cases.server";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type IncidentAction } from "~/modules/incidents/permissions";
import { visibleTimeline } from "~/modules/incidents/report.server";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, action: IncidentAction) {
  const ctx = await requireTenantContext(request, { feature: "incidentResponse", api: true });
  if (!can(ctx.tenant.role, "incident", action)) throw forbidden(PERMISSION_MESSAGE[action]);
  return ctx;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const ctx = await context(request, "view");
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  return json({ timeline: visibleTimeline(ctx.tenant.id, id, ctx.tenant.role) }, { headers: noStore });
}

export const action = onlyGet;
