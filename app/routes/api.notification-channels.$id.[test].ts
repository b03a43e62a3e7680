/** POST /api/notification-channels/:id/test -> 202; the test message goes through the outbox. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { limitWrites } from "~/lib/api.server";
import { forbidden, json, methodNotAllowed, notFound } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { can, type PermissionAction } from "~/modules/permissions";
import { queueTestMessage } from "~/modules/alerts/channels.server";

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

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id;
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "configure", "adminDashboard");
  limitWrites(ctx.user.id);
  const deliveryId = id && id.length <= 100 ? queueTestMessage(ctx.tenant.id, id, ctx.user.email) : null;
  if (!deliveryId) return notFound();
  return json({ queued: true, deliveryId }, { status: 202, headers: noStore });
}
