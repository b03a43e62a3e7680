/**
 * /privacy: the requests that need attention first (overdue, then due within
 * 7 days), the monthly chart and on-time share, the form to log a request,
 * every request with a status filter, the deadline table with its legal
 * sources, and the settings (owners and admins). Plain forms throughout.
 */
import { SelectField } from "~/components/select-field";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { AlertTriangle, CheckCircle2, Database, Plus } from "~/components/ui/icons";
import { BarChart } from "~/components/charts/bar-chart";
import { FormField } from "~/components/form-field";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { JURISDICTION_LIST, rulesFor, type JurisdictionId } from "../deadlines";
import {
  CHANNEL_LABEL,
  CHANNELS,
  REQUEST_TYPES,
  STATUS_LABEL,
  STATUSES,
  TYPE_LABEL,
  type RequestStatus,
  type RequestType,
} from "../types";
import { DeadlineBadge, RequestStatusBadge } from "./badges";
import { useFormat } from "~/lib/format-context";

type Row = {
  id: string;
  reference: string;
  type: RequestType;
  status: RequestStatus;
  jurisdiction: JurisdictionId;
  subjectName: string;
  requestedAt: string;
  dueDate: string;
  daysRemaining: number | null;
  answeredOnTime: boolean | null;
  openTasks: number;
  tasks: number;
  assignee: string | null;
};

type MonthStat = {
  month: string;
  label: string;
  received: number;
  decided: number;
  onTime: number;
  onTimeShare: number | null;
};

type LoaderData =
  | { teaser: true }
  | {
      teaser: false;
      tenantName: string;
      today: string;
      timeZone: string;
      attention: Row[];
      requests: Row[];
      total: number;
      filter: { status: RequestStatus | null; jurisdiction: JurisdictionId | null; sort: "newest" | "due" };
      stats: { months: MonthStat[]; total: number; decided: number; onTime: number; onTimeShare: number | null };
      members: { id: string; email: string }[];
      systems: number;
      settings: {
        intakeEnabled: boolean;
        intakeJurisdiction: JurisdictionId;
        customDays: number;
        customExtensionDays: number;
        intakePath: string | null;
      };
      custom: { days: number; extensionDays: number };
      can: { log: boolean; work: boolean; configure: boolean };
      /** The zones the server knows (sent, so the browser renders the same list it hydrates). */
      timeZones: string[];
    };

type ActionData = { intent: string; ok?: string; errors?: Record<string, string> };

const jurisdictionName = (id: JurisdictionId) => JURISDICTION_LIST.find((j) => j.id === id)?.label ?? id;

function periodText(p: { unit: "months" | "days"; amount: number }) {
  return `${p.amount} ${p.unit === "months" ? (p.amount === 1 ? "month" : "months") : p.amount === 1 ? "day" : "days"}`;
}

