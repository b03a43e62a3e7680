/**
 * Settings → Single sign-on: the organization's OpenID Connect provider (issuer, client id and secret, the verified
 * e-mail domains it covers, the role of people it creates, the groups mapping), its removal, and the owner's switch
 * that requires it. Plain forms: everything works without JavaScript.
 */
import { appRoute } from "~/lib/app-routes";
import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";

export type SsoSectionData = {
  available: boolean;
  requiredPlan: string;
  canConfigure: boolean;
  canEnforce: boolean;
  verifiedDomains: string[];
  redirectUri: string | null;
  connection: {
    issuer: string;
    clientId: string;
    domains: string[];
    enforced: boolean;
    defaultRole: string;
    groupsClaim: string | null;
    roleMap: Record<string, string>;
  } | null;
};
export type SsoResult = { intent: string; ok?: string; errors?: Record<string, string | undefined> };

const ROLES = ["member", "viewer", "admin"] as const;

export function SsoSection({ data, result }: { data: SsoSectionData; result: SsoResult | undefined }) {
  const errors = (result?.intent === "save-sso" ? result.errors : undefined) ?? {};
  const c = data.connection;
  if (!data.available)
    return (
      <section className="card" data-testid="sso">
        <h2 className="text-lg font-semibold">Single sign-on</h2>
        <p className="mt-2 text-sm text-ink-muted">
          Single sign-on with your identity provider comes with the {data.requiredPlan} plan and above.
        </p>
      </section>
    );
  if (!data.canConfigure)
    return (
      <section className="card" data-testid="sso">
        <h2 className="text-lg font-semibold">Single sign-on</h2>
        <p className="mt-2 text-sm">
          {c ? `This organization signs in through ${c.issuer} for ${c.domains.join(", ")}.` : "Not set up."} Owners and
          admins manage single sign-on.
        </p>
      </section>
    );
  return (
    <section aria-labelledby="sso-title" className="card space-y-4" data-testid="sso">
      <div>
        <h2 id="sso-title" className="text-lg font-semibold">
          Single sign-on (OpenID Connect)
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Register Rampart as a web application with your identity provider, with this redirect URI:{" "}
          {data.redirectUri ? (
            <code data-testid="redirect-uri">{data.redirectUri}</code>
          ) : (
            "(set the server's public address first)"
          )}
          . The <a href="/auth0-setup">set-up guide</a> tests a provider before you save it.
        </p>
      </div>
      <Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="save-sso" />
        <FormField
          id="sso-issuer"
          name="issuer"
          label="Issuer URL"
          placeholder="https://login.example.com"
          defaultValue={c?.issuer}
          error={errors.issuer}
          required
        />
        <FormField
          id="sso-client-id"
          name="clientId"
          label="Client ID"
          defaultValue={c?.clientId}
          error={errors.clientId}
          required
        />
        <FormField
          id="sso-client-secret"
          name="clientSecret"
          type="password"
          autoComplete="off"
          label="Client secret"
          hint={
            c
              ? "Stored encrypted and never shown. Leave empty to keep the current one."
              : "Stored encrypted and never shown."
          }
          error={errors.clientSecret}
        />
        <FormField
          id="sso-domains"
          name="domains"
          label="E-mail domains"
          defaultValue={c?.domains.join(", ")}
          hint={
            data.verifiedDomains.length
              ? `Comma-separated. Verified by this organization: ${data.verifiedDomains.join(", ")}.`
              : `Only domains this organization has verified (${appRoute("/dark-web-monitoring").label} → add the domain and its DNS TXT record).`
          }
          error={errors.domains}
          required
        />
        <div>
          <label htmlFor="sso-default-role" className="label">
            Role of people signing in for the first time
          </label>
          <select id="sso-default-role" name="defaultRole" className="input" defaultValue={c?.defaultRole ?? "member"}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <FormField
          id="sso-groups-claim"
          name="groupsClaim"
          label="Groups claim (optional)"
          placeholder="groups"
          defaultValue={c?.groupsClaim ?? undefined}
          error={errors.groupsClaim}
        />
        <div>
          <label htmlFor="sso-role-map" className="label">
            Groups to roles (optional)
          </label>
          <textarea
            id="sso-role-map"
            name="roleMap"
            className="input font-mono"
            rows={3}
            placeholder={"security-team = admin\nauditors = viewer"}
            defaultValue={
              c
                ? Object.entries(c.roleMap)
                    .map(([g, r]) => `${g} = ${r}`)
                    .join("\n")
                : undefined
            }
            aria-invalid={errors.roleMap ? true : undefined}
            aria-describedby={errors.roleMap ? "sso-role-map-error" : "sso-role-map-hint"}
          />
          <p id="sso-role-map-hint" className="mt-1 text-xs text-ink-muted">
            One “group = role” per line (admin, member or viewer). At a first sign-in the highest mapped role wins.
          </p>
          {errors.roleMap ? (
            <p id="sso-role-map-error" className="field-error" role="alert">
              {errors.roleMap}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary">
          {c ? "Save and test the connection" : "Connect and test"}
        </button>
      </Form>
      {c ? (
        <div className="space-y-3 border-t border-slate-200 pt-3">
          <p className="text-sm" data-testid="sso-enforcement">
            {c.enforced
              ? "Single sign-on is required: covered members cannot sign in with a password or passkey, except the owner who required it (the break-glass account)."
              : "Single sign-on is optional: covered members may still sign in with a password or passkey."}
          </p>
          {data.canEnforce ? (
            <Form method="post">
              <input type="hidden" name="intent" value="enforce-sso" />
              <input type="hidden" name="enforced" value={c.enforced ? "off" : "on"} />
              <button type="submit" className="btn-secondary">
                {c.enforced ? "Allow passwords again" : "Require single sign-on"}
              </button>
            </Form>
          ) : (
            <p className="text-xs text-ink-muted">Only owners can require single sign-on.</p>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="remove-sso" />
            <button type="submit" className="btn-danger">
              Remove single sign-on
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
