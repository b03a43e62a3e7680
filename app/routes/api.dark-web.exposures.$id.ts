/**
 * POST /api/dark-web/exposures/:id { status: "resolved" | "skipped" | "open" }:
 * marks the exposure; answers it. Another tenant's id and a missing one both
 * answer 404 NOT_FOUND.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { limitWrites, methodNotAllowedHandler } from "~/lib/api.server";
import { badRequest, firstIssue, json, methodNotAllowed, notFound, readJsonBody } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit/audit.server";
import { listExposures, setExposureStatus } from "~/modules/breach/watchlist.server";

const BodySchema = z.object({
  status: z.enum(["resolved", "skipped", "open"], { error: 'status must be "resolved", "skipped" or "open"' }),
});

export const loader = methodNotAllowedHandler;

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "darkWebMonitoring", permission: ["exposure", "triage"] });
  limitWrites(ctx.user.id);
  const parsed = BodySchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const id = params.id ?? "";
  if (!setExposureStatus(ctx.tenant.id, id, parsed.data.status, ctx.user.id)) return notFound();
  audit({
    action: `darkweb.exposure_${parsed.data.status}`,
    tenantId: ctx.tenant.id,
    userId: ctx.user.id,
    ip: clientIp(context),
    detail: { exposureId: id },
  });
  const exposure = listExposures(ctx.tenant.id).find((e) => e.id === id);
  return exposure ? json({ exposure }) : notFound();
}