function RequestTable({ rows, caption, testId }: { rows: Row[]; caption: string; testId: string }) {
  const intl = useFormat();
  return (
    <div className="relative overflow-x-auto rounded-card border border-slate-200 bg-white">
      <table className="stack-table w-full text-left text-sm md:min-w-[720px]" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-sunken text-xs uppercase tracking-wide text-ink-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Reference
            </th>
            <th scope="col" className="px-3 py-2">
              Due
            </th>
            <th scope="col" className="px-3 py-2">
              Subject
            </th>
            <th scope="col" className="px-3 py-2">
              Type
            </th>
            <th scope="col" className="px-3 py-2">
              Law
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Received
            </th>
            <th scope="col" className="px-3 py-2">
              Checklist
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-slate-100" data-testid="privacy-row">
              <td className="px-3 py-2 font-mono text-xs">
                <Link to={`/privacy/${r.id}`} className="font-semibold underline">
                  {r.reference}
                </Link>
              </td>
              <td className="px-3 py-2" data-label="Due">
                <span className="inline-block tabular-nums md:block">{intl.formatDate(r.dueDate)}</span>
                <DeadlineBadge daysRemaining={r.daysRemaining} answeredOnTime={r.answeredOnTime} />
              </td>
              <td className="px-3 py-2">{r.subjectName}</td>
              <td className="px-3 py-2" data-label="Type">
                {TYPE_LABEL[r.type]}
              </td>
              <td className="px-3 py-2" data-label="Law">
                {jurisdictionName(r.jurisdiction)}
              </td>
              <td className="px-3 py-2">
                <RequestStatusBadge status={r.status} />
              </td>
              <td className="px-3 py-2 tabular-nums" data-label="Received">
                {intl.formatDate(r.requestedAt)}
              </td>
              <td className="px-3 py-2 tabular-nums" data-label="Checklist">
                {r.tasks === 0 ? "No systems" : `${r.tasks - r.openTasks} of ${r.tasks} done`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PrivacyPage() {
  const data = useLoaderData<LoaderData>();
  const action = useActionResult<ActionData>();
  const navigation = useNavigation();
  const intl = useFormat();
  if (data.teaser) return <TeaserPage path="/privacy" />;

  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const errorsFor = (intent: string) => (action?.intent === intent ? (action.errors ?? {}) : {});
  const createErrors = errorsFor("create");
  const settingsErrors = errorsFor("settings");
  const { stats } = data;
  const decidedMonths = stats.months.filter((m) => m.onTimeShare !== null);

  return (
    <ModulePage path="/privacy">
      <div className="space-y-8">
        <section aria-labelledby="attention-heading" className="space-y-3">
          <h2 id="attention-heading" className="flex items-center gap-2 text-lg font-semibold">
            <AlertTriangle className="h-5 w-5 text-warn" aria-hidden="true" />
            Needs attention
          </h2>
          <p className="text-sm text-ink-muted">
            Open requests overdue or due within 7 days, in {data.timeZone} (today is {intl.formatDate(data.today)}).
            Each raises an alert once.
          </p>
          {data.attention.length ? (
            <RequestTable
              rows={data.attention}
              caption="Requests overdue or due within 7 days"
              testId="privacy-attention"
            />
          ) : (
            <p className="card text-sm" data-testid="privacy-attention-empty">
              <CheckCircle2 className="mr-2 inline h-4 w-4 text-ok" aria-hidden="true" />
              No open request is overdue or due within 7 days.
            </p>
          )}
        </section>

        <section aria-labelledby="figures-heading" className="space-y-3">
          <h2 id="figures-heading" className="text-lg font-semibold">
            Requests and answers
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            <BarChart
              heading="h3"
              title="Requests received per month"
              categoryLabel="Month"
              valueLabel="Requests received"
              bars={stats.months.map((m) => ({ label: m.label, value: m.received }))}
              summary={`${stats.total} request${stats.total === 1 ? "" : "s"} logged in all; the last 12 months are shown.`}
            />
            <BarChart
              heading="h3"
              title="Share answered on time, by month due"
              categoryLabel="Month due"
              valueLabel="Answered on time"
              unit="%"
              max={100}
              bars={decidedMonths.map((m) => ({
                label: m.label,
                value: m.onTimeShare ?? 0,
                tone: (m.onTimeShare ?? 0) < 100 ? "medium" : "low",
              }))}
              summary={
                stats.onTimeShare === null
                  ? "No request has been answered or gone past its due date yet."
                  : `${stats.onTime} of ${stats.decided} requests answered by their due date (${stats.onTimeShare}%); open requests past their due date count as late.`
              }
            />
          </div>
        </section>

        {data.can.log ? (
          <section aria-labelledby="log-heading" className="card">
            <h2 id="log-heading" className="text-lg font-semibold">
              Log a request
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              The due date follows from the law and the day the request arrived; a letter logged late keeps the date it
              was received. Each system in the <Link to="/privacy/data-map">data map</Link> in scope for the request
              type becomes a checklist task ({data.systems} system{data.systems === 1 ? "" : "s"} mapped).
            </p>
            <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="privacy-log-form">
              <input type="hidden" name="intent" value="create" />
              <FormField
                id="subjectName"
                name="subjectName"
                label="Subject's name"
                autoComplete="off"
                maxLength={200}
                required
                error={createErrors.subjectName}
              />
              <FormField
                id="subjectEmail"
                name="subjectEmail"
                type="email"
                label="Subject's e-mail"
                autoComplete="off"
                maxLength={254}
                required
                error={createErrors.subjectEmail}
              />
              <SelectField
                id="type"
                label="Request type"
                error={createErrors.type}
                options={REQUEST_TYPES.map((t) => [t, TYPE_LABEL[t]])}
              />
              <SelectField
                id="jurisdiction"
                label="Law"
                error={createErrors.jurisdiction}
                options={JURISDICTION_LIST.map((j) => [
                  j.id,
                  `${j.label} — ${periodText(rulesFor(j.id, data.custom).period)}`,
                ])}
              />
              <FormField
                id="requestedAt"
                name="requestedAt"
                type="date"
                label="Received on"
                max={data.today}
                defaultValue={data.today}
                hint="YYYY-MM-DD; today if left empty."
                error={createErrors.requestedAt}
              />
              <SelectField
                id="channel"
                label="Received by"
                error={createErrors.channel}
                options={CHANNELS.filter((c) => c !== "api").map((c) => [c, CHANNEL_LABEL[c]])}
                defaultValue="email"
              />
              <SelectField
                id="assigneeId"
                label="Assignee"
                error={createErrors.assigneeId}
                options={[["", "Nobody yet"], ...data.members.map((m) => [m.id, m.email] as [string, string])]}
              />
              <div className="sm:col-span-2">
                <label htmlFor="notes" className="label">
                  Notes
                </label>
                <textarea
                  id="notes"
                  name="notes"
                  rows={3}
                  maxLength={5000}
                  className="input"
                  aria-invalid={createErrors.notes ? true : undefined}
                  aria-describedby={createErrors.notes ? "notes-error" : undefined}
                />
                {createErrors.notes ? (
                  <p id="notes-error" className="field-error" role="alert">
                    {createErrors.notes}
                  </p>
                ) : null}
              </div>
              {createErrors.form ? (
                <p className="field-error sm:col-span-2" role="alert">
                  {createErrors.form}
                </p>
              ) : null}
              <div className="sm:col-span-2">
                <button type="submit" className="btn-primary" disabled={busy === "create"}>
                  <Plus className="h-4 w-4" aria-hidden="true" />
                  {busy === "create" ? "Logging..." : "Log request"}
                </button>
              </div>
            </Form>
          </section>
        ) : null}

        <section aria-labelledby="all-heading" className="space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="all-heading" className="text-lg font-semibold">
              All requests
            </h2>
            <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Filter requests">
              <div>
                <label htmlFor="status-filter" className="label">
                  Status
                </label>
                <select id="status-filter" name="status" className="input" defaultValue={data.filter.status ?? ""}>
                  <option value="">All</option>
                  {STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABEL[s]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="law-filter" className="label">
                  Law
                </label>
                <select
                  id="law-filter"
                  name="jurisdiction"
                  className="input"
                  defaultValue={data.filter.jurisdiction ?? ""}
                >
                  <option value="">All</option>
                  {JURISDICTION_LIST.map((j) => (
                    <option key={j.id} value={j.id}>
                      {j.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="sort-order" className="label">
                  Order
                </label>
                <select id="sort-order" name="sort" className="input" defaultValue={data.filter.sort}>
                  <option value="newest">Newest first</option>
                  <option value="due">Due date, earliest first</option>
                </select>
              </div>
              <button type="submit" className="btn-secondary">
                Filter
              </button>
            </Form>
          </div>
          {data.requests.length ? (
            <RequestTable
              rows={data.requests}
              caption={`Data subject requests, ${data.filter.sort === "due" ? "by due date" : "newest first"}`}
              testId="privacy-list"
            />
          ) : (
            <p className="card text-sm text-ink-muted" data-testid="privacy-empty">
              {data.total === 0
                ? "No requests logged yet. Log the first one above when it arrives, or turn on the public request form in the settings below."
                : "No requests match this filter."}
            </p>
          )}
        </section>

        <section aria-labelledby="laws-heading" className="card">
          <h2 id="laws-heading" className="text-lg font-semibold">
            Deadlines by law
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            Periods run from the day a request arrives, in calendar days or months. The clock keeps running while
            identity is being verified.
          </p>
          <div className="relative mt-3 overflow-x-auto">
            <table className="stack-table w-full text-left text-sm md:min-w-[640px]" data-testid="privacy-laws">
              <caption className="sr-only">Response periods, extensions and legal sources</caption>
              <thead className="text-xs uppercase tracking-wide text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Law
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Answer within
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Extension
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Source
                  </th>
                </tr>
              </thead>
              <tbody>
                {JURISDICTION_LIST.map((j) => {
                  const r = rulesFor(j.id, data.custom);
                  return (
                    <tr key={j.id} className="border-t border-slate-100 align-top">
                      <th scope="row" className="py-2 pr-3 font-medium">
                        {j.label}
                        <span className="block text-xs font-normal text-ink-muted">{j.region}</span>
                      </th>
                      <td className="py-2 pr-3" data-label="Answer within">
                        {periodText(r.period)}
                      </td>
                      <td className="py-2 pr-3" data-label="Extension">
                        {r.extension
                          ? `${r.extension.max === 1 ? "Once" : `${r.extension.max} times`}, by ${periodText(r.extension)}, with notice`
                          : "None"}
                      </td>
                      <td className="py-2 pr-3" data-label="Source">
                        {j.sourceUrl ? <a href={j.sourceUrl}>{j.source}</a> : j.source}
                        <span className="block text-xs text-ink-muted">{j.rule}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="map-heading" className="card flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="map-heading" className="text-lg font-semibold">
              Data map
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              {data.systems} system{data.systems === 1 ? "" : "s"} holding personal data. New requests get one checklist
              task per system in scope.
            </p>
          </div>
          <Link to="/privacy/data-map" className="btn-secondary">
            <Database className="h-4 w-4" aria-hidden="true" />
            Open the data map
          </Link>
        </section>

        {data.can.configure ? (
          <section aria-labelledby="settings-heading" className="card">
            <h2 id="settings-heading" className="text-lg font-semibold">
              Settings
            </h2>
            {action?.intent === "settings" && action.ok ? (
              <p
                role="status"
                className="mt-2 rounded-md bg-ok-light px-3 py-2 text-sm text-ok"
                data-testid="privacy-settings-saved"
              >
                {action.ok}
              </p>
            ) : null}
            <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="privacy-settings-form">
              <input type="hidden" name="intent" value="settings" />
              <SelectField
                id="timeZone"
                label="Time zone"
                hint="Due dates are calendar days in this zone."
                error={settingsErrors.timeZone}
                options={data.timeZones.map((z) => [z, z])}
                defaultValue={data.timeZone}
              />
              <FormField
                id="customDays"
                name="customDays"
                type="number"
                min={1}
                max={365}
                label="Custom policy: days to answer"
                defaultValue={data.settings.customDays}
                error={settingsErrors.customDays}
              />
              <FormField
                id="customExtensionDays"
                name="customExtensionDays"
                type="number"
                min={0}
                max={365}
                label="Custom policy: extension days (0 for none)"
                defaultValue={data.settings.customExtensionDays}
                error={settingsErrors.customExtensionDays}
              />
              <SelectField
                id="intakeJurisdiction"
                label="Public form: default law"
                error={settingsErrors.intakeJurisdiction}
                options={JURISDICTION_LIST.map((j) => [j.id, j.label])}
                defaultValue={data.settings.intakeJurisdiction}
              />
              <div className="sm:col-span-2">
                <div className="flex items-start gap-2">
                  <input
                    id="intakeEnabled"
                    name="intakeEnabled"
                    type="checkbox"
                    className="mt-1 h-4 w-4"
                    defaultChecked={data.settings.intakeEnabled}
                    aria-describedby="intakeEnabled-hint"
                  />
                  <label htmlFor="intakeEnabled" className="text-sm font-medium">
                    Public request form
                  </label>
                </div>
                <p id="intakeEnabled-hint" className="mt-1 text-xs text-ink-muted">
                  Anyone can then send a request without an account; it arrives here as pending.
                </p>
                {data.settings.intakePath ? (
                  <p className="mt-2 text-sm" data-testid="privacy-intake-link">
                    Public form: <a href={data.settings.intakePath}>{data.settings.intakePath}</a>
                  </p>
                ) : null}
              </div>
              {settingsErrors.form ? (
                <p className="field-error sm:col-span-2" role="alert">
                  {settingsErrors.form}
                </p>
              ) : null}
              <div className="sm:col-span-2">
                <button type="submit" className="btn-secondary" disabled={busy === "settings"}>
                  {busy === "settings" ? "Saving..." : "Save settings"}
                </button>
              </div>
            </Form>
          </section>
        ) : null}
      </div>
    </ModulePage>
  );
}
