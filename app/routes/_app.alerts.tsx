import { readForm } from "~/lib/http.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { SelectField } from "~/components/select-field";
import { useActionResult } from "~/lib/use-action-result";
import { z } from "zod";
import { EmptyState, ModulePage } from "~/components/module-page";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { limitWrites } from "~/lib/api.server";
import { can } from "~/modules/permissions";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { AlertCaseCheckbox, canOpenCaseFromAlerts, OpenCaseFromAlerts } from "~/modules/incidents";
import {
  SEVERITIES,
  alertSourceLink,
  alertSources,
  alertTimelines,
  effectiveStatus,
  listAlerts,
  silenceAlert,
  transitionAlert,
  type AlertStatusFilter,
} from "~/modules/alerts";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Security Alerts · Rampart" }];

const STATUS_FILTERS = ["open", "active", "acknowledged", "silenced", "resolved"] as const;
const Filters = z.object({
  status: z.enum(STATUS_FILTERS).optional().catch(undefined),
  severity: z.enum(["low", "medium", "high", "critical"]).optional().catch(undefined),
  source: z.string().max(60).optional().catch(undefined),
  // One alert: where the link in alert mail points.
  id: z.string().max(100).optional().catch(undefined),
});

const EVENT_LABEL: Record<string, string> = {
  raised: "Raised",
  repeated: "Seen again",
  suppressed: "Not notified (maintenance window)",
  acknowledged: "Acknowledged",
  resolved: "Resolved",
  silenced: "Silenced",
  reopened: "Reopened",
  notified: "Notified",
  escalation_started: "Escalation started",
  escalation_step: "Escalation step",
  escalation_stopped: "Escalation stopped",
  escalation_closed: "Escalation closed",
  escalation_exhausted: "Escalation finished (no acknowledgement)",
};

function describe(kind: string, detail: Record<string, unknown>) {
  if (kind === "escalation_step") return `step ${detail.step}${detail.repeat ? ` (repeat ${detail.repeat})` : ""}`;
  if (kind === "repeated") return `${detail.occurrences} times in all`;
  if (kind === "silenced") return `until ${String(detail.until).replace("T", " ").slice(0, 16)} UTC`;
  if (kind === "notified") return `${detail.channels} channel(s) by ${(detail.rules as string[]).join(", ")}`;
  return "";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/alerts");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  const tenantId = access.ctx.tenant.id;
  const url = new URL(request.url);
  const filters = Filters.parse({
    status: url.searchParams.get("status") || undefined,
    severity: url.searchParams.get("severity") || undefined,
    source: url.searchParams.get("source") || undefined,
    id: url.searchParams.get("alert") || undefined,
  });
  const list = listAlerts(tenantId, 200, filters);
  const timelines = alertTimelines(
    tenantId,
    list.map((a) => a.id),
  );
  return {
    // Acknowledge/resolve/silence are state changes (app/modules/permissions.ts); the action checks again.
    canTriage: can(access.ctx.tenant.role, "alert", "triage"),
    // Incident response (business plan): select alerts and open a case from them.
    canOpenCase: canOpenCaseFromAlerts(access.ctx),
    filters,
    sources: alertSources(tenantId),
    alerts: list.map((a) => ({
      id: a.id,
      title: a.title,
      // The page showing the message, case, anomaly... the alert is about (issue 32).
      link: alertSourceLink(a),
      detail: a.detail,
      severity: a.severity,
      status: effectiveStatus(a),
      source: a.source,
      occurrences: a.occurrences,
      createdAt: new Date(a.createdAt).toISOString(),
      lastSeenAt: new Date(a.lastSeenAt ?? a.createdAt).toISOString(),
      silencedUntil: a.silencedUntil ? new Date(a.silencedUntil).toISOString() : null,
      timeline: timelines.get(a.id)!.map((e) => ({
        id: e.id,
        label: EVENT_LABEL[e.kind] ?? e.kind,
        note: describe(e.kind, e.detail),
        actor: e.actor,
        at: new Date(e.createdAt).toISOString(),
      })),
    })),
  };
}

