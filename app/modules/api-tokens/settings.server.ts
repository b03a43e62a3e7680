/**
 * The "API tokens" section of /settings/tokens: what its loader shows. Owners and
 * admins on a plan with API access; others see why they cannot.
 */
import { hasFeature, type Plan } from "~/lib/plans";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { listApiTokens } from "./tokens.server";

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
