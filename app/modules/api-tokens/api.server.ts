/**
 * The /api/tokens handlers: GET lists `{ id, name, scopes, createdAt, lastUsedAt }`
 * (never the secret), POST `{ name, scopes }` answers 201 with the token shown
 * once, DELETE /api/tokens/:id revokes at once. Owners and admins only, on a
 * plan with API access.
 */
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound, readJsonBody } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { can } from "~/modules/permissions";
import { MANAGE_TOKENS_DENIED } from "./permissions";
import { createApiToken, listApiTokens, revokeApiToken, TokenLimitError, TOKEN_SCOPES } from "./tokens.server";

export const CreateTokenSchema = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, "Give the token a name")
    .max(80, "The name is at most 80 characters"),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: `scopes are ${TOKEN_SCOPES.join(" and ")}` }), {
      error: "scopes must be a list",
    })
    .min(1, "Choose at least one scope"),
});

async function context(request: Request) {
  const ctx = await requireTenantContext(request, { feature: "apiAccess", api: true });
  if (!can(ctx.tenant.role, "apiToken", "manage")) throw forbidden(MANAGE_TOKENS_DENIED);
  return ctx;
}

export async function listTokensApi(request: Request) {
  const ctx = await context(request);
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

export async function createTokenApi(request: Request, loadContext: unknown) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request);
  limitWrites(ctx.user.id);
  const parsed = CreateTokenSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const t = createApiToken({
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      ...parsed.data,
    });
    return json(
      { id: t.id, name: t.name, scopes: t.scopes, token: t.token, createdAt: new Date(t.createdAt).toISOString() },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof TokenLimitError) return badRequest(error.message);
    throw error;
  }
}

export async function revokeTokenApi(request: Request, id: string, loadContext: unknown) {
  if (request.method !== "DELETE") throw methodNotAllowed();
  const ctx = await context(request);
  limitWrites(ctx.user.id);
  const ok = revokeApiToken({ tenantId: ctx.tenant.id, tokenId: id, userId: ctx.user.id, ip: clientIp(loadContext) });
  return ok ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }) : notFound();
}