const ActionSchema = z.object({
  op: z.enum(["acknowledge", "resolve", "reopen", "silence-1h", "silence-24h", "silence-until"]),
  alertIds: z.array(z.string().min(1).max(100)).min(1, "Select at least one alert").max(200),
  until: z.string().max(40).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/alerts", { permission: ["alert", "triage"] });
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  // A row's own button says "<op>:<id>"; the bulk buttons say "<op>" and use the ticked boxes.
  let [op, single] = String(form.get("op") ?? "").split(":");
  // The earlier one-alert form (alertId + status) keeps working.
  const legacy = form.get("alertId");
  if (!op && legacy) {
    single = String(legacy);
    const status = String(form.get("status") ?? "");
    op =
      status === "acknowledged"
        ? "acknowledge"
        : status === "resolved"
          ? "resolve"
          : status === "active"
            ? "reopen"
            : "";
  }
  const parsed = ActionSchema.safeParse({
    op,
    alertIds: single ? [single] : form.getAll("alertIds").map(String),
    until: form.get("until") || undefined,
  });
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Choose alerts and an action" }, { status: 400 });
  let until: number | null = null;
  if (parsed.data.op.startsWith("silence")) {
    const now = Date.now();
    if (parsed.data.op === "silence-1h") until = now + 3_600_000;
    else if (parsed.data.op === "silence-24h") until = now + 24 * 3_600_000;
    else {
      const raw = parsed.data.until ?? "";
      const t = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(raw) ? raw : `${raw}Z`);
      if (!raw || Number.isNaN(t) || t <= now)
        return data(
          { error: "Choose a date and time in the future to silence until", field: "until" },
          { status: 400 },
        );
      until = t;
    }
  }
  let changed = 0;
  for (const id of parsed.data.alertIds) {
    const r =
      until !== null
        ? silenceAlert(ctx.tenant.id, id, until, ctx.user.id)
        : transitionAlert(ctx.tenant.id, id, parsed.data.op as "acknowledge" | "resolve" | "reopen", ctx.user.id);
    if (r) changed++;
  }
  if (changed === 0) throw new Response("Not Found", { status: 404 });
  return { error: null, changed };
}

function statusTone(s: AlertStatusFilter) {
  return s === "resolved" ? "ok" : s === "active" ? "danger" : s === "silenced" ? "neutral" : "warn";
}

