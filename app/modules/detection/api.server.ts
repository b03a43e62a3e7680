/**
 * The detection API handlers (route files stay one line each). Shapes are pinned by issue 15 and docs/api.md:
 *   POST /api/detection/rules { yaml } -> 201 { id, title, level, status, logsource, enabled: true }
 *   GET /api/detection/rules, PATCH /api/detection/rules/:id { enabled }, DELETE /api/detection/rules/:id
 *   GET /api/detections?limit=&ruleId=&since= -> { detections: [...] } newest first, limit <= 1000
 *   POST /api/threat-hunting/sigma { yaml, from?, to? } -> 200 { matches: [{ eventId, time }], scanned }
 * A malformed rule is 400 VALIDATION_ERROR with "line N: problem".
 */
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound, readJsonBody } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { listDetections, retroHunt, retroHuntCorrelation } from "./detect.server";
import { allows, type Permission } from "~/modules/permissions";
import { DETECTION_PERMISSION_MESSAGE } from "./permissions";
import {
  countRules,
  createRule,
  deleteRule,
  getRule,
  listRules,
  MAX_RULES_PER_TENANT,
  ruleSummary,
  setRuleEnabled,
  loadSigmaForTenant,
} from "./rules.server";
import {
  describeRuleError,
  MAX_RULE_BYTES,
  SigmaRuleError,
  type AnyRule,
  type ResolvedCorrelation,
  type SigmaRule,
} from "./sigma";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, permission: Permission, refusal: string) {
  const ctx = await requireTenantContext(request, { feature: "threatHunting", api: true });
  if (!allows(ctx.tenant.role, permission)) throw forbidden(refusal);
  return ctx;
}

/**
 * Loads a Sigma file (one rule, or a correlation with the rules it refers to) or answers 400 with the line and the
 * problem. A correlation's references outside the file resolve against the tenant's stored rules (name or id).
 */
export function parseSigmaFileOr400(
  yaml: unknown,
  tenantId: string,
): { root: AnyRule; correlation: ResolvedCorrelation | null } {
  if (typeof yaml !== "string" || yaml.trim() === "") throw badRequest("yaml is required: the Sigma rule as text");
  if (Buffer.byteLength(yaml) > MAX_RULE_BYTES) throw badRequest(`yaml is larger than ${MAX_RULE_BYTES} bytes`);
  try {
    return loadSigmaForTenant(tenantId, yaml);
  } catch (e) {
    if (e instanceof SigmaRuleError) throw badRequest(describeRuleError(e));
    throw e;
  }
}

async function jsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Send a JSON object");
  return body as Record<string, unknown>;
}

export async function listRulesApi(request: Request) {
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

export async function createRuleApi(request: Request, loadContext: unknown) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, ["detectionRule", "manage"], DETECTION_PERMISSION_MESSAGE.manageRules);
  limitWrites(ctx.user.id);
  const body = await jsonObject(request);
  const { root: rule } = parseSigmaFileOr400(body.yaml, ctx.tenant.id);
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

const PatchSchema = z.object({ enabled: z.boolean({ error: "enabled must be true or false" }) });

export async function ruleApi(request: Request, id: string, loadContext: unknown) {
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
  const parsed = PatchSchema.safeParse(await jsonObject(request));
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

/** An instant: ISO 8601 or unix milliseconds. */
const Instant = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .max(64)
    .refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO 8601 date-time")
    .transform((s) => Date.parse(s)),
]);

const DetectionsQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1, "limit must be 1 to 1000")
    .max(1000, "limit must be 1 to 1000")
    .default(100),
  ruleId: z.string().max(100).optional(),
  since: z
    .string()
    .max(64)
    .transform((s, ctx) => {
      const ms = /^\d+$/.test(s) ? Number(s) : Date.parse(s);
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: "custom", message: "since must be an ISO 8601 date-time" });
        return z.NEVER;
      }
      return ms;
    })
    .optional(),
});

export async function listDetectionsApi(request: Request) {
  const ctx = await context(request, ["detectionRule", "view"], DETECTION_PERMISSION_MESSAGE.view);
  const url = new URL(request.url);
  const parsed = DetectionsQuery.safeParse({
    limit: url.searchParams.get("limit") || undefined,
    ruleId: url.searchParams.get("ruleId") || undefined,
    since: url.searchParams.get("since") || undefined,
  });
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  return json({ detections: listDetections(ctx.tenant.id, parsed.data) }, { headers: noStore });
}

const HuntSchema = z.object({
  yaml: z.string({ error: "yaml is required: the Sigma rule as text" }),
  from: Instant.optional(),
  to: Instant.optional(),
});

export async function sigmaHuntApi(request: Request) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, ["hunt", "run"], DETECTION_PERMISSION_MESSAGE.hunt);
  limitWrites(ctx.user.id);
  const parsed = HuntSchema.safeParse(await jsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const { root: rule, correlation } = parseSigmaFileOr400(parsed.data.yaml, ctx.tenant.id);
  const from = parsed.data.from ?? 0;
  const to = parsed.data.to ?? Date.now() + 86_400_000;
  if (to <= from) return badRequest("to must be after from");
  if (correlation) {
    const found = await retroHuntCorrelation(ctx.tenant.id, correlation, { from, to });
    return json(found, { headers: noStore });
  }
  const result = await retroHunt(ctx.tenant.id, rule as SigmaRule, { from, to });
  return json({ matches: result.matches, scanned: result.scanned, truncated: result.truncated }, { headers: noStore });
}
