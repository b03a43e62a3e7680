/** GET /api/detection/rules — the tenant's Sigma rules. POST { yaml } — add one (201). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import { badRequest, forbidden, json, methodNotAllowed } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { allows, type Permission } from "~/modules/permissions";
import { DETECTION_PERMISSION_MESSAGE } from "~/modules/detection/permissions";
import {
  countRules,
  createRule,
  listRules,
  MAX_RULES_PER_TENANT,
  ruleSummary,
  loadSubmittedSigma,
} from "~/modules/detection/rules.server";
import { domainErrorResponse } from "~/lib/http.server";
import { readJsonObject } from "~/lib/http.server";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, permission: Permission, refusal: string) {
  const ctx = await requireTenantContext(request, { feature: "threatHunting", api: true });
  if (!allows(ctx.tenant.role, permission)) throw forbidden(refusal);
  return ctx;
}

/** The submitted Sigma file, or its refusal thrown as the API's 400 (the line and the problem). */
function sigmaOr400(yaml: unknown, tenantId: string) {
  try {
    return loadSubmittedSigma(yaml, tenantId);
  } catch (error) {
    throw domainErrorResponse(error);
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await context(request, ["detectionRule", "view"], DETECTION_PERMISSION_MESSAGE.view);
  return json(
    {
      rules: listRules(ctx.tenant.id).map((r) => ({
        ...ruleSummary(r),
        tags: r.tags,
        author: r.author,
        lastMatchAt: r.lastMatchAt ? new Date(r.lastMatchAt).toISOString() : null,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    },
    { headers: noStore },
  );
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, ["detectionRule", "manage"], DETECTION_PERMISSION_MESSAGE.manageRules);
  limitWrites(ctx.user.id);
  const body = await readJsonObject(request);
  const { root: rule } = sigmaOr400(body.yaml, ctx.tenant.id);
  if (countRules(ctx.tenant.id) >= MAX_RULES_PER_TENANT)
    return badRequest(`An organization keeps at most ${MAX_RULES_PER_TENANT} detection rules`);
  const row = createRule(ctx.tenant.id, body.yaml as string, rule, ctx.user.id);
  audit({
    action: "detection.rule_created",
    tenantId: ctx.tenant.id,
    userId: ctx.user.id,
    ip: clientIp(loadContext),
    detail: { id: row.id, title: row.title },
  });
  return json(ruleSummary(row), { status: 201, headers: { ...noStore, Location: `/api/detection/rules/${row.id}` } });
}
