import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import type { SettingsResult } from "~/components/settings-notice";
import { limitWrites } from "~/lib/api.server";
import { readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { useActionResult } from "~/lib/use-action-result";
import { tokensAction, tokensSettings } from "~/modules/api-tokens";
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
  const r = tokensAction(intent.data, form, ctx, clientIp(context));
  return r.ok
    ? data<SettingsResult>(
        { intent: intent.data, ok: r.ok, ...(r.token ? { token: r.token } : {}) },
        { status: r.status === 201 ? 200 : r.status },
      )
    : data<SettingsResult>({ intent: intent.data, errors: r.errors ?? {} }, { status: r.status });
}

export default function SettingsTokens() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as SettingsResult | undefined;
  return <TokensSection data={d.apiTokens as TokensSectionData} result={result} />;
}
