/**
 * /incident-response/:id: one case. Its facts and SLA state, the next status (closing asks for a resolution), the
 * playbook tasks, observables (with links to other cases holding the same one), evidence (hash shown, download as an
 * attachment), comments and corrections, merging, and the append-only timeline. The page doubles as the printable
 * report: controls carry data-print="hide" and the print stylesheet drops them with the app's chrome.
 */
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { ArrowLeft, CheckCircle2, Circle, FileDown, Printer } from "~/components/ui/icons";
import { FormField } from "~/components/form-field";
import { SeverityBadge } from "~/components/ui/severity-badge";
import { SelectField } from "~/components/select-field";
import type { loader as caseLoader } from "~/routes/_app.incident-response_.$id";
import {
  OBSERVABLE_LABEL,
  OBSERVABLE_TYPES,
  RESOLUTION_LABEL,
  RESOLUTIONS,
  SEVERITIES,
  SEVERITY_LABEL,
  SLA_KINDS,
  SLA_LABEL,
  TLP_LABEL,
  TLPS,
  TRANSITIONS,
} from "../types";
import { BreachBadge, CaseStatusBadge, TlpBadge } from "./badges";
import { useFormat } from "~/lib/format-context";

type ActionData = { intent: string; ok?: string; errors?: Record<string, string> };

const STEP_LABEL: Record<string, string> = {
  investigating: "Start investigating",
  contained: "Mark contained",
  resolved: "Mark resolved",
  closed: "Close case",
};

