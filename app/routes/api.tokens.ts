/**
 * GET /api/tokens — the tenant's live API tokens `{ id, name, scopes, createdAt, lastUsedAt }` (never the secret).
 * POST /api/tokens — `{ name, scopes }` -> 201 `{ id, name, scopes, token, createdAt }` (the token shown once).
 * Owners and admins, plans with API access.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/modules/permissions";
import { limitWrites } from "~/lib/api.server";
import {
  badRequest,
  domainErrorResponse,
  firstIssue,
  forbidden,
  json,
  methodNotAllowed,
  readJsonBody,
} from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { createApiToken, CreateTokenSchema, listApiTokens, MANAGE_TOKENS_DENIED } from "~/modules/api-tokens";
import { requireTenantContext } from "~/modules/tenants";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "apiAccess", api: true });
  if (!can(ctx.tenant.role, "apiToken", "manage")) throw forbidden(MANAGE_TOKENS_DENIED);
  return json(
    listApiTokens(ctx.tenant.id).map(({ id, name, scopes, createdAt, lastUsedAt }) => ({
      id,
      name,
      scopes,
      createdAt: new Date(createdAt).toISOString(),
      lastUsedAt: lastUsedAt === null ? null : new Date(lastUsedAt).toISOString(),
    })),
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "apiAccess", api: true });
  if (!can(ctx.tenant.role, "apiToken", "manage")) throw forbidden(MANAGE_TOKENS_DENIED);
  limitWrites(ctx.user.id);
  const parsed = CreateTokenSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const t = createApiToken({ tenantId: ctx.tenant.id, userId: ctx.user.id, ip: clientIp(context), ...parsed.data });
    return json(
      { id: t.id, name: t.name, scopes: t.scopes, token: t.token, createdAt: new Date(t.createdAt).toISOString() },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return domainErrorResponse(error);
  }
}
