/** GET /api/incidents/:id — one case with tasks, observables, evidence, alerts and SLA state. PATCH — change it. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { caseExists, updateCase } from "~/modules/incidents/cases.server";
import { can } from "~/modules/permissions";
import { incidentApiAccess, PERMISSION_MESSAGE } from "~/modules/incidents/permissions";
import { checkSlaBreaches } from "~/modules/incidents/sla.server";
import { PatchCaseSchema } from "~/modules/incidents/validation";
import { readJsonObject } from "~/lib/http.server";
import { domainErrorResponse } from "~/lib/http.server";
import { caseForApi } from "~/modules/incidents/api-view.server";

const noStore = { "Cache-Control": "no-store" };

const MANAGED = ["status", "resolution", "assigneeId"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const ctx = await requireTenantContext(request, incidentApiAccess("view"));
  checkSlaBreaches(ctx.tenant.id);
  const found = caseForApi(ctx.tenant.id, id, ctx.tenant.role);
  return found ? json(found, { headers: noStore }) : notFound();
}

export async function action({ request, params, context: loadContext }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method !== "PATCH") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, incidentApiAccess("work"));
  limitWrites(ctx.user.id);
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  const parsed = PatchCaseSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  if (MANAGED.some((k) => parsed.data[k] !== undefined) && !can(ctx.tenant.role, "incident", "manage"))
    return forbidden(PERMISSION_MESSAGE.manage);
  try {
    updateCase(ctx.tenant.id, id, parsed.data, { userId: ctx.user.id });
    audit({
      action: "incident.updated",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      detail: { id, changes: Object.keys(parsed.data) },
    });
    return json(caseForApi(ctx.tenant.id, id, ctx.tenant.role), { headers: noStore });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
