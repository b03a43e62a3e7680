/** GET / PATCH { enabled } / DELETE /api/detection/rules/:id. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { allows, type Permission } from "~/modules/permissions";
import { DETECTION_PERMISSION_MESSAGE } from "~/modules/detection/permissions";
import { deleteRule, getRule, ruleSummary, setRuleEnabled } from "~/modules/detection/rules.server";
import { readJsonObject } from "~/lib/http.server";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, permission: Permission, refusal: string) {
  const ctx = await requireTenantContext(request, { feature: "threatHunting", api: true });
  if (!allows(ctx.tenant.role, permission)) throw forbidden(refusal);
  return ctx;
}

const PatchSchema = z.object({ enabled: z.boolean({ error: "enabled must be true or false" }) });

async function ruleApi(request: Request, id: string, loadContext: unknown) {
  if (request.method === "GET") {
    const ctx = await context(request, ["detectionRule", "view"], DETECTION_PERMISSION_MESSAGE.view);
    const row = getRule(ctx.tenant.id, id);
    return row ? json({ ...ruleSummary(row), yaml: row.yaml, tags: row.tags }, { headers: noStore }) : notFound();
  }
  if (request.method !== "PATCH" && request.method !== "DELETE") throw methodNotAllowed();
  const ctx = await context(request, ["detectionRule", "manage"], DETECTION_PERMISSION_MESSAGE.manageRules);
  limitWrites(ctx.user.id);
  if (request.method === "DELETE") {
    if (!deleteRule(ctx.tenant.id, id)) return notFound();
    audit({
      action: "detection.rule_deleted",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      detail: { id },
    });
    return new Response(null, { status: 204, headers: noStore });
  }
  const parsed = PatchSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const row = setRuleEnabled(ctx.tenant.id, id, parsed.data.enabled);
  if (!row) return notFound();
  audit({
    action: "detection.rule_updated",
    tenantId: ctx.tenant.id,
    userId: ctx.user.id,
    ip: clientIp(loadContext),
    detail: { id, enabled: parsed.data.enabled },
  });
  return json(ruleSummary(row), { headers: noStore });
}

export const loader = ({ request, params, context }: LoaderFunctionArgs) => ruleApi(request, params.id ?? "", context);

export const action = ({ request, params, context }: ActionFunctionArgs) => ruleApi(request, params.id ?? "", context);
