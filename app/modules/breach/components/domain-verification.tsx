/**
 * "Verify your domains": each watched domain not verified yet, with the DNS TXT
 * record that proves the organization controls it and a Verify button that
 * checks it now (issue 32). The record is also checked every hour by the
 * server, so pressing Verify is never required. Works without JavaScript
 * (a plain form post to the page's action, intent "verify-domain").
 */
import { Form, useNavigation } from "@remix-run/react";
import { useFormat } from "~/lib/format-context";

export type PendingDomainItem = {
  id: string;
  domain: string;
  record: string;
  checkedAt: number | null;
  error: string | null;
};

export type VerifyResult = { identityId: string; verified: boolean; sent?: boolean; message: string } | null;

export function DomainVerification({
  domains,
  canVerify,
  result,
}: {
  domains: PendingDomainItem[];
  canVerify: boolean;
  result: VerifyResult;
}) {
  const navigation = useNavigation();
  const intl = useFormat();
  const verifying =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "verify-domain"
      ? String(navigation.formData.get("identityId"))
      : null;
  // A domain just verified is no longer pending: its confirmation is shown above the list.
  const verifiedNow = result?.verified && !domains.some((d) => d.id === result.identityId) ? result : null;
  if (domains.length === 0 && !verifiedNow) return null;
  return (
    <section aria-labelledby="verify-heading" className="card" data-testid="domain-verification">
      <h2 id="verify-heading" className="text-lg font-semibold">
        Verify your domains
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        A domain&apos;s breaches are shown once your organization proves it controls the domain: add the TXT record
        below at your DNS provider (on the domain itself, not a subdomain), or serve the same value as a file at{" "}
        <code>https://&lt;domain&gt;/.well-known/rampart-verification.txt</code>, then press Verify. Rampart also checks
        again every hour.
      </p>
      <div aria-live="polite">
        {verifiedNow ? (
          <p className="mt-3 rounded-card border border-ok/40 bg-ok-light p-3 text-sm text-ok" role="status">
            {verifiedNow.message}
          </p>
        ) : null}
      </div>
      <ul className="mt-4 space-y-4">
        {domains.map((d) => {
          const mine = result && result.identityId === d.id ? result : null;
          return (
            <li key={d.id} className="rounded-card border border-slate-200 p-3" data-testid="pending-domain">
              <p className="font-medium [overflow-wrap:anywhere]">{d.domain}</p>
              <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-ink-muted">Record type</dt>
                <dd>TXT</dd>
                <dt className="text-ink-muted">Name</dt>
                <dd className="[overflow-wrap:anywhere]">{d.domain}</dd>
                <dt className="text-ink-muted">Value</dt>
                <dd>
                  <code className="select-all [overflow-wrap:anywhere]" data-testid="txt-record">
                    {d.record}
                  </code>
                </dd>
                <dt className="text-ink-muted">Last checked</dt>
                <dd>
                  {d.checkedAt ? (
                    <>
                      <time dateTime={new Date(d.checkedAt).toISOString()}>{intl.formatDateTime(d.checkedAt)}</time>
                      {d.error ? `: ${d.error}` : ""}
                    </>
                  ) : (
                    "Not checked yet"
                  )}
                </dd>
              </dl>
              {mine && !mine.verified ? (
                mine.sent ? (
                  <p className="mt-2 text-sm" role="status" data-testid="confirmation-sent">
                    {mine.message}
                  </p>
                ) : (
                  <p className="field-error mt-2" role="alert">
                    {mine.message}
                  </p>
                )
              ) : null}
              {canVerify ? (
                <Form method="post" preventScrollReset className="mt-3">
                  <input type="hidden" name="intent" value="verify-domain" />
                  <input type="hidden" name="identityId" value={d.id} />
                  <button
                    type="submit"
                    className="btn-primary"
                    disabled={verifying === d.id}
                    aria-label={`Verify ${d.domain}`}
                  >
                    {verifying === d.id ? "Checking..." : "Verify"}
                  </button>
                </Form>
              ) : null}
              {canVerify ? (
                <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="mail-domain-confirmation" />
                  <input type="hidden" name="identityId" value={d.id} />
                  <div>
                    <label htmlFor={`mailbox-${d.id}`} className="label">
                      Or mail a confirmation link to
                    </label>
                    <select id={`mailbox-${d.id}`} name="mailbox" className="input">
                      {["security", "postmaster", "hostmaster"].map((m) => (
                        <option key={m} value={m}>{`${m}@${d.domain}`}</option>
                      ))}
                    </select>
                  </div>
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={`Mail a confirmation link for ${d.domain}`}
                  >
                    Mail the link
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
