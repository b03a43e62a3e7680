import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { can } from "~/modules/permissions";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import type { SettingsResult } from "~/components/settings-notice";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { hasFeature } from "~/lib/plans";
import { clientIp } from "~/lib/request.server";
import { useActionResult } from "~/lib/use-action-result";
import {
  createApiToken,
  CreateTokenSchema,
  MANAGE_TOKENS_DENIED,
  revokeApiToken,
  tokensSettings,
} from "~/modules/api-tokens";
import { TokensSection, type TokensSectionData } from "~/modules/api-tokens/components/tokens-section";
import { requireTenantContext } from "~/modules/tenants";

/** Settings → API tokens: owners and admins on a plan with API access create and revoke tokens. */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "API tokens · Settings · Rampart" }];

export const INTENTS = ["create-token", "revoke-token"] as const;
const Intent = z.enum(INTENTS);

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return { apiTokens: tokensSettings(ctx) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request);
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<SettingsResult>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const fail = (errors: Record<string, string>, status: number) =>
    data<SettingsResult>({ intent: intent.data, errors }, { status });
  const ok = (message: string, token?: string) =>
    data<SettingsResult>({ intent: intent.data, ok: message, ...(token ? { token } : {}) });
  if (!hasFeature(ctx.effectivePlan, "apiAccess"))
    return fail({ form: "API tokens come with the Business and Enterprise plans." }, 403);
  if (!can(ctx.tenant.role, "apiToken", "manage")) return fail({ form: MANAGE_TOKENS_DENIED }, 403);
  const ip = clientIp(context);
  if (intent.data === "revoke-token") {
    const id = form.get("tokenId");
    const revoked =
      typeof id === "string" && revokeApiToken({ tenantId: ctx.tenant.id, tokenId: id, userId: ctx.user.id, ip });
    return revoked
      ? ok("Token revoked. Requests with it are refused from now on.")
      : fail({ form: "That token no longer exists." }, 404);
  }
  const parsed = CreateTokenSchema.safeParse({ name: form.get("tokenName") ?? "", scopes: form.getAll("scopes") });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === "name" ? "tokenName" : "scopes";
      errors[key] ??= issue.message;
    }
    return fail(errors, 400);
  }
  try {
    const t = createApiToken({ tenantId: ctx.tenant.id, userId: ctx.user.id, ip, ...parsed.data });
    return ok(`Token “${t.name}” created. Copy it now: it is shown only once.`, t.token);
  } catch (error) {
    const e = domainFieldError(error);
    return fail({ [e.field]: e.message }, e.status);
  }
}

export default function SettingsTokens() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as SettingsResult | undefined;
  return <TokensSection data={d.apiTokens as TokensSectionData} result={result} />;
}
