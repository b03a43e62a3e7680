import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SettingsNotice, type SettingsResult } from "~/components/settings-notice";
import { limitWrites } from "~/lib/api.server";
import { domainFieldError, readForm } from "~/lib/http.server";
import { hasFeature, lowestPlanWith, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { clientIp } from "~/lib/request.server";
import { useActionResult } from "~/lib/use-action-result";
import { verifiedDomains } from "~/modules/breach";
import { allows } from "~/modules/permissions";
import {
  appOrigin,
  CALLBACK_PATH,
  CONFIGURE_SSO_DENIED,
  ENFORCE_SSO_DENIED,
  getSsoConnection,
  removeSsoConnection,
  saveSsoConnection,
  setSsoEnforced,
  SsoConfigSchema,
} from "~/modules/sso";
import { SsoSection, type SsoResult } from "~/modules/sso/components/sso-section";
import { requireTenantContext } from "~/modules/tenants";

/** Settings → Single sign-on (issue 33): owners and admins connect the provider; owners require it. */
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Single sign-on · Settings · Rampart" }];

export const INTENTS = ["save-sso", "remove-sso", "enforce-sso"] as const;
const Intent = z.enum(INTENTS);

const SSO_PLAN = PLAN_DISPLAY_NAME[lowestPlanWith("ssoSupport")];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const role = ctx.tenant.role;
  const available = hasFeature(ctx.effectivePlan, "ssoSupport");
  const canConfigure = available && allows(role, ["sso", "configure"]);
  const origin = appOrigin(request.url);
  const c = available ? getSsoConnection(ctx.tenant.id, request.url) : null;
  return {
    sso: {
      available,
      requiredPlan: SSO_PLAN,
      canConfigure,
      canEnforce: available && allows(role, ["sso", "enforce"]),
      verifiedDomains: canConfigure ? verifiedDomains(ctx.tenant.id) : [],
      redirectUri: origin ? origin + CALLBACK_PATH : null,
      connection: c
        ? {
            issuer: c.issuer,
            clientId: c.clientId,
            domains: c.domains,
            enforced: c.enforced,
            defaultRole: c.defaultRole,
            groupsClaim: c.groupsClaim,
            roleMap: c.roleMap,
          }
        : null,
    },
  };
}

/** "group = role" lines to a map; null when a line does not read. */
function parseRoleMap(text: string): Record<string, string> | null {
  const map: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const m = /^\s*(.+?)\s*=\s*(\S+)\s*$/.exec(line);
    if (!m) return null;
    map[m[1]] = m[2].toLowerCase();
  }
  return map;
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
  const ok = (message: string) => data<SettingsResult>({ intent: intent.data, ok: message });
  if (!hasFeature(ctx.effectivePlan, "ssoSupport"))
    return fail({ form: `Single sign-on comes with the ${SSO_PLAN} plan and above.` }, 403);
  const role = ctx.tenant.role;
  const actor = { userId: ctx.user.id, ip: clientIp(context) };
  if (intent.data === "enforce-sso") {
    if (!allows(role, ["sso", "enforce"])) return fail({ form: ENFORCE_SSO_DENIED }, 403);
    const on = form.get("enforced") === "on";
    try {
      setSsoEnforced(ctx.tenant.id, actor, on);
    } catch (error) {
      const e = domainFieldError(error);
      return fail({ form: e.message }, e.status);
    }
    return ok(
      on
        ? "Single sign-on is now required for covered members. You keep password sign-in as the break-glass owner."
        : "Covered members may sign in with a password again.",
    );
  }
  if (!allows(role, ["sso", "configure"])) return fail({ form: CONFIGURE_SSO_DENIED }, 403);
  if (intent.data === "remove-sso")
    return removeSsoConnection(ctx.tenant.id, actor)
      ? ok("Single sign-on removed. Members sign in with their password or passkey.")
      : fail({ form: "Single sign-on is not set up." }, 404);
  const roleMap = parseRoleMap(String(form.get("roleMap") ?? ""));
  if (roleMap === null) return fail({ roleMap: "Write one “group = role” per line." }, 400);
  const text = (name: string) => {
    const v = String(form.get(name) ?? "").trim();
    return v === "" ? undefined : v;
  };
  // Built here, not at module level: the module's server code is not in the browser bundle.
  const FormSchema = SsoConfigSchema.extend({ clientSecret: z.string().max(2000).optional() });
  const parsed = FormSchema.safeParse({
    issuer: text("issuer") ?? "",
    clientId: text("clientId") ?? "",
    clientSecret: text("clientSecret"),
    domains: String(form.get("domains") ?? "")
      .split(/[\s,;]+/)
      .filter(Boolean),
    defaultRole: String(form.get("defaultRole") ?? "member"),
    groupsClaim: text("groupsClaim"),
    roleMap: Object.keys(roleMap).length ? roleMap : undefined,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return fail(errors, 400);
  }
  try {
    await saveSsoConnection(ctx.tenant.id, actor, parsed.data, request.url);
  } catch (error) {
    const e = domainFieldError(error);
    return fail({ [e.field]: e.message }, e.status);
  }
  return ok("Single sign-on saved: the provider answered discovery. Try it from the sign-in page.");
}

export default function SettingsSso() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as SsoResult | undefined;
  return (
    <>
      <SettingsNotice result={result as SettingsResult | undefined} />
      <SsoSection data={d.sso} result={result} />
    </>
  );
}
