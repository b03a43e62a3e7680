/**
 * /privacy/:id: one data subject request. Its deadline and legal source, the
 * next status step (with the identity method or the rejection reason), the
 * extension form while the law allows one, the checklist (one task per
 * system in scope; completion waits for every task), assignee, notes and the
 * append-only history. Every control is a plain form post.
 */
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { ArrowLeft, CheckCircle2, Circle, History } from "~/components/ui/icons";
import { FormField } from "~/components/form-field";
import { appRoute } from "~/lib/app-routes";
import {
  CHANNEL_LABEL,
  METHOD_LABEL,
  STATUS_LABEL,
  TRANSITIONS,
  TYPE_LABEL,
  VERIFICATION_METHODS,
  type PrivacyRequestView,
} from "../types";
import { DeadlineBadge, RequestStatusBadge } from "./badges";
import { SelectField } from "~/components/select-field";
import { useFormat } from "~/lib/format-context";

type LoaderData = {
  request: PrivacyRequestView;
  rules: {
    label: string;
    source: string;
    sourceUrl: string | null;
    rule: string;
    extension: { unit: "months" | "days"; amount: number; max: number } | null;
  };
  history: { id: number; by: string; at: string; text: string }[];
  members: { id: string; email: string }[];
  today: string;
  timeZone: string;
  can: { work: boolean };
};

type ActionData = { intent: string; ok?: string; errors?: Record<string, string> };

const STEP_LABEL: Record<string, string> = {
  verifying: "Start identity verification",
  "in-progress": "Identity verified: start work",
  completed: "Complete request",
};

