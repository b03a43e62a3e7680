/** POST /api/threat-hunting/sigma { yaml, from?, to? } — a retro-hunt. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { retroHunt, retroHuntCorrelation } from "~/modules/detection/detect.server";
import { allows, type Permission } from "~/modules/permissions";
import { DETECTION_PERMISSION_MESSAGE } from "~/modules/detection/permissions";
import { loadSubmittedSigma } from "~/modules/detection/rules.server";
import { domainErrorResponse } from "~/lib/http.server";
import { type SigmaRule } from "~/modules/detection/sigma";
import { readJsonObject } from "~/lib/http.server";

export const loader = methodNotAllowedHandler;

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

/** An instant: ISO 8601 or unix milliseconds. */
const Instant = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .max(64)
    .refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO 8601 date-time")
    .transform((s) => Date.parse(s)),
]);

const HuntSchema = z.object({
  yaml: z.string({ error: "yaml is required: the Sigma rule as text" }),
  from: Instant.optional(),
  to: Instant.optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, ["hunt", "run"], DETECTION_PERMISSION_MESSAGE.hunt);
  limitWrites(ctx.user.id);
  const parsed = HuntSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const { root: rule, correlation } = sigmaOr400(parsed.data.yaml, ctx.tenant.id);
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