export function CasePage() {
  const { case: c, sla, timeline, members, otherCases, can, show } = useLoaderData<typeof caseLoader>();
  const action = useActionResult<ActionData>();
  const navigation = useNavigation();
  const intl = useFormat();
  const formatTime = (ms: number | null | undefined) => (ms == null ? "—" : intl.formatDateTime(ms));
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const errorsFor = (intent: string) => (action?.intent === intent ? (action.errors ?? {}) : {});
  const statusErrors = errorsFor("status");
  const next = TRANSITIONS[c.status];
  const breached = SLA_KINDS.filter((k) => sla[k].breached).map((k) => SLA_LABEL[k]);
  const openTasks = c.tasks.filter((t) => t.status === "open").length;
  const phases = [...new Set(c.tasks.map((t) => t.phase))];

  return (
    <main id="main" className="max-w-5xl space-y-6">
      <Link to="/incident-response" className="inline-flex items-center gap-1 text-sm underline" data-print="hide">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Incident Response
      </Link>
      <div>
        <h1 className="text-2xl font-bold">
          <span className="font-mono">{c.reference}</span> {c.title}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="ir-case-state">
          <SeverityBadge level={c.severity} />
          <CaseStatusBadge status={c.status} resolution={c.resolution} />
          <TlpBadge tlp={c.tlp} />
          {c.status !== "closed" ? <BreachBadge labels={breached} /> : null}
        </div>
        <div className="mt-3 flex flex-wrap gap-2" data-print="hide">
          <a
            href={`/incident-response/${c.id}/markdown`}
            className="btn-secondary inline-flex items-center gap-1"
            download
          >
            <FileDown className="h-4 w-4" aria-hidden="true" />
            Markdown report
          </a>
          <PrintButton />
        </div>
      </div>

      {params.get("opened") && !action ? (
        <p
          role="status"
          className="rounded-md bg-ok-light px-3 py-2 text-sm text-ok"
          data-testid="ir-flash"
          data-print="hide"
        >
          Case {c.reference} opened
          {c.alerts.length ? ` from ${c.alerts.length} alert${c.alerts.length === 1 ? "" : "s"}` : ""}.
        </p>
      ) : null}
      {params.get("merged") && !action ? (
        <p
          role="status"
          className="rounded-md bg-ok-light px-3 py-2 text-sm text-ok"
          data-testid="ir-flash"
          data-print="hide"
        >
          Cases merged into {c.reference}.
        </p>
      ) : null}
      {action?.ok ? (
        <p
          role="status"
          className="rounded-md bg-ok-light px-3 py-2 text-sm text-ok"
          data-testid="ir-flash"
          data-print="hide"
        >
          {action.ok}
        </p>
      ) : null}
      {action?.errors?.form ? (
        <p
          role="alert"
          className="rounded-md bg-danger-light px-3 py-2 text-sm text-danger"
          data-testid="ir-form-error"
        >
          {action.errors.form}
        </p>
      ) : null}
      {c.mergedInto ? (
        <p className="rounded-md bg-surface-sunken px-3 py-2 text-sm">
          This case was merged into{" "}
          <Link to={`/incident-response/${c.mergedInto}`} className="underline">
            another case
          </Link>
          .
        </p>
      ) : null}

      <section aria-labelledby="summary-heading" className="card space-y-3">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Summary
        </h2>
        <p className="whitespace-pre-wrap text-sm">{c.description || "No description."}</p>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="ir-facts">
          <Fact term="Assignee">{c.assignee ?? "Unassigned"}</Fact>
          <Fact term="Tags">{c.tags.length ? c.tags.join(", ") : "None"}</Fact>
          <Fact term="Opened">{formatTime(c.openedAt)}</Fact>
          <Fact term="Acknowledged">{formatTime(c.acknowledgedAt)}</Fact>
          <Fact term="Contained">{formatTime(c.containedAt)}</Fact>
          <Fact term="Resolved">{formatTime(c.resolvedAt)}</Fact>
          {SLA_KINDS.map((k) => (
            <Fact key={k} term={`${SLA_LABEL[k]} target`}>
              {formatTime(sla[k].dueAt)}
              {sla[k].breached ? " · missed" : sla[k].metAt ? " · met" : ""}
            </Fact>
          ))}
        </dl>
        {c.alerts.length ? (
          <div>
            <h3 className="text-sm font-semibold">Linked alerts</h3>
            <ul className="mt-1 space-y-1 text-sm" data-testid="ir-linked-alerts">
              {c.alerts.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center gap-2">
                  <SeverityBadge level={a.severity} /> {a.title} <span className="text-ink-muted">({a.status})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {can.manage && next.length ? (
        <section aria-labelledby="status-heading" className="card space-y-3" data-print="hide">
          <h2 id="status-heading" className="text-lg font-semibold">
            Status
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            {next
              .filter((to) => to !== "closed")
              .map((to) => (
                <Form method="post" key={to} data-testid={`ir-step-${to}`}>
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="status" value={to} />
                  <button type="submit" className="btn-secondary" disabled={busy === "status"}>
                    {c.status === "resolved" || c.status === "closed" ? "Reopen: investigate" : STEP_LABEL[to]}
                  </button>
                </Form>
              ))}
            {next.includes("closed") ? (
              <Form method="post" className="flex flex-wrap items-end gap-3" data-testid="ir-step-closed">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="status" value="closed" />
                <SelectField
                  id="close-resolution"
                  name="resolution"
                  label="Resolution"
                  error={statusErrors.resolution}
                  options={[["", "Choose…"], ...RESOLUTIONS.map((r) => [r, RESOLUTION_LABEL[r]] as [string, string])]}
                />
                <button type="submit" className="btn-primary" disabled={busy === "status"}>
                  Close case
                </button>
              </Form>
            ) : null}
          </div>
          {statusErrors.status ? (
            <p className="field-error" role="alert">
              {statusErrors.status}
            </p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="tasks-heading" className="card space-y-3">
        <h2 id="tasks-heading" className="text-lg font-semibold">
          Tasks{" "}
          <span className="text-sm font-normal text-ink-muted">
            ({openTasks} open of {c.tasks.length})
          </span>
        </h2>
        {c.tasks.length === 0 ? <p className="text-sm text-ink-muted">No tasks. Add one below.</p> : null}
        {phases.map((phase) => (
          <div key={phase}>
            <h3 className="text-sm font-semibold">{phase}</h3>
            <ul className="mt-1 space-y-1" data-testid="ir-tasks">
              {c.tasks
                .filter((t) => t.phase === phase)
                .map((t) => (
                  <li key={t.id} className="flex flex-wrap items-center gap-2 text-sm" data-task-status={t.status}>
                    {t.status === "done" ? (
                      <CheckCircle2 className="h-4 w-4 text-ok" aria-label="Done" />
                    ) : (
                      <Circle className="h-4 w-4 text-ink-muted" aria-label="Open" />
                    )}
                    <span className={t.status === "done" ? "line-through" : ""}>{t.title}</span>
                    <span className="text-xs text-ink-muted">
                      due {formatTime(t.dueAt)}
                      {t.doneAt ? ` · done ${formatTime(t.doneAt)}${t.doneBy ? ` by ${t.doneBy}` : ""}` : ""}
                    </span>
                    {can.work ? (
                      <Form method="post" className="ml-auto" data-print="hide">
                        <input type="hidden" name="intent" value="task" />
                        <input type="hidden" name="taskId" value={t.id} />
                        <input type="hidden" name="status" value={t.status === "done" ? "open" : "done"} />
                        <button type="submit" className="btn-secondary text-xs">
                          {t.status === "done" ? "Reopen" : "Mark done"}
                          <span className="sr-only">: {t.title}</span>
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
            </ul>
          </div>
        ))}
        {can.work ? (
          <Form method="post" className="flex flex-wrap items-end gap-3" data-print="hide">
            <input type="hidden" name="intent" value="task-add" />
            <div className="min-w-[16rem] flex-1">
              <FormField
                id="task-title"
                name="title"
                label="New task"
                maxLength={300}
                error={errorsFor("task-add").title}
              />
            </div>
            <div className="w-28">
              <FormField
                id="task-due"
                name="dueHours"
                type="number"
                min={0}
                label="Due (hours)"
                error={errorsFor("task-add").dueHours}
              />
            </div>
            <button type="submit" className="btn-secondary">
              Add task
            </button>
          </Form>
        ) : null}
      </section>

      {show.observables ? (
        <section aria-labelledby="obs-heading" className="card space-y-3">
          <h2 id="obs-heading" className="text-lg font-semibold">
            Observables
          </h2>
          {c.observables.length === 0 ? (
            <p className="text-sm text-ink-muted">
              No observables yet.
              {can.work ? " Add the addresses, domains, hashes or URLs this case involves below." : ""}
            </p>
          ) : null}
          {c.observables.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="ir-observables">
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-1 pr-3">
                      Type
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Value
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      IOC
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      Also in
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {c.observables.map((o) => (
                    <tr key={o.id} className="border-b border-slate-100 align-top">
                      <td className="py-1 pr-3">{OBSERVABLE_LABEL[o.type]}</td>
                      <td className="break-all py-1 pr-3 font-mono">{o.value}</td>
                      <td className="py-1 pr-3">{o.ioc ? "IOC" : "No"}</td>
                      <td className="py-1 pr-3">
                        {o.linkedCases.length
                          ? o.linkedCases.map((l) => (
                              <Link
                                key={l.id}
                                to={`/incident-response/${l.id}`}
                                className="mr-2 underline"
                                data-testid="ir-observable-link"
                              >
                                {l.reference}
                                <span className="sr-only"> {l.title}</span>
                              </Link>
                            ))
                          : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {can.work ? (
            <Form method="post" className="flex flex-wrap items-end gap-3" data-print="hide">
              <input type="hidden" name="intent" value="observable" />
              <SelectField
                id="obs-type"
                name="type"
                label="Type"
                error={errorsFor("observable").type}
                options={OBSERVABLE_TYPES.map((t) => [t, OBSERVABLE_LABEL[t]])}
              />
              <div className="min-w-[14rem] flex-1">
                <FormField
                  id="obs-value"
                  name="value"
                  label="Value"
                  maxLength={2048}
                  error={errorsFor("observable").value}
                />
              </div>
              <div className="flex items-center gap-2 pb-2">
                <input type="checkbox" id="obs-ioc" name="ioc" />
                <label htmlFor="obs-ioc" className="text-sm">
                  Indicator of compromise
                </label>
              </div>
              <button type="submit" className="btn-secondary">
                Add observable
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      {show.evidence ? (
        <section aria-labelledby="evidence-heading" className="card space-y-3">
          <h2 id="evidence-heading" className="text-lg font-semibold">
            Evidence
          </h2>
          {c.evidence.length === 0 ? (
            <p className="text-sm text-ink-muted">
              No evidence yet.{can.work ? " Attach logs, screenshots or exports with the form below." : ""}
            </p>
          ) : null}
          <ul className="space-y-2 text-sm" data-testid="ir-evidence">
            {c.evidence.map((e) => (
              <li key={e.id} className="break-all">
                <a href={`/incident-response/${c.id}/evidence/${e.id}`} className="font-medium underline" download>
                  {e.fileName}
                </a>{" "}
                <span className="text-ink-muted">
                  ({intl.formatNumber(e.sizeBytes)} bytes, {formatTime(e.createdAt)}
                  {e.uploadedBy ? `, ${e.uploadedBy}` : ""})
                </span>
                <div className="font-mono text-xs">SHA-256 {e.sha256}</div>
              </li>
            ))}
          </ul>
          {can.work ? (
            <Form
              method="post"
              encType="multipart/form-data"
              className="flex flex-wrap items-end gap-3"
              data-print="hide"
            >
              <input type="hidden" name="intent" value="evidence" />
              <div>
                <label htmlFor="evidence-file" className="label">
                  File (25 MB at most)
                </label>
                <input
                  id="evidence-file"
                  name="file"
                  type="file"
                  className="input"
                  aria-invalid={errorsFor("evidence").file ? true : undefined}
                  aria-describedby={errorsFor("evidence").file ? "evidence-file-error" : undefined}
                />
                {errorsFor("evidence").file ? (
                  <p id="evidence-file-error" className="field-error" role="alert">
                    {errorsFor("evidence").file}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn-secondary" disabled={busy === "evidence"}>
                {busy === "evidence" ? "Uploading…" : "Upload evidence"}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      {can.work ? (
        <section aria-labelledby="details-heading" className="card space-y-3" data-print="hide">
          <h2 id="details-heading" className="text-lg font-semibold">
            Edit case
          </h2>
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="details" />
            <div className="sm:col-span-2">
              <FormField
                id="edit-title"
                name="title"
                label="Title"
                defaultValue={c.title}
                maxLength={200}
                error={errorsFor("details").title}
              />
            </div>
            <SelectField
              id="edit-severity"
              name="severity"
              label="Severity"
              defaultValue={c.severity}
              options={SEVERITIES.map((s) => [s, SEVERITY_LABEL[s]])}
            />
            <SelectField
              id="edit-tlp"
              name="tlp"
              label="TLP"
              defaultValue={c.tlp}
              options={TLPS.map((t) => [t, TLP_LABEL[t]])}
            />
            {can.manage ? (
              <SelectField
                id="edit-assignee"
                name="assigneeId"
                label="Assignee"
                defaultValue={c.assigneeId ?? ""}
                error={errorsFor("details").assigneeId}
                options={[["", "Unassigned"], ...members.map((m) => [m.id, m.email] as [string, string])]}
              />
            ) : null}
            <FormField
              id="edit-tags"
              name="tags"
              label="Tags"
              hint="Comma-separated"
              defaultValue={c.tags.join(", ")}
              error={errorsFor("details").tags}
            />
            <div className="sm:col-span-2">
              <label htmlFor="edit-description" className="label">
                Description
              </label>
              <textarea
                id="edit-description"
                name="description"
                rows={3}
                className="input"
                defaultValue={c.description}
                maxLength={20000}
              />
            </div>
            <div>
              <button type="submit" className="btn-secondary">
                Save case
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      {can.manage && otherCases.length && !c.mergedInto ? (
        <section aria-labelledby="merge-heading" className="card space-y-3" data-print="hide">
          <h2 id="merge-heading" className="text-lg font-semibold">
            Merge into another case
          </h2>
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="merge" />
            <SelectField
              id="merge-target"
              name="targetId"
              label="Target case"
              error={errorsFor("merge").targetId}
              options={otherCases.map((o) => [o.id, `${o.reference} ${o.title}`] as [string, string])}
            />
            <button type="submit" className="btn-secondary">
              Merge this case into it
            </button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="timeline-heading" className="card space-y-3">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        <ol className="space-y-2 text-sm" data-testid="ir-timeline">
          {timeline.map((e) => (
            <li key={e.id} id={`entry-${e.id}`} className="border-l-2 border-slate-200 pl-3">
              <div className="text-xs text-ink-muted">
                #{e.id} · {formatTime(e.at)} · {e.by}
                {e.corrects ? (
                  <>
                    {" "}
                    · corrects <a href={`#entry-${e.corrects}`}>#{e.corrects}</a>
                  </>
                ) : null}
              </div>
              <div className="whitespace-pre-wrap break-words">{e.text}</div>
            </li>
          ))}
        </ol>
        {can.work ? (
          <Form method="post" className="space-y-3" data-print="hide">
            <input type="hidden" name="intent" value="comment" />
            <div>
              <label htmlFor="comment-text" className="label">
                Comment
              </label>
              <textarea
                id="comment-text"
                name="text"
                rows={2}
                className="input"
                maxLength={10000}
                aria-invalid={errorsFor("comment").text ? true : undefined}
                aria-describedby={errorsFor("comment").text ? "comment-text-error" : "comment-hint"}
              />
              <p id="comment-hint" className="mt-1 text-xs text-ink-muted">
                Entries cannot be edited or deleted. To correct one, give its number.
              </p>
              {errorsFor("comment").text ? (
                <p id="comment-text-error" className="field-error" role="alert">
                  {errorsFor("comment").text}
                </p>
              ) : null}
            </div>
            <div className="w-40">
              <FormField
                id="comment-corrects"
                name="corrects"
                type="number"
                min={1}
                label="Corrects entry #"
                error={errorsFor("comment").corrects}
              />
            </div>
            <button type="submit" className="btn-secondary">
              Add to timeline
            </button>
          </Form>
        ) : null}
      </section>
    </main>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-ink-muted">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Printing needs the browser; without JavaScript the browser's own Print command prints the same report. */
function PrintButton() {
  return (
    <button
      type="button"
      className="btn-secondary inline-flex items-center gap-1"
      onClick={() => window.print()}
      data-testid="ir-print"
    >
      <Printer className="h-4 w-4" aria-hidden="true" />
      Print report
    </button>
  );
}
