/** GET /api/detections?limit=&ruleId=&since= — detections, newest first. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { z } from "zod";
import { badRequest, firstIssue, forbidden, json } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { listDetections } from "~/modules/detection/detect.server";
import { allows, type Permission } from "~/modules/permissions";
import { DETECTION_PERMISSION_MESSAGE } from "~/modules/detection/permissions";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, permission: Permission, refusal: string) {
  const ctx = await requireTenantContext(request, { feature: "threatHunting", api: true });
  if (!allows(ctx.tenant.role, permission)) throw forbidden(refusal);
  return ctx;
}

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

export async function loader({ request }: LoaderFunctionArgs) {
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

export const action = onlyGet;
