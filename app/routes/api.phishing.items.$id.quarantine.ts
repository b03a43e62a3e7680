/**
 * POST /api/phishing/items/:id/quarantine — quarantines the message; answers the item.
 * An id of another tenant and a missing id both answer 404 NOT_FOUND.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { limitWrites, methodNotAllowedHandler } from "~/lib/api.server";
import { json, methodNotAllowed, notFound } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit/audit.server";
import { apiItem, getPhishingItem, setPhishingStatus } from "~/modules/phishing/phishing.server";

export const loader = methodNotAllowedHandler;

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "phishingAnalyzer", permission: ["email", "triage"] });
  limitWrites(ctx.user.id);
  const id = params.id ?? "";
  if (!setPhishingStatus(ctx.tenant.id, id, "quarantined", ctx.user.id)) return notFound();
  audit({
    action: "phishing.quarantined",
    tenantId: ctx.tenant.id,
    userId: ctx.user.id,
    ip: clientIp(context),
    detail: { id },
  });
  const item = getPhishingItem(ctx.tenant.id, id);
  if (!item) return notFound();
  return json(apiItem(item));
}
