/**
 * Settings → API tokens: create (name and scopes; the secret is shown once),
 * list (name, scopes, the first characters, created, last used) and revoke.
 * Plain forms posting to the settings action: works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { useFormat } from "~/lib/format-context";

type Token = { id: string; name: string; scopes: string[]; hint: string; createdAt: string; lastUsedAt: string | null };
export type TokensSectionData = { available: boolean; canManage: boolean; tokens: Token[] };
export type TokensSectionResult = {
  intent: string;
  ok?: string;
  errors?: Record<string, string | undefined>;
  token?: string;
};

const SCOPES = [
  { value: "events:write", label: "events:write — send events (POST /api/events, Splunk HEC)" },
  { value: "read", label: "read — read tenant data (GET requests)" },
];

export function TokensSection({ data, result }: { data: TokensSectionData; result: TokensSectionResult | undefined }) {
  const intl = useFormat();
  const mine = result && (result.intent === "create-token" || result.intent === "revoke-token") ? result : undefined;
  const errors = mine?.errors ?? {};
  return (
    <section aria-labelledby="tokens-title" className="card" data-testid="api-tokens">
      <h2 id="tokens-title" className="text-lg font-semibold">
        API tokens
      </h2>
      {!data.available ? (
        <p className="mt-2 text-sm text-ink-muted">
          API tokens come with the Business and Enterprise plans (and trials).
        </p>
      ) : !data.canManage ? (
        <p className="mt-2 text-sm text-ink-muted">Owners and admins create and revoke API tokens.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            Tokens let log shippers and scripts call the API as this organization, limited to their scopes. Send one as{" "}
            <code>Authorization: Bearer &lt;token&gt;</code> (or <code>Authorization: Splunk &lt;token&gt;</code> to the
            HEC endpoint).
          </p>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="create-token" />
            <FormField
              id="token-name"
              name="tokenName"
              label="Name"
              maxLength={80}
              required
              error={errors.tokenName}
              placeholder="e.g. vector on web-1"
            />
            <fieldset aria-describedby={errors.scopes ? "token-scopes-error" : undefined}>
              <legend className="label">Scopes</legend>
              {SCOPES.map((s) => (
                <label key={s.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="scopes"
                    value={s.value}
                    defaultChecked={s.value === "events:write"}
                    aria-invalid={errors.scopes ? true : undefined}
                  />
                  {s.label}
                </label>
              ))}
              {errors.scopes ? (
                <p id="token-scopes-error" className="field-error" role="alert">
                  {errors.scopes}
                </p>
              ) : null}
            </fieldset>
            <button type="submit" className="btn-primary">
              Create token
            </button>
          </Form>
          {mine?.ok ? (
            <p role="status" className="mt-3 rounded-md bg-ok-light p-3 text-sm text-ok">
              {mine.ok}
            </p>
          ) : null}
          {errors.form ? (
            <p role="alert" className="mt-3 rounded-md bg-danger-light p-3 text-sm text-danger">
              {errors.form}
            </p>
          ) : null}
          {mine?.token ? (
            <div className="mt-2">
              <label htmlFor="new-token" className="label">
                Your new token (shown once)
              </label>
              <input id="new-token" readOnly className="input font-mono" value={mine.token} data-testid="new-token" />
            </div>
          ) : null}
          {data.tokens.length ? (
            <div className="mt-4 overflow-x-auto">
              <table className="stack-table w-full border-collapse text-left text-sm">
                <caption className="sr-only">API tokens</caption>
                <thead>
                  <tr>
                    <th scope="col" className="border-b border-slate-200 py-1 pr-3">
                      Name
                    </th>
                    <th scope="col" className="border-b border-slate-200 py-1 pr-3">
                      Scopes
                    </th>
                    <th scope="col" className="border-b border-slate-200 py-1 pr-3">
                      Starts with
                    </th>
                    <th scope="col" className="border-b border-slate-200 py-1 pr-3">
                      Created
                    </th>
                    <th scope="col" className="border-b border-slate-200 py-1 pr-3">
                      Last used
                    </th>
                    <th scope="col" className="border-b border-slate-200 py-1">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.tokens.map((t) => (
                    <tr key={t.id}>
                      <td className="border-b border-slate-100 py-1 pr-3">{t.name}</td>
                      <td className="border-b border-slate-100 py-1 pr-3" data-label="Scopes">
                        {t.scopes.join(", ")}
                      </td>
                      <td className="border-b border-slate-100 py-1 pr-3 font-mono" data-label="Starts with">
                        {t.hint}…
                      </td>
                      <td className="border-b border-slate-100 py-1 pr-3" data-label="Created">
                        {intl.formatDate(t.createdAt)}
                      </td>
                      <td className="border-b border-slate-100 py-1 pr-3" data-label="Last used">
                        {t.lastUsedAt ? intl.formatDateTime(t.lastUsedAt) : "Never"}
                      </td>
                      <td className="border-b border-slate-100 py-1">
                        <Form method="post">
                          <input type="hidden" name="intent" value="revoke-token" />
                          <input type="hidden" name="tokenId" value={t.id} />
                          <button type="submit" className="text-sm text-brand underline">
                            Revoke<span className="sr-only"> {t.name}</span>
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="mt-3 text-sm text-ink-muted">
              No tokens yet. Create one above to send events from a log shipper or a script.
            </p>
          )}
        </>
      )}
    </section>
  );
}
