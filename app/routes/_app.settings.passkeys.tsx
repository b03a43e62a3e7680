import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SettingsNotice, type SettingsResult } from "~/components/settings-notice";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { useActionResult } from "~/lib/use-action-result";
import { listPasskeys, relyingParty, removePasskey, renamePasskey } from "~/modules/sso";
import { PasskeysSection, type PasskeysResult } from "~/modules/sso/components/passkeys-section";
import { requireTenantContext } from "~/modules/tenants";

/** Settings → Passkeys (issue 33): the signed-in person's own passkeys, whatever their role. */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Passkeys · Settings · Rampart" }];

export const INTENTS = ["rename-passkey", "remove-passkey"] as const;
const Intent = z.enum(INTENTS);

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return {
    passkeys: {
      available: relyingParty(request.url) !== null,
      passkeys: listPasskeys(ctx.user.id).map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: new Date(p.createdAt).toISOString(),
        lastUsedAt: p.lastUsedAt === null ? null : new Date(p.lastUsedAt).toISOString(),
      })),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request);
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<SettingsResult>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const passkeyId = String(form.get("passkeyId") ?? "");
  const gone = () =>
    data<SettingsResult>({ intent: intent.data, errors: { form: "That passkey no longer exists." } }, { status: 404 });
  if (intent.data === "remove-passkey")
    return removePasskey(ctx.user.id, passkeyId, clientIp(context))
      ? data<SettingsResult>({ intent: intent.data, ok: "Passkey removed. It no longer signs you in." })
      : gone();
  try {
    return renamePasskey(ctx.user.id, passkeyId, String(form.get("name") ?? ""))
      ? data<SettingsResult>({ intent: intent.data, ok: "Passkey renamed." })
      : gone();
  } catch (error) {
    const e = domainFieldError(error);
    return data<SettingsResult>({ intent: intent.data, errors: { [e.field]: e.message } }, { status: e.status });
  }
}

export default function SettingsPasskeys() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as PasskeysResult | undefined;
  return (
    <>
      <SettingsNotice result={result as SettingsResult | undefined} />
      <PasskeysSection data={d.passkeys} result={result} />
    </>
  );
}
