/**
 * /incident-response: the cases table (filter by status and severity, SLA breaches flagged), the form that opens a
 * case (with a playbook template and the alerts it comes from), the MTTA/MTTR charts with a table per severity,
 * and the SLA targets owners set. Every control is a plain form.
 */
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { LineChart } from "~/components/charts/line-chart";
import { FormField } from "~/components/form-field";
import { TeaserPage } from "~/components/teaser-page";
import { SeverityBadge } from "~/components/ui/severity-badge";
import { SelectField } from "~/components/select-field";
import type { loader as incidentsLoader } from "~/routes/_app.incident-response";
import { SEVERITIES, SEVERITY_LABEL, SLA_LABEL, STATUS_LABEL, STATUSES, TLP_LABEL, TLPS, type SlaKind } from "../types";
import { BreachBadge, CaseStatusBadge, formatDuration, TlpBadge } from "./badges";
import { useFormat } from "~/lib/format-context";

type Data = Exclude<Awaited<ReturnType<typeof incidentsLoader>>, { teaser: true }>;
type ActionData = { intent: string; ok?: string; errors?: Record<string, string> };

const hours = (ms: number | null) => (ms == null ? 0 : Math.round((ms / 3_600_000) * 10) / 10);

export function IncidentsPage() {
  const loaded = useLoaderData<typeof incidentsLoader>();
  if (loaded.teaser) return <TeaserPage path="/incident-response" />;
  return <Incidents data={loaded as unknown as Data} />;
}