export default function Alerts() {
  const { alerts, canTriage, canOpenCase, filters, sources } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as
    { error: string | null; field?: string; changed?: number } | undefined;
  const busy = useNavigation().state === "submitting";
  const intl = useFormat();
  return (
    <ModulePage path="/alerts">
      <Form method="get" className="card mb-4 flex flex-wrap items-end gap-3" aria-label="Filter alerts">
        <SelectField
          id="f-status"
          name="status"
          label="Status"
          defaultValue={filters.status ?? ""}
          options={[["", "Any"], ...STATUS_FILTERS.map((s): [string, string] => [s, s])]}
        />
        <SelectField
          id="f-severity"
          name="severity"
          label="Severity"
          defaultValue={filters.severity ?? ""}
          options={[["", "Any"], ...SEVERITIES.map((s): [string, string] => [s, s])]}
        />
        <SelectField
          id="f-source"
          name="source"
          label="Source"
          defaultValue={filters.source ?? ""}
          options={[["", "Any"], ...sources.map((s): [string, string] => [s, s])]}
        />
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {result?.error ? (
        <p role="alert" className="field-error mb-3" id="alerts-error">
          {result.error}
        </p>
      ) : result?.changed ? (
        <p role="status" className="mb-3 text-sm">
          {result.changed} alert(s) updated.
        </p>
      ) : null}
      {alerts.length === 0 ? (
        <EmptyState>
          {filters.status || filters.severity || filters.source ? (
            <>
              No alerts match these filters. <Link to="/alerts">Clear the filters</Link> to see every alert.
            </>
          ) : (
            <>
              No alerts yet. Alerts appear when a module finds something:{" "}
              <Link to="/dark-web-monitoring">watch your e-mail addresses</Link> or{" "}
              <Link to="/phishing">analyse a suspicious message</Link> to start.
            </>
          )}
        </EmptyState>
      ) : (
        <>
          {canOpenCase ? (
            // Its own form (checkboxes below join it through their form attribute), outside the bulk-action form.
            <div className="card mb-3 p-3">
              <OpenCaseFromAlerts />
            </div>
          ) : null}
          <Form method="post">
            {canTriage ? (
              <fieldset
                className="mb-3 flex flex-wrap items-end gap-2"
                aria-label="Bulk actions on the selected alerts"
              >
                <legend className="sr-only">Bulk actions on the selected alerts</legend>
                <button type="submit" name="op" value="acknowledge" className="btn-secondary py-1" disabled={busy}>
                  Acknowledge selected
                </button>
                <button type="submit" name="op" value="resolve" className="btn-secondary py-1" disabled={busy}>
                  Resolve selected
                </button>
                <button type="submit" name="op" value="silence-1h" className="btn-secondary py-1" disabled={busy}>
                  Silence 1 h
                </button>
                <button type="submit" name="op" value="silence-24h" className="btn-secondary py-1" disabled={busy}>
                  Silence 24 h
                </button>
                <span className="flex items-end gap-1">
                  <span>
                    <label htmlFor="silence-until" className="label">
                      Silence until (UTC)
                    </label>
                    <input
                      id="silence-until"
                      name="until"
                      type="datetime-local"
                      className="input"
                      aria-invalid={result?.field === "until" ? true : undefined}
                      aria-describedby={result?.field === "until" ? "alerts-error" : undefined}
                    />
                  </span>
                  <button type="submit" name="op" value="silence-until" className="btn-secondary py-1" disabled={busy}>
                    Silence selected
                  </button>
                </span>
              </fieldset>
            ) : (
              <p className="mb-3 text-xs text-ink-muted">Owners and admins change alerts.</p>
            )}
            <div className="relative card overflow-x-auto p-0">
              <table className="stack-table w-full text-left text-sm">
                <thead className="bg-surface-muted text-xs uppercase text-ink-muted">
                  <tr>
                    {canTriage ? (
                      <th className="p-3">
                        <span className="sr-only">Select</span>
                      </th>
                    ) : null}
                    {canOpenCase ? (
                      <th className="p-3">
                        <span className="sr-only">Open a case with</span>
                      </th>
                    ) : null}
                    <th className="p-3">Severity</th>
                    <th className="p-3">Alert</th>
                    <th className="p-3">Status</th>
                    <th className="p-3">Raised</th>
                    <th className="p-3">Action</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {alerts.map((a) => (
                    <tr key={a.id} data-testid="alert-row" className="align-top">
                      {canTriage ? (
                        <td className="p-3">
                          {/* Two checkboxes per row, each saying what it is for (issue 32). */}
                          <label className="inline-flex items-center gap-1 text-xs text-ink-muted">
                            <input
                              type="checkbox"
                              name="alertIds"
                              value={a.id}
                              aria-label={`Select ${a.title} for the bulk actions`}
                            />
                            <span aria-hidden="true">Bulk</span>
                          </label>
                        </td>
                      ) : null}
                      {canOpenCase ? (
                        <td className="p-3">
                          {a.status !== "resolved" ? (
                            <label className="inline-flex items-center gap-1 text-xs text-ink-muted">
                              <AlertCaseCheckbox id={a.id} title={a.title} />
                              <span aria-hidden="true">Case</span>
                            </label>
                          ) : null}
                        </td>
                      ) : null}
                      <td className="p-3">
                        <SeverityBadge level={a.severity} />
                      </td>
                      <td className="p-3">
                        <p className="font-medium">
                          {a.link ? (
                            <Link
                              to={a.link}
                              className="underline-offset-2 hover:underline"
                              data-testid="alert-source-link"
                            >
                              {a.title}
                            </Link>
                          ) : (
                            a.title
                          )}
                        </p>
                        {a.detail ? <p className="text-xs text-ink-muted">{a.detail}</p> : null}
                        <p className="text-xs text-ink-muted">
                          {a.source}
                          {a.occurrences > 1
                            ? ` · seen ${a.occurrences} times, last ${intl.formatDateTime(a.lastSeenAt)}`
                            : ""}
                        </p>
                        <details className="mt-1 text-xs">
                          <summary className="cursor-pointer">Timeline ({a.timeline.length})</summary>
                          <ol className="mt-1 space-y-0.5" data-testid="alert-timeline">
                            {a.timeline.map((e) => (
                              <li key={e.id}>
                                <time dateTime={e.at}>{intl.formatDateTime(e.at, { seconds: true })}</time> · {e.label}
                                {e.note ? ` ${e.note}` : ""}
                                {e.actor ? ` · by ${e.actor}` : ""}
                              </li>
                            ))}
                          </ol>
                        </details>
                      </td>
                      <td className="p-3">
                        <StatusBadge tone={statusTone(a.status)}>{a.status}</StatusBadge>
                        {a.silencedUntil && a.status === "silenced" ? (
                          <p className="text-xs text-ink-muted">until {intl.formatDateTime(a.silencedUntil)}</p>
                        ) : null}
                      </td>
                      <td className="p-3">
                        <time dateTime={a.createdAt}>{intl.formatDate(a.createdAt)}</time>
                      </td>
                      <td className="p-3">
                        {canTriage ? (
                          <div className="flex flex-wrap gap-2">
                            {a.status === "active" || a.status === "silenced" ? (
                              <button
                                type="submit"
                                name="op"
                                value={`acknowledge:${a.id}`}
                                className="btn-secondary py-1"
                                aria-label={`Acknowledge ${a.title}`}
                              >
                                Acknowledge
                              </button>
                            ) : null}
                            {a.status !== "resolved" ? (
                              <button
                                type="submit"
                                name="op"
                                value={`resolve:${a.id}`}
                                className="btn-secondary py-1"
                                aria-label={`Resolve ${a.title}`}
                              >
                                Resolve
                              </button>
                            ) : (
                              <button
                                type="submit"
                                name="op"
                                value={`reopen:${a.id}`}
                                className="btn-secondary py-1"
                                aria-label={`Reopen ${a.title}`}
                              >
                                Reopen
                              </button>
                            )}
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Form>
        </>
      )}
    </ModulePage>
  );
}
