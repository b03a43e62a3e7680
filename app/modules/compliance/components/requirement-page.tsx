/**
 * One requirement: its text, status (with a justification when not
 * applicable), owner, the evidence attached (files with their SHA-256, links)
 * and the automatic evidence Rampart holds. Every form is a plain post; the
 * file upload is multipart. Members see everything; owners and admins change it.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Download, ExternalLink } from "~/components/ui/icons";
import { FormField } from "~/components/form-field";
import { StatusBadge } from "~/components/ui/severity-badge";
import { STATUSES, STATUS_LABEL, type RequirementStatus } from "../frameworks";
import { AutomaticBadge, RequirementStatusBadge } from "./status-badge";
import { useFormat } from "~/lib/format-context";

export type RequirementPageProps = {
  framework: { key: string; label: string; shortName: string };
  requirement: {
    id: string;
    title: string;
    type: string;
    status: RequirementStatus;
    justification: string | null;
    ownerUserId: string | null;
    ownerEmail: string | null;
    automatic: { label: string; summary: string; lastAt: string | null }[];
  };
  statement: string | null;
  parent: { id: string; title: string } | null;
  evidence: {
    id: string;
    kind: "file" | "link";
    title: string;
    url: string | null;
    fileName: string | null;
    size: string | null;
    sha256: string | null;
    effectiveOn: string;
    expiresOn: string | null;
    state: "valid" | "not-yet-effective" | "expired";
    addedBy: string | null;
  }[];
  members: { userId: string; email: string }[];
  canManage: boolean;
  limits: { maxFile: string; quota: string; used: string };
  result?: {
    ok: boolean;
    intent: string;
    message?: string;
    formError?: string;
    fieldErrors?: Record<string, string | undefined>;
  };
};

const STATE_LABEL = { valid: "Current", "not-yet-effective": "Not yet effective", expired: "Expired" } as const;
const STATE_TONE = { valid: "ok", "not-yet-effective": "neutral", expired: "danger" } as const;

function useBusy(intent: string) {
  const nav = useNavigation();
  return nav.state === "submitting" && nav.formData?.get("intent") === intent;
}

function EvidenceDates({ prefix, errors }: { prefix: string; errors?: Record<string, string | undefined> }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField
        id={`${prefix}-effective`}
        name="effectiveOn"
        type="date"
        label="Effective from"
        hint="Defaults to today."
        error={errors?.effectiveOn}
      />
      <FormField
        id={`${prefix}-expires`}
        name="expiresOn"
        type="date"
        label="Expires on (optional)"
        hint="On this date the requirement goes back to in progress and an alert is raised."
        error={errors?.expiresOn}
      />
    </div>
  );
}

function MarkCompliant({ id }: { id: string }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" name="markCompliant" defaultChecked className="h-4 w-4" />
      <label htmlFor={id} className="text-sm">
        Mark this requirement compliant
      </label>
    </div>
  );
}

export function RequirementPage(p: RequirementPageProps) {
  const intl = useFormat();
  const { framework, requirement: r, result } = p;
  const errorsFor = (intent: string) =>
    result && !result.ok && result.intent === intent ? result.fieldErrors : undefined;
  const savingStatus = useBusy("status");
  const savingOwner = useBusy("owner");
  const uploading = useBusy("evidence-file");
  const linking = useBusy("evidence-link");
  const statusErrors = errorsFor("status");
  return (
    <main id="main" className="max-w-4xl space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/compliance-monitoring">Compliance</Link>
        <span aria-hidden="true"> / </span>
        <Link to={`/compliance-monitoring?framework=${encodeURIComponent(framework.key)}`}>{framework.label}</Link>
      </nav>
      <header>
        <h1 className="text-2xl font-bold">
          {r.id}
          {r.title !== r.id ? ` · ${r.title}` : ""}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <RequirementStatusBadge status={r.status} />
          <span>{r.type}</span>
          {p.parent ? (
            <span>
              part of {p.parent.id} {p.parent.title !== p.parent.id ? `(${p.parent.title})` : ""}
            </span>
          ) : null}
        </p>
        {p.statement ? <p className="mt-3 whitespace-pre-line text-sm leading-6">{p.statement}</p> : null}
      </header>

      {result?.ok && result.message ? (
        <p
          role="status"
          className="rounded-md border border-ok bg-ok-light px-3 py-2 text-sm text-ok"
          data-testid="result"
        >
          {result.message}
        </p>
      ) : null}
      {result && !result.ok && result.formError ? (
        <p role="alert" className="rounded-md border border-danger bg-danger-light px-3 py-2 text-sm text-danger">
          {result.formError}
        </p>
      ) : null}

      <section className="card space-y-4" aria-labelledby="status-heading">
        <h2 id="status-heading" className="font-semibold">
          Status and owner
        </h2>
        {r.status === "not-applicable" && r.justification ? (
          <p className="text-sm">
            <span className="font-medium">Why it does not apply:</span> {r.justification}
          </p>
        ) : null}
        <p className="text-sm">
          <span className="font-medium">Owner:</span> {r.ownerEmail ?? "nobody yet"}
        </p>
        {p.canManage ? (
          <div className="grid gap-6 md:grid-cols-2">
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="status" />
              <fieldset>
                <legend className="label">Status</legend>
                <div className="space-y-1">
                  {STATUSES.map((s) => (
                    <div key={s} className="flex items-center gap-2">
                      <input
                        type="radio"
                        id={`status-${s}`}
                        name="status"
                        value={s}
                        defaultChecked={s === r.status}
                        className="h-4 w-4"
                      />
                      <label htmlFor={`status-${s}`} className="text-sm">
                        {STATUS_LABEL[s]}
                      </label>
                    </div>
                  ))}
                </div>
                {statusErrors?.status ? (
                  <p className="field-error" role="alert">
                    {statusErrors.status}
                  </p>
                ) : null}
              </fieldset>
              <div>
                <label htmlFor="justification" className="label">
                  Justification (required when not applicable)
                </label>
                <textarea
                  id="justification"
                  name="justification"
                  rows={3}
                  maxLength={1000}
                  className="input"
                  defaultValue={r.justification ?? ""}
                  aria-invalid={statusErrors?.justification ? true : undefined}
                  aria-describedby={statusErrors?.justification ? "justification-error" : undefined}
                />
                {statusErrors?.justification ? (
                  <p id="justification-error" className="field-error" role="alert">
                    {statusErrors.justification}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn-primary" disabled={savingStatus}>
                {savingStatus ? "Saving…" : "Save status"}
              </button>
            </Form>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="owner" />
              <div>
                <label htmlFor="owner" className="label">
                  Owner
                </label>
                <select
                  id="owner"
                  name="owner"
                  className="input"
                  defaultValue={r.ownerUserId ?? ""}
                  aria-invalid={errorsFor("owner")?.owner ? true : undefined}
                  aria-describedby={errorsFor("owner")?.owner ? "owner-error" : undefined}
                >
                  <option value="">Nobody</option>
                  {p.members.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.email}
                    </option>
                  ))}
                </select>
                {errorsFor("owner")?.owner ? (
                  <p id="owner-error" className="field-error" role="alert">
                    {errorsFor("owner")?.owner}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn-secondary" disabled={savingOwner}>
                {savingOwner ? "Saving…" : "Save owner"}
              </button>
            </Form>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">Owners and admins of your organization change statuses and evidence.</p>
        )}
      </section>

      <section className="card space-y-3" aria-labelledby="evidence-heading">
        <h2 id="evidence-heading" className="font-semibold">
          Evidence
        </h2>
        {r.automatic.length ? (
          <ul className="space-y-2 text-sm" aria-label="Automatic evidence">
            {r.automatic.map((a) => (
              <li key={a.label} className="flex flex-wrap items-center gap-2">
                <AutomaticBadge />
                <span className="font-medium">{a.label}:</span>
                <span>{a.summary}</span>
                {a.lastAt ? <span className="text-ink-muted">(latest {intl.formatDate(a.lastAt)})</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
        {p.evidence.length === 0 ? (
          <p className="text-sm text-ink-muted">
            No evidence attached yet.
            {p.canManage ? " Upload a document (a policy, a screenshot, an export) or link to where it lives." : ""}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="evidence-list">
            {p.evidence.map((e) => (
              <li key={e.id} className="space-y-1 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge tone={STATE_TONE[e.state]}>{STATE_LABEL[e.state]}</StatusBadge>
                  <span className="font-medium">{e.title}</span>
                  <span className="text-ink-muted">{e.kind === "file" ? `file, ${e.size}` : "link"}</span>
                </div>
                {e.kind === "file" ? (
                  <p className="break-all text-xs">
                    <span className="font-medium">SHA-256</span> <code data-testid="evidence-sha256">{e.sha256}</code>
                  </p>
                ) : (
                  <p className="break-all text-xs">
                    <a href={e.url ?? "#"} rel="noopener noreferrer nofollow" target="_blank">
                      {e.url}
                      <ExternalLink className="ml-1 inline h-3 w-3" aria-hidden="true" />
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </p>
                )}
                <p className="text-xs text-ink-muted">
                  Effective {e.effectiveOn}
                  {e.expiresOn ? `, expires ${e.expiresOn}` : ", no expiry"}
                  {e.addedBy ? `, added by ${e.addedBy}` : ""}
                </p>
                <div className="flex flex-wrap gap-2">
                  {e.kind === "file" ? (
                    <a href={`/compliance-monitoring/evidence/${e.id}`} className="btn-secondary py-1 text-xs" download>
                      <Download className="h-3.5 w-3.5" aria-hidden="true" />
                      Download {e.fileName}
                    </a>
                  ) : null}
                  {p.canManage ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="evidence-remove" />
                      <input type="hidden" name="evidenceId" value={e.id} />
                      <button type="submit" className="btn-secondary py-1 text-xs">
                        Remove<span className="sr-only"> {e.title}</span>
                      </button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {p.canManage ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Form method="post" encType="multipart/form-data" className="card space-y-3" aria-labelledby="upload-heading">
            <h2 id="upload-heading" className="font-semibold">
              Upload a file
            </h2>
            <input type="hidden" name="intent" value="evidence-file" />
            <FormField
              id="evidence-file"
              name="file"
              type="file"
              label="File"
              hint={`At most ${p.limits.maxFile}. Your organization uses ${p.limits.used} of ${p.limits.quota}. Files are stored as they are and only offered for download.`}
              error={errorsFor("evidence-file")?.file}
            />
            <FormField
              id="file-title"
              name="title"
              label="Title (optional)"
              maxLength={200}
              hint="Defaults to the file name."
              error={errorsFor("evidence-file")?.title}
            />
            <EvidenceDates prefix="file" errors={errorsFor("evidence-file")} />
            <MarkCompliant id="file-compliant" />
            <button type="submit" className="btn-primary" disabled={uploading}>
              {uploading ? "Uploading…" : "Upload evidence"}
            </button>
          </Form>
          <Form method="post" className="card space-y-3" aria-labelledby="link-heading">
            <h2 id="link-heading" className="font-semibold">
              Add a link
            </h2>
            <input type="hidden" name="intent" value="evidence-link" />
            <FormField
              id="link-url"
              name="url"
              type="url"
              label="Web address"
              required
              maxLength={2000}
              placeholder="https://"
              error={errorsFor("evidence-link")?.url}
            />
            <FormField
              id="link-title"
              name="title"
              label="Title"
              required
              maxLength={200}
              error={errorsFor("evidence-link")?.title}
            />
            <EvidenceDates prefix="link" errors={errorsFor("evidence-link")} />
            <MarkCompliant id="link-compliant" />
            <button type="submit" className="btn-primary" disabled={linking}>
              {linking ? "Adding…" : "Add link"}
            </button>
          </Form>
        </div>
      ) : null}
    </main>
  );
}
