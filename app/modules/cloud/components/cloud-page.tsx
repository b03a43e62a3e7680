/**
 * The /cloud-security page: the upload form (a plain multipart form: works without JavaScript), the latest
 * snapshot of each account with its findings by severity, what changed since the upload before, the skipped
 * files, the checks not run for want of input, the history and the mutelist. Resource names that are raw
 * identifiers (UUIDs) are shortened; shell commands stay in the API answer and the docs.
 */
import { Form } from "@remix-run/react";
import { SeverityBadge } from "~/components/ui/severity-badge";
import { PROVIDER_LABEL, type Provider, type Severity } from "../types";
import { useFormat } from "~/lib/format-context";

export type CloudActionData =
  { intent: string; ok: true; message: string } | { intent: string; ok: false; fieldErrors: Record<string, string> };

type Counts = Record<Severity, number>;
type PageFinding = {
  checkId: string;
  cis: string | null;
  title: string;
  severity: Severity;
  resource: string;
  status: "pass" | "fail" | "muted";
  source: "rampart" | "prowler";
  detail: string | null;
  remedy: { text: string; console: string } | null;
  mute: { reason: string; expiresAt: number | null } | null;
};
export type CloudPageData = {
  canUpload: boolean;
  canMute: boolean;
  checkCount: number;
  checks: { id: string; title: string }[];
  accounts: {
    provider: Provider;
    account: string;
    uploadedAt: number;
    failing: Counts;
    passing: number;
    muted: number;
    hasPrevious: boolean;
    newFailures: string[];
    resolved: { checkId: string; title: string; resource: string }[];
    skipped: { file: string; reason: string }[];
    recognised: number;
    notChecked: string[];
    findings: PageFinding[];
  }[];
  history: {
    id: string;
    provider: Provider;
    account: string;
    uploadedAt: number;
    failing: Counts;
    passing: number;
    muted: number;
  }[];
  mutes: {
    id: string;
    checkId: string;
    title: string;
    resource: string;
    reason: string;
    expiresAt: number | null;
    active: boolean;
  }[];
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Raw identifiers shortened for people: "1234abcd…". */
export const display = (s: string) => s.replace(UUID, (u) => `${u.slice(0, 8)}…`);
const SEVERITIES: Severity[] = ["critical", "high", "medium", "low"];
const total = (c: Counts) => SEVERITIES.reduce((n, s) => n + c[s], 0);

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

function UploadForm({ result, busy }: { result: CloudActionData | undefined; busy: boolean }) {
  const errors = result && result.intent === "upload" && !result.ok ? result.fieldErrors : {};
  return (
    <Form method="post" encType="multipart/form-data" className="card space-y-4" data-testid="cloud-upload-form">
      <h2 className="text-lg font-semibold">Upload a snapshot</h2>
      <p className="text-sm text-ink-muted">
        Run the read-only collection script from the Cloud Security guide in the documentation, then upload the zip it
        writes. Files are recognised by their content, whatever their names; Prowler&apos;s JSON (OCSF) output is
        accepted too.
      </p>
      <input type="hidden" name="intent" value="upload" />
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div>
        <label htmlFor="provider" className="label">
          Provider
        </label>
        <select
          id="provider"
          name="provider"
          className="input"
          defaultValue="aws"
          aria-invalid={errors.provider ? true : undefined}
          aria-describedby={errors.provider ? "provider-error" : undefined}
        >
          <option value="aws">AWS</option>
          <option value="azure">Azure</option>
          <option value="gcp">Google Cloud</option>
        </select>
        <FieldError id="provider" error={errors.provider} />
      </div>
      <div>
        <label htmlFor="account" className="label">
          Account label (optional)
        </label>
        <input
          id="account"
          name="account"
          type="text"
          maxLength={120}
          className="input"
          aria-invalid={errors.account ? true : undefined}
          aria-describedby={errors.account ? "account-error" : "account-hint"}
        />
        {errors.account ? (
          <FieldError id="account" error={errors.account} />
        ) : (
          <p id="account-hint" className="mt-1 text-xs text-ink-muted">
            Defaults to the account, subscription or project the files name.
          </p>
        )}
      </div>
      <div>
        <label htmlFor="file" className="label">
          Zip of CLI outputs, or one JSON file
        </label>
        <input
          id="file"
          name="file"
          type="file"
          accept=".zip,.json,application/zip,application/json"
          className="block w-full text-sm"
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? "file-error" : "file-hint"}
        />
        {errors.file ? (
          <FieldError id="file" error={errors.file} />
        ) : (
          <p id="file-hint" className="mt-1 text-xs text-ink-muted">
            Up to 10 MB; a zip of at most 2,000 files, 100 MB unpacked. It is read, never run.
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Checking…" : "Upload and check"}
      </button>
    </Form>
  );
}

function MuteForm({
  result,
  checks,
  preset,
}: {
  result: CloudActionData | undefined;
  checks: { id: string; title: string }[];
  preset?: { checkId: string; resource: string; key: string };
}) {
  const errors = !preset && result && result.intent === "mute" && !result.ok ? result.fieldErrors : {};
  const id = (f: string) => (preset ? `${f}-${preset.key}` : `mute-${f}`);
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="mute" />
      {preset ? (
        <>
          <input type="hidden" name="checkId" value={preset.checkId} />
          <input type="hidden" name="resource" value={preset.resource} />
        </>
      ) : (
        <>
          <div>
            <label htmlFor={id("check")} className="label">
              Check
            </label>
            <input
              id={id("check")}
              name="checkId"
              list="cloud-check-ids"
              className="input"
              aria-invalid={errors.checkId ? true : undefined}
              aria-describedby={errors.checkId ? `${id("check")}-error` : undefined}
            />
            <datalist id="cloud-check-ids">
              {checks.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </datalist>
            <FieldError id={id("check")} error={errors.checkId} />
          </div>
          <div>
            <label htmlFor={id("resource")} className="label">
              Resource (&quot;*&quot; for every resource)
            </label>
            <input
              id={id("resource")}
              name="resource"
              className="input"
              aria-invalid={errors.resource ? true : undefined}
              aria-describedby={errors.resource ? `${id("resource")}-error` : undefined}
            />
            <FieldError id={id("resource")} error={errors.resource} />
          </div>
        </>
      )}
      <div>
        <label htmlFor={id("reason")} className="label">
          Reason
        </label>
        <input
          id={id("reason")}
          name="reason"
          className="input"
          required={!!preset}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id("reason")}-error` : undefined}
        />
        <FieldError id={id("reason")} error={errors.reason} />
      </div>
      <div>
        <label htmlFor={id("expires")} className="label">
          Expires on (optional)
        </label>
        <input
          id={id("expires")}
          name="expires"
          type="date"
          className="input"
          aria-invalid={errors.expires ? true : undefined}
          aria-describedby={errors.expires ? `${id("expires")}-error` : undefined}
        />
        <FieldError id={id("expires")} error={errors.expires} />
      </div>
      <button type="submit" className="btn-secondary">
        Mute
      </button>
    </Form>
  );
}

function FindingRow({
  f,
  canMute,
  isNew,
  rowKey,
  result,
  checks,
}: {
  f: PageFinding;
  canMute: boolean;
  isNew: boolean;
  rowKey: string;
  result: CloudActionData | undefined;
  checks: { id: string; title: string }[];
}) {
  const { formatDate: day } = useFormat();
  return (
    <li className="border-t border-slate-200 py-3" data-testid="cloud-finding" data-status={f.status}>
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge level={f.severity} />
        <span className="font-medium">{f.title}</span>
        {isNew ? <span className="rounded bg-danger-light px-1.5 text-xs text-danger">New</span> : null}
        {f.status === "muted" ? <span className="rounded bg-slate-100 px-1.5 text-xs">Muted</span> : null}
        {f.source === "prowler" ? <span className="rounded bg-slate-100 px-1.5 text-xs">Prowler</span> : null}
      </div>
      <p className="mt-1 text-sm">
        <span className="text-ink-muted">Resource:</span> {display(f.resource)}
        {f.cis ? <span className="text-ink-muted"> · {f.cis}</span> : null}
      </p>
      {f.detail ? <p className="text-sm text-ink-muted">{display(f.detail)}</p> : null}
      {f.mute ? (
        <p className="text-sm text-ink-muted">
          Muted: {f.mute.reason}
          {f.mute.expiresAt ? ` (until ${day(f.mute.expiresAt)})` : " (no expiry)"}
        </p>
      ) : null}
      {f.remedy && f.status !== "pass" ? (
        <div className="mt-1 text-sm">
          <p>{f.remedy.text}</p>
          {f.remedy.console ? <p className="text-ink-muted">In the console: {f.remedy.console}</p> : null}
        </div>
      ) : null}
      {canMute && f.status === "fail" ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm text-brand underline">Mute this finding</summary>
          <MuteForm
            result={result}
            checks={checks}
            preset={{ checkId: f.checkId, resource: f.resource, key: rowKey }}
          />
        </details>
      ) : null}
    </li>
  );
}

export function CloudPage({
  page,
  result,
  busy,
}: {
  page: CloudPageData;
  result: CloudActionData | undefined;
  busy: boolean;
}) {
  const { formatDateTime: when, formatDate: day } = useFormat();
  const muteErrors = result && !result.ok && (result.intent === "mute" || result.intent === "unmute") ? result : null;
  return (
    <div className="space-y-8">
      {result?.ok ? (
        <p className="rounded bg-ok-light p-3 text-sm text-ok" role="status" data-testid="cloud-result">
          {result.message}
        </p>
      ) : null}
      {muteErrors?.fieldErrors.form ? (
        <p className="field-error" role="alert">
          {muteErrors.fieldErrors.form}
        </p>
      ) : null}
      {page.canUpload ? (
        <UploadForm result={result} busy={busy} />
      ) : (
        <p className="text-sm text-ink-muted">Viewers see the findings; members upload snapshots.</p>
      )}

      <section aria-labelledby="accounts-heading" className="space-y-6">
        <h2 id="accounts-heading" className="text-lg font-semibold">
          Latest snapshot per account
        </h2>
        {page.accounts.length === 0 ? (
          <p className="card text-sm" data-testid="cloud-not-checked">
            Not checked: no snapshot uploaded yet. {page.checkCount} checks run on the first upload.
          </p>
        ) : null}
        {page.accounts.map((a) => {
          const failing = a.findings.filter((f) => f.status === "fail");
          const others = a.findings.filter((f) => f.status !== "fail");
          const fresh = new Set(a.newFailures);
          return (
            <article key={`${a.provider}:${a.account}`} className="card space-y-3" data-testid="cloud-account">
              <h3 className="font-semibold">
                {PROVIDER_LABEL[a.provider]} · {display(a.account)}
              </h3>
              <p className="text-sm text-ink-muted">
                Uploaded {when(a.uploadedAt)} · {a.recognised} file{a.recognised === 1 ? "" : "s"} recognised ·{" "}
                {total(a.failing)} failing ({SEVERITIES.map((s) => `${a.failing[s]} ${s}`).join(", ")}) · {a.passing}{" "}
                passing · {a.muted} muted
              </p>
              {a.hasPrevious ? (
                <p className="text-sm">
                  Since the upload before: {a.newFailures.length} new failure{a.newFailures.length === 1 ? "" : "s"},{" "}
                  {a.resolved.length} resolved
                  {a.resolved.length
                    ? ` (${a.resolved
                        .slice(0, 5)
                        .map((r) => `${r.title} on ${display(r.resource)}`)
                        .join("; ")})`
                    : ""}
                  .
                </p>
              ) : null}
              <h4 className="font-medium">Failing</h4>
              {failing.length ? (
                <ul>
                  {failing.map((f, i) => (
                    <FindingRow
                      key={`${f.checkId}:${f.resource}`}
                      f={f}
                      canMute={page.canMute}
                      isNew={fresh.has(`${f.checkId}\u0000${f.resource}`)}
                      rowKey={`${a.provider}-${i}`}
                      result={result}
                      checks={page.checks}
                    />
                  ))}
                </ul>
              ) : (
                <p className="text-sm">No failing finding in the checks that ran.</p>
              )}
              <details>
                <summary className="cursor-pointer text-sm text-brand underline">
                  Passing and muted ({others.length})
                </summary>
                <ul>
                  {others.map((f, i) => (
                    <FindingRow
                      key={`${f.checkId}:${f.resource}`}
                      f={f}
                      canMute={false}
                      isNew={false}
                      rowKey={`${a.provider}-p${i}`}
                      result={result}
                      checks={page.checks}
                    />
                  ))}
                </ul>
              </details>
              {a.notChecked.length ? (
                <details>
                  <summary className="cursor-pointer text-sm text-brand underline">
                    Not checked: {a.notChecked.length} check{a.notChecked.length === 1 ? "" : "s"} (their input was not
                    in the upload)
                  </summary>
                  <ul className="list-disc pl-5 text-sm">
                    {a.notChecked.map((t) => (
                      <li key={t}>{t}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
              {a.skipped.length ? (
                <details data-testid="cloud-skipped">
                  <summary className="cursor-pointer text-sm text-brand underline">
                    Skipped files ({a.skipped.length})
                  </summary>
                  <ul className="list-disc pl-5 text-sm">
                    {a.skipped.map((s) => (
                      <li key={s.file}>
                        {display(s.file)}: {s.reason}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </article>
          );
        })}
      </section>

      {page.history.length ? (
        <section aria-labelledby="history-heading">
          <h2 id="history-heading" className="text-lg font-semibold">
            History
          </h2>
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Uploaded</th>
                <th>Account</th>
                <th>Failing</th>
                <th>Passing</th>
                <th>Muted</th>
              </tr>
            </thead>
            <tbody>
              {page.history.map((h) => (
                <tr key={h.id} className="border-t border-slate-200">
                  <td>{when(h.uploadedAt)}</td>
                  <td>
                    {PROVIDER_LABEL[h.provider]} · {display(h.account)}
                  </td>
                  <td>{total(h.failing)}</td>
                  <td>{h.passing}</td>
                  <td>{h.muted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      <section aria-labelledby="mutes-heading" className="space-y-3">
        <h2 id="mutes-heading" className="text-lg font-semibold">
          Mutelist
        </h2>
        <p className="text-sm text-ink-muted">
          A muted finding shows as muted and raises no alert; when its mute expires it counts as failing again.
        </p>
        {page.mutes.length ? (
          <ul className="space-y-2">
            {page.mutes.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span>
                  {m.title} on {m.resource === "*" ? "every resource" : display(m.resource)}: {m.reason}
                  {m.expiresAt ? ` · ${m.active ? "until" : "expired"} ${day(m.expiresAt)}` : " · no expiry"}
                </span>
                {page.canMute ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="unmute" />
                    <input type="hidden" name="id" value={m.id} />
                    <button type="submit" className="text-brand underline">
                      Remove
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">Nothing is muted.</p>
        )}
        {page.canMute ? (
          <div className="card">
            <h3 className="font-medium">Mute a finding</h3>
            <MuteForm result={result} checks={page.checks} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
