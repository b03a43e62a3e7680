/** DELETE /api/tokens/:id — revokes the token at once (204); another tenant's id is 404. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { can } from "~/modules/permissions";
import { limitWrites, onlyGet } from "~/lib/api.server";
import { forbidden, methodNotAllowed, notFound } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { MANAGE_TOKENS_DENIED, revokeApiToken } from "~/modules/api-tokens";
import { requireTenantContext } from "~/modules/tenants";

export const loader = onlyGet;

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "apiAccess", api: true });
  if (!can(ctx.tenant.role, "apiToken", "manage")) throw forbidden(MANAGE_TOKENS_DENIED);
  limitWrites(ctx.user.id);
  const ok = revokeApiToken({
    tenantId: ctx.tenant.id,
    tokenId: params.id ?? "",
    userId: ctx.user.id,
    ip: clientIp(context),
  });
  return ok ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }) : notFound();
}