export function RequestPage() {
  const { request: r, rules, history, members, today, timeZone, can } = useLoaderData<LoaderData>();
  const action = useActionResult<ActionData>();
  const navigation = useNavigation();
  const intl = useFormat();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const errorsFor = (intent: string) => (action?.intent === intent ? (action.errors ?? {}) : {});
  const statusErrors = errorsFor("status");
  const extendErrors = errorsFor("extend");
  const taskErrors = errorsFor("task");
  const next = TRANSITIONS[r.status].filter((s) => s !== "rejected");
  const canReject = TRANSITIONS[r.status].includes("rejected");
  const openTasks = r.tasks.filter((t) => t.status === "open").length;
  const closed = r.status === "completed" || r.status === "rejected";

  return (
    <main id="main" className="max-w-5xl space-y-6">
      <Link to="/privacy" className="inline-flex items-center gap-1 text-sm underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {appRoute("/privacy").label}
      </Link>
      <div>
        <h1 className="text-2xl font-bold">
          {TYPE_LABEL[r.type]} request <span className="font-mono">{r.reference}</span>
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2" data-testid="privacy-request-state">
          <RequestStatusBadge status={r.status} />
          <DeadlineBadge daysRemaining={r.daysRemaining} answeredOnTime={r.answeredOnTime} />
        </div>
      </div>

      {params.get("logged") && !action ? (
        <p role="status" className="rounded-md bg-ok-light px-3 py-2 text-sm text-ok" data-testid="privacy-flash">
          Request logged. Its due date is {intl.formatDate(r.dueDate)}.
        </p>
      ) : null}
      {action?.ok ? (
        <p role="status" className="rounded-md bg-ok-light px-3 py-2 text-sm text-ok" data-testid="privacy-flash">
          {action.ok}
        </p>
      ) : null}
      {action?.errors?.form ? (
        <p
          role="alert"
          className="rounded-md bg-danger-light px-3 py-2 text-sm text-danger"
          data-testid="privacy-form-error"
        >
          {action.errors.form}
        </p>
      ) : null}

      <section aria-labelledby="facts-heading" className="card">
        <h2 id="facts-heading" className="sr-only">
          Request details
        </h2>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="privacy-facts">
          <Fact term="Subject">
            {r.subjectName} &lt;{r.subjectEmail}&gt;
          </Fact>
          <Fact term="Received">
            {intl.formatDate(r.requestedAt)} by {CHANNEL_LABEL[r.channel].toLowerCase()}
          </Fact>
          <Fact term="Due date">
            <time data-testid="privacy-due-date" dateTime={r.dueDate}>
              {intl.formatDate(r.dueDate)}
            </time>
            {r.dueDate !== r.originalDueDate ? ` (extended from ${intl.formatDate(r.originalDueDate)})` : ""} · today is{" "}
            {intl.formatDate(today)} in {timeZone}
          </Fact>
          <Fact term="Law">
            {rules.label}: {rules.sourceUrl ? <a href={rules.sourceUrl}>{rules.source}</a> : rules.source}
          </Fact>
          <Fact term="Identity">
            {r.verification
              ? `${METHOD_LABEL[r.verification.method]} (${intl.formatDate(r.verification.verifiedAt)})`
              : r.status === "verifying"
                ? "Being verified; the deadline keeps running."
                : "Not verified yet"}
          </Fact>
          <Fact term="Completed">{r.completedAt ? intl.formatDate(r.completedAt) : "Not yet"}</Fact>
          {r.rejectionReason ? <Fact term="Reason for rejection">{r.rejectionReason}</Fact> : null}
        </dl>
      </section>

      {can.work && !closed ? (
        <section aria-labelledby="status-heading" className="card space-y-4">
          <h2 id="status-heading" className="text-lg font-semibold">
            Next step
          </h2>
          {next.map((to) => (
            <Form method="post" key={to} className="space-y-3" data-testid={`privacy-step-${to}`}>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="status" value={to} />
              {to === "in-progress" ? (
                <SelectField
                  id="method"
                  label="How was the subject's identity verified?"
                  options={VERIFICATION_METHODS.map((m) => [m, METHOD_LABEL[m]])}
                  error={statusErrors.method}
                />
              ) : null}
              {to === "completed" && openTasks > 0 ? (
                <p className="text-sm text-ink-muted" id="complete-hint">
                  {openTasks} checklist task{openTasks === 1 ? "" : "s"} still open: the request can be completed once
                  every system is done.
                </p>
              ) : null}
              <button type="submit" className="btn-primary" disabled={busy === "status"}>
                {STEP_LABEL[to] ?? STATUS_LABEL[to]}
              </button>
            </Form>
          ))}
          {statusErrors.status ? (
            <p className="field-error" role="alert" data-testid="privacy-status-error">
              {statusErrors.status}
            </p>
          ) : null}
          {canReject ? (
            <details className="rounded-md border border-slate-200 p-3" open={!!statusErrors.reason}>
              <summary className="cursor-pointer text-sm font-medium">Reject the request</summary>
              <Form method="post" className="mt-3 space-y-3">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="status" value="rejected" />
                <FormField
                  id="reject-reason"
                  name="reason"
                  label="Reason given to the subject"
                  maxLength={2000}
                  error={statusErrors.reason}
                />
                <button type="submit" className="btn-danger">
                  Reject request
                </button>
              </Form>
            </details>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="tasks-heading" className="card">
        <h2 id="tasks-heading" className="text-lg font-semibold">
          Checklist
        </h2>
        <p className="mt-1 text-sm text-ink-muted">One task per system in the data map that holds this kind of data.</p>
        {taskErrors.form || taskErrors.tasks ? (
          <p className="field-error" role="alert">
            {taskErrors.form ?? taskErrors.tasks}
          </p>
        ) : null}
        {r.tasks.length ? (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="privacy-tasks">
            {r.tasks.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
                data-testid="privacy-task"
              >
                <span className="flex items-center gap-2 text-sm">
                  {t.status === "done" ? (
                    <CheckCircle2 className="h-4 w-4 text-ok" aria-hidden="true" />
                  ) : (
                    <Circle className="h-4 w-4 text-ink-faint" aria-hidden="true" />
                  )}
                  {t.system}
                  <span className="text-ink-muted">— {t.status === "done" ? "done" : "open"}</span>
                </span>
                {can.work && !closed ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="task" />
                    <input type="hidden" name="taskId" value={t.id} />
                    <input type="hidden" name="taskStatus" value={t.status === "done" ? "open" : "done"} />
                    <button type="submit" className="btn-secondary">
                      {t.status === "done" ? "Reopen" : "Mark done"}
                      <span className="sr-only"> for {t.system}</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-ink-muted">
            No system in the <Link to="/privacy/data-map">data map</Link> was in scope when this request was logged.
          </p>
        )}
      </section>

      <section aria-labelledby="extend-heading" className="card">
        <h2 id="extend-heading" className="text-lg font-semibold">
          Deadline extension
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{rules.rule}</p>
        {r.extensions.length ? (
          <ul className="mt-3 space-y-1 text-sm" data-testid="privacy-extensions">
            {r.extensions.map((e) => (
              <li key={e.createdAt}>
                Extended from {intl.formatDate(e.previousDueDate)} to {intl.formatDate(e.newDueDate)}; subject told on{" "}
                {intl.formatDate(e.notifiedAt)}. Reason: {e.reason}
              </li>
            ))}
          </ul>
        ) : null}
        {can.work && !closed && r.extensionsLeft > 0 ? (
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="privacy-extend-form">
            <input type="hidden" name="intent" value="extend" />
            <FormField
              id="extend-reason"
              name="reason"
              label="Reason for the extension"
              maxLength={2000}
              error={extendErrors.reason}
            />
            <FormField
              id="notifiedAt"
              name="notifiedAt"
              type="date"
              label="Date the subject was told"
              min={r.requestedAt}
              max={today < r.dueDate ? today : r.dueDate}
              defaultValue={today <= r.dueDate ? today : ""}
              error={extendErrors.notifiedAt}
            />
            <div className="sm:col-span-2">
              <button type="submit" className="btn-secondary" disabled={busy === "extend"}>
                Extend deadline
              </button>
            </div>
          </Form>
        ) : (
          <p className="mt-3 text-sm text-ink-muted">
            {closed
              ? "The request is closed."
              : rules.extension
                ? "No further extension is allowed."
                : "This law allows no extension."}
          </p>
        )}
      </section>

      <section aria-labelledby="work-heading" className="card grid gap-6 sm:grid-cols-2">
        <h2 id="work-heading" className="sr-only">
          Assignee and notes
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="assign" />
          <SelectField
            id="assigneeId"
            label="Assignee"
            options={[["", "Nobody"], ...members.map((m) => [m.id, m.email] as [string, string])]}
            defaultValue={r.assignee?.id ?? ""}
            error={errorsFor("assign").assigneeId}
            disabled={!can.work}
          />
          {can.work ? (
            <button type="submit" className="btn-secondary">
              Save assignee
            </button>
          ) : null}
        </Form>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="notes" />
          <label htmlFor="notes" className="label">
            Notes
          </label>
          <textarea
            id="notes"
            name="notes"
            rows={4}
            maxLength={5000}
            className="input"
            defaultValue={r.notes}
            readOnly={!can.work}
            aria-invalid={errorsFor("notes").notes ? true : undefined}
            aria-describedby={errorsFor("notes").notes ? "notes-error" : undefined}
          />
          {errorsFor("notes").notes ? (
            <p id="notes-error" className="field-error" role="alert">
              {errorsFor("notes").notes}
            </p>
          ) : null}
          {can.work ? (
            <button type="submit" className="btn-secondary">
              Save notes
            </button>
          ) : null}
        </Form>
      </section>

      <section aria-labelledby="history-heading" className="card">
        <h2 id="history-heading" className="flex items-center gap-2 text-lg font-semibold">
          <History className="h-5 w-5" aria-hidden="true" />
          History
        </h2>
        <ol className="mt-3 space-y-2 text-sm" data-testid="privacy-history">
          {history.map((h) => (
            <li key={h.id} className="border-l-2 border-slate-200 pl-3">
              <span className="block">{h.text}</span>
              <span className="text-xs text-ink-muted">
                {intl.formatDateTime(h.at)} · {h.by}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-ink-muted">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
