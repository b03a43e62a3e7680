/** POST /api/alerts/:id/acknowledge | resolve | silence { until }. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound, readJsonBody } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { can, type PermissionAction } from "~/modules/permissions";
import { alertJson, silenceAlert, transitionAlert } from "~/modules/alerts/alerts.server";
import { now } from "~/modules/alerts/clock.server";

export const loader = methodNotAllowedHandler;
const noStore = { "Cache-Control": "no-store" };

async function context(
  request: Request,
  action: PermissionAction<"alert">,
  feature?: "adminDashboard" | "realtimeAlerts" | "securityAlerts",
) {
  const ctx = await requireTenantContext(request, { api: true, ...(feature ? { feature } : {}) });
  if (!can(ctx.tenant.role, "alert", action))
    throw forbidden(
      action === "triage"
        ? "Owners and admins acknowledge, resolve and silence alerts"
        : "Owners and admins manage notification channels",
    );
  return ctx;
}

const SilenceSchema = z.object({
  until: z
    .string({ error: "until is required (an ISO 8601 date-time in the future)" })
    .max(40)
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: "until must be an ISO 8601 date-time" }),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { id, action } = params;
  if (request.method !== "POST") throw methodNotAllowed();
  if (action !== "acknowledge" && action !== "resolve" && action !== "silence") return notFound();
  // The same plan feature as the /alerts page that offers these buttons (Pro and up).
  const ctx = await context(request, "triage", "securityAlerts");
  limitWrites(ctx.user.id);
  if (!id || id.length > 100) return notFound();
  let alert;
  if (action === "silence") {
    const parsed = SilenceSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return badRequest(firstIssue(parsed.error));
    const until = Date.parse(parsed.data.until);
    if (until <= now()) return badRequest("until must be in the future");
    if (until > now() + 366 * 24 * 3_600_000) return badRequest("until must be within a year");
    alert = silenceAlert(ctx.tenant.id, id, until, ctx.user.id);
  } else {
    alert = transitionAlert(ctx.tenant.id, id, action, ctx.user.id);
  }
  if (!alert) return notFound();
  return json({ alert: alertJson(alert) }, { headers: noStore });
}
