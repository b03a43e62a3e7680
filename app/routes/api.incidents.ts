/** GET /api/incidents?status=&severity=&limit= — the tenant's cases. POST — open a case (optionally from alertIds). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { z } from "zod";
import { createCase, listCases } from "~/modules/incidents/cases.server";
import { can } from "~/modules/permissions";
import { incidentApiAccess, PERMISSION_MESSAGE } from "~/modules/incidents/permissions";
import { checkSlaBreaches } from "~/modules/incidents/sla.server";
import { SEVERITIES, STATUSES } from "~/modules/incidents/types";
import { CreateCaseSchema } from "~/modules/incidents/validation";
import { readJsonObject } from "~/lib/http.server";
import { domainErrorResponse } from "~/lib/http.server";
import { caseForApi } from "~/modules/incidents/api-view.server";

const noStore = { "Cache-Control": "no-store" };

const FilterSchema = z.object({
  status: z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(", ")}` }).optional(),
  severity: z.enum(SEVERITIES, { error: `severity must be one of ${SEVERITIES.join(", ")}` }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(1000).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, incidentApiAccess("view"));
  const url = new URL(request.url);
  const parsed = FilterSchema.safeParse({
    status: url.searchParams.get("status") || undefined,
    severity: url.searchParams.get("severity") || undefined,
    limit: url.searchParams.get("limit") || undefined,
  });
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  checkSlaBreaches(ctx.tenant.id);
  return json({ incidents: listCases(ctx.tenant.id, parsed.data) }, { headers: noStore });
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, incidentApiAccess("work"));
  limitWrites(ctx.user.id);
  const parsed = CreateCaseSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  if (parsed.data.assigneeId && !can(ctx.tenant.role, "incident", "manage"))
    return forbidden(PERMISSION_MESSAGE.manage);
  try {
    const created = createCase(
      ctx.tenant.id,
      { ...parsed.data, source: parsed.data.source ?? (parsed.data.alertIds?.length ? "alerts" : "api") },
      { userId: ctx.user.id },
    );
    audit({
      action: "incident.opened",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      detail: { id: created.id, reference: created.reference, alerts: created.alerts.length },
    });
    return json(caseForApi(ctx.tenant.id, created.id, ctx.tenant.role), {
      status: 201,
      headers: { ...noStore, Location: `/api/incidents/${created.id}` },
    });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