function Incidents({ data: d }: { data: Data }) {
  const action = useActionResult<ActionData>();
  const navigation = useNavigation();
  const intl = useFormat();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const errors = action?.intent === "create" ? (action.errors ?? {}) : {};
  const months = d.metrics.byMonth.filter((m) => m.cases > 0);
  const mttaPoints = months.map((m) => ({
    label: intl.formatMonth(m.month),
    short: m.month.slice(5),
    value: hours(m.mttaMs),
  }));
  const mttrPoints = months.map((m) => ({
    label: intl.formatMonth(m.month),
    short: m.month.slice(5),
    value: hours(m.mttrMs),
  }));
  const yMax = (pts: { value: number }[]) => Math.max(1, Math.ceil(Math.max(0, ...pts.map((p) => p.value)) * 1.2));
  const quotaPct = Math.round((d.evidence.usedBytes / d.evidence.quotaBytes) * 1000) / 10;

  return (
    <main id="main" className="max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Incident Response</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {d.tenantName}: cases from detection to closure, with playbook tasks, evidence and measured response times.
          </p>
        </div>
        <Link to="/incident-response/templates" className="btn-secondary">
          Playbook templates
        </Link>
      </div>

      {action?.errors?.form ? (
        <p
          role="alert"
          className="rounded-md bg-danger-light px-3 py-2 text-sm text-danger"
          data-testid="ir-form-error"
        >
          {action.errors.form}
        </p>
      ) : null}
      {action?.ok ? (
        <p role="status" className="rounded-md bg-ok-light px-3 py-2 text-sm text-ok" data-testid="ir-flash">
          {action.ok}
        </p>
      ) : null}

      <section aria-labelledby="cases-heading" className="card space-y-3">
        <h2 id="cases-heading" className="text-lg font-semibold">
          Cases
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter cases">
          <SelectField
            id="filter-status"
            name="status"
            label="Status"
            defaultValue={d.filter.status ?? ""}
            options={[["", "All statuses"], ...STATUSES.map((s) => [s, STATUS_LABEL[s]] as [string, string])]}
          />
          <SelectField
            id="filter-severity"
            name="severity"
            label="Severity"
            defaultValue={d.filter.severity ?? ""}
            options={[["", "All severities"], ...SEVERITIES.map((s) => [s, SEVERITY_LABEL[s]] as [string, string])]}
          />
          <button type="submit" className="btn-secondary">
            Filter
          </button>
        </Form>
        {d.cases.length === 0 ? (
          <p className="text-sm text-ink-muted" data-testid="ir-empty">
            No cases{d.filter.status || d.filter.severity ? " match this filter" : " yet"}. Open one below, or select
            alerts on the alerts page and open a case from them.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="stack-table w-full text-left text-sm" data-testid="ir-cases">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-3">
                    Case
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Severity
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Response targets
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Assignee
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Opened
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.cases.map((c) => (
                  <tr key={c.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3">
                      <Link to={`/incident-response/${c.id}`} className="font-medium underline">
                        <span className="font-mono">{c.reference}</span> {c.title}
                      </Link>
                      <div className="mt-1 flex flex-wrap gap-1">
                        <TlpBadge tlp={c.tlp} />
                        {c.tags.map((t) => (
                          <span key={t} className="rounded bg-surface-sunken px-1.5 text-xs text-ink-muted">
                            {t}
                          </span>
                        ))}
                      </div>
                    </td>
                    <td className="py-2 pr-3">
                      <SeverityBadge level={c.severity} />
                    </td>
                    <td className="py-2 pr-3">
                      <CaseStatusBadge status={c.status} resolution={c.resolution} />
                    </td>
                    <td className="py-2 pr-3" data-label="Response targets">
                      {c.status === "closed" ? (
                        "—"
                      ) : (
                        <BreachBadge labels={c.breaches.map((k: SlaKind) => SLA_LABEL[k])} />
                      )}
                    </td>
                    <td className="py-2 pr-3" data-label="Assignee">
                      {c.assignee ?? "Unassigned"}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap" data-label="Opened">
                      {intl.formatDateTime(c.openedAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {d.can.work ? (
        <section aria-labelledby="open-heading" className="card space-y-4">
          <h2 id="open-heading" className="text-lg font-semibold">
            Open a case
          </h2>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="ir-open-form">
            <input type="hidden" name="intent" value="create" />
            <div className="sm:col-span-2">
              <FormField id="case-title" name="title" label="Title" required maxLength={200} error={errors.title} />
            </div>
            <SelectField
              id="case-severity"
              name="severity"
              label="Severity"
              defaultValue="medium"
              error={errors.severity}
              options={SEVERITIES.map((s) => [s, SEVERITY_LABEL[s]])}
            />
            <SelectField
              id="case-tlp"
              name="tlp"
              label="TLP"
              defaultValue="amber"
              error={errors.tlp}
              options={TLPS.map((t) => [t, TLP_LABEL[t]])}
            />
            <SelectField
              id="case-template"
              name="template"
              label="Playbook"
              error={errors.template}
              options={[
                ["", "No playbook"],
                ...d.templates.map((t) => [t.key, `${t.name} (${t.tasks} tasks)`] as [string, string]),
              ]}
            />
            {d.can.manage ? (
              <SelectField
                id="case-assignee"
                name="assigneeId"
                label="Assignee"
                error={errors.assigneeId}
                options={[["", "Unassigned"], ...d.members.map((m) => [m.id, m.email] as [string, string])]}
              />
            ) : null}
            <FormField
              id="case-tags"
              name="tags"
              label="Tags"
              hint="Comma-separated"
              error={errors.tags}
              maxLength={800}
            />
            <div className="sm:col-span-2">
              <label htmlFor="case-description" className="label">
                Description
              </label>
              <textarea
                id="case-description"
                name="description"
                rows={3}
                maxLength={20000}
                className="input"
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? "case-description-error" : undefined}
              />
              {errors.description ? (
                <p id="case-description-error" className="field-error" role="alert">
                  {errors.description}
                </p>
              ) : null}
            </div>
            <fieldset className="sm:col-span-2" aria-describedby={errors.alertIds ? "case-alerts-error" : undefined}>
              <legend className="label">Alerts this case comes from</legend>
              {d.alerts.length === 0 ? (
                <p className="text-sm text-ink-muted">No active alerts.</p>
              ) : (
                <ul className="space-y-1" data-testid="ir-alert-choices">
                  {d.alerts.map((a) => (
                    <li key={a.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        id={`alert-${a.id}`}
                        name="alertId"
                        value={a.id}
                        defaultChecked={d.selectedAlerts.includes(a.id)}
                      />
                      <label htmlFor={`alert-${a.id}`} className="flex flex-wrap items-center gap-2">
                        <SeverityBadge level={a.severity} /> {a.title}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {errors.alertIds ? (
                <p id="case-alerts-error" className="field-error" role="alert">
                  {errors.alertIds}
                </p>
              ) : null}
            </fieldset>
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary" disabled={busy === "create"}>
                {busy === "create" ? "Opening…" : "Open case"}
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="response-heading" className="space-y-3">
        <h2 id="response-heading" className="text-lg font-semibold">
          Measured response
        </h2>
        <p className="text-sm text-ink-muted" data-testid="ir-overall">
          Overall: MTTA {formatDuration(d.metrics.overall.mttaMs, intl.formatNumber)} over{" "}
          {d.metrics.overall.acknowledged} acknowledged case{d.metrics.overall.acknowledged === 1 ? "" : "s"}, MTTR{" "}
          {formatDuration(d.metrics.overall.mttrMs, intl.formatNumber)} over {d.metrics.overall.resolved} resolved case
          {d.metrics.overall.resolved === 1 ? "" : "s"}.
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <LineChart
            title="Mean time to acknowledge by month"
            points={mttaPoints}
            valueLabel="MTTA (hours)"
            unit=" h"
            yMax={yMax(mttaPoints)}
            lowerIsBetter
            heading="h3"
          />
          <LineChart
            title="Mean time to resolve by month"
            points={mttrPoints}
            valueLabel="MTTR (hours)"
            unit=" h"
            yMax={yMax(mttrPoints)}
            lowerIsBetter
            heading="h3"
          />
        </div>
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="ir-by-severity">
            <caption className="text-left font-semibold">By severity</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3">
                  Severity
                </th>
                <th scope="col" className="py-2 pr-3">
                  Cases
                </th>
                <th scope="col" className="py-2 pr-3">
                  MTTA
                </th>
                <th scope="col" className="py-2 pr-3">
                  MTTR
                </th>
              </tr>
            </thead>
            <tbody>
              {d.metrics.bySeverity.map((s) => (
                <tr key={s.severity} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    <SeverityBadge level={s.severity} />
                  </th>
                  <td className="py-2 pr-3">{s.cases}</td>
                  <td className="py-2 pr-3">{formatDuration(s.mttaMs, intl.formatNumber)}</td>
                  <td className="py-2 pr-3">{formatDuration(s.mttrMs, intl.formatNumber)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="sla-heading" className="card space-y-3">
        <h2 id="sla-heading" className="text-lg font-semibold">
          Response time targets
        </h2>
        <p className="text-sm text-ink-muted">
          Minutes from a case's opening. A case past a target is flagged and raises an alert.
          {d.can.setSla ? "" : " Only owners change them."}
        </p>
        <div className="space-y-3">
          {d.sla.map((t) => {
            const key = `sla-${t.severity}`;
            const e = action?.intent === key ? (action.errors ?? {}) : {};
            return (
              <Form method="post" key={t.severity} className="flex flex-wrap items-end gap-3" data-testid={key}>
                <input type="hidden" name="intent" value="sla" />
                <input type="hidden" name="severity" value={t.severity} />
                <div className="w-24 pb-2">
                  <SeverityBadge level={t.severity} />
                </div>
                {(["ackMinutes", "containMinutes", "resolveMinutes"] as const).map((f) => (
                  <div key={f} className="w-36">
                    <FormField
                      id={`${key}-${f}`}
                      name={f}
                      type="number"
                      min={1}
                      label={`${f === "ackMinutes" ? "Acknowledge" : f === "containMinutes" ? "Contain" : "Resolve"} (min)`}
                      defaultValue={t[f]}
                      disabled={!d.can.setSla}
                      error={e[f]}
                    />
                  </div>
                ))}
                {d.can.setSla ? (
                  <button type="submit" className="btn-secondary">
                    Save {SEVERITY_LABEL[t.severity].toLowerCase()}
                  </button>
                ) : null}
                {action?.intent === key && action.ok ? (
                  <span role="status" className="text-sm text-ok">
                    {action.ok}
                  </span>
                ) : null}
              </Form>
            );
          })}
        </div>
        <p className="text-sm text-ink-muted">
          Evidence storage: {intl.formatNumber(d.evidence.usedBytes / 1048576, 1)} MB of{" "}
          {intl.formatNumber(d.evidence.quotaBytes / 1048576, 0)} MB used ({intl.formatNumber(quotaPct)}%).
        </p>
      </section>
    </main>
  );
}
