/**
 * The "API tokens" section of /settings: what its loader shows and what its
 * two form intents do (create-token, revoke-token). Owners and admins on a plan
 * with API access; others see why they cannot.
 */
import { hasFeature, type Plan } from "~/lib/plans";
import type { Role } from "~/lib/permissions";
import { CreateTokenSchema } from "./api.server";
import { can } from "~/modules/permissions";
import { MANAGE_TOKENS_DENIED } from "./permissions";
import { createApiToken, listApiTokens, revokeApiToken, TokenLimitError } from "./tokens.server";

type Ctx = { tenant: { id: string; role: Role }; effectivePlan: Plan; user: { id: string } };

export function tokensSettings(ctx: Ctx) {
  const available = hasFeature(ctx.effectivePlan, "apiAccess");
  const canManage = available && can(ctx.tenant.role, "apiToken", "manage");
  return {
    available,
    canManage,
    tokens: canManage
      ? listApiTokens(ctx.tenant.id).map((t) => ({
          id: t.id,
          name: t.name,
          scopes: t.scopes,
          hint: t.hint,
          createdAt: new Date(t.createdAt).toISOString(),
          lastUsedAt: t.lastUsedAt === null ? null : new Date(t.lastUsedAt).toISOString(),
        }))
      : [],
  };
}

export type TokenActionResult = { ok?: string; errors?: Record<string, string>; token?: string; status: number };

export function tokensAction(
  intent: "create-token" | "revoke-token",
  form: FormData,
  ctx: Ctx,
  ip: string | null,
): TokenActionResult {
  if (!hasFeature(ctx.effectivePlan, "apiAccess"))
    return { status: 403, errors: { form: "API tokens come with the Business and Enterprise plans." } };
  if (!can(ctx.tenant.role, "apiToken", "manage")) return { status: 403, errors: { form: MANAGE_TOKENS_DENIED } };
  if (intent === "revoke-token") {
    const id = form.get("tokenId");
    const ok =
      typeof id === "string" && revokeApiToken({ tenantId: ctx.tenant.id, tokenId: id, userId: ctx.user.id, ip });
    return ok
      ? { status: 200, ok: "Token revoked. Requests with it are refused from now on." }
      : { status: 404, errors: { form: "That token no longer exists." } };
  }
  const parsed = CreateTokenSchema.safeParse({ name: form.get("tokenName") ?? "", scopes: form.getAll("scopes") });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === "name" ? "tokenName" : "scopes";
      errors[key] ??= issue.message;
    }
    return { status: 400, errors };
  }
  try {
    const t = createApiToken({ tenantId: ctx.tenant.id, userId: ctx.user.id, ip, ...parsed.data });
    return { status: 201, ok: `Token “${t.name}” created. Copy it now: it is shown only once.`, token: t.token };
  } catch (error) {
    if (error instanceof TokenLimitError) return { status: 400, errors: { form: error.message } };
    throw error;
  }
}
