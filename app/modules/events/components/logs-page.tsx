/**
 * /logs: search stored events (time range, free text, field:value with
 * AND/OR/NOT and wildcards), a histogram of matches, paginated results, the
 * quota state, and the anomalies with their explanation, events and triage
 * forms. Every control is a plain form: the page works without JavaScript.
 */
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { Search } from "~/components/ui/icons";
import { ChartFrame } from "~/components/charts/chart-frame";
import { FormField } from "~/components/form-field";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { RANGE_LABEL, type RangeKey } from "../ranges";
import type { LogsActionResult, logsPageData } from "../page-data.server";
import { useFormat } from "~/lib/format-context";

type Data = ReturnType<typeof logsPageData> & { teaser: false };

function Histogram({ data }: { data: Data }) {
  const intl = useFormat();
  const fmt = (at: string | number) => intl.formatDateTime(at, { seconds: true });
  const W = 640;
  const H = 120;
  const max = Math.max(1, ...data.histogram.map((h) => h.count));
  const bw = data.histogram.length ? W / data.histogram.length : W;
  const peak = data.histogram.reduce((a, h) => (h.count > a.count ? h : a), { start: "", count: 0 });
  const summary =
    data.total === 0
      ? "No matching events in this time range."
      : `${intl.formatNumber(data.total)} matching events; the busiest interval starts ${fmt(peak.start)} with ${intl.formatNumber(peak.count)}.`;
  return (
    <ChartFrame
      title="Matches over time"
      summary={summary}
      rowHeaderLabel="Interval start"
      rowHeaders={data.histogram.map((h) => fmt(h.start))}
      columns={[{ header: "Events", cells: data.histogram.map((h) => h.count) }]}
    >
      <svg viewBox={`0 0 ${W} ${H + 16}`} role="img" aria-label={summary} className="h-auto w-full">
        <line x1="0" y1={H} x2={W} y2={H} stroke="#94a3b8" strokeWidth="1" />
        {data.histogram.map((h, i) => {
          const bh = Math.round((h.count / max) * (H - 4));
          return (
            <rect key={h.start} x={i * bw + 1} y={H - bh} width={Math.max(1, bw - 2)} height={bh} fill="#1d4ed8">
              <title>{`${fmt(h.start)}: ${h.count}`}</title>
            </rect>
          );
        })}
        <text x="0" y={H + 14} fontSize="11" fill="#475569">
          {data.histogram[0] ? fmt(data.histogram[0].start) : ""}
        </text>
        <text x={W} y={H + 14} fontSize="11" fill="#475569" textAnchor="end">
          {fmt(Date.parse(data.to + ":00Z"))}
        </text>
      </svg>
    </ChartFrame>
  );
}

function pageHref(data: Data, page: number) {
  const p = new URLSearchParams({ q: data.q, range: data.range, page: String(page) });
  if (data.range === "custom") {
    p.set("from", data.from);
    p.set("to", data.to);
  }
  return `?${p.toString()}`;
}

function SearchForm({ data }: { data: Data }) {
  const nav = useNavigation();
  const searching = nav.state === "loading" && nav.location?.pathname === "/logs";
  return (
    <Form method="get" className="card grid gap-3 md:grid-cols-[1fr_auto]" role="search" aria-label="Search logs">
      <FormField
        id="logs-q"
        name="q"
        label="Search"
        defaultValue={data.q}
        error={data.errors.q}
        placeholder='e.g. "failed password" host:web-* -user:svc_backup'
        hint={
          <>
            Words and &quot;phrases&quot; search the text; <code>field:value</code> matches a field (<code>*</code> and{" "}
            <code>?</code> are wildcards); combine with AND, OR, NOT or <code>-</code>, and parentheses.
          </>
        }
        maxLength={1000}
      />
      <div>
        <label htmlFor="logs-range" className="label">
          Time range
        </label>
        <select id="logs-range" name="range" className="input" defaultValue={data.range}>
          {(Object.keys(RANGE_LABEL) as RangeKey[]).map((k) => (
            <option key={k} value={k}>
              {RANGE_LABEL[k]}
            </option>
          ))}
        </select>
      </div>
      <details className="md:col-span-2" open={data.range === "custom" || !!data.errors.from || !!data.errors.to}>
        <summary className="cursor-pointer text-sm font-medium text-brand">Custom range (UTC)</summary>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <FormField
            id="logs-from"
            name="from"
            type="datetime-local"
            label="From"
            defaultValue={data.from}
            error={data.errors.from}
          />
          <FormField
            id="logs-to"
            name="to"
            type="datetime-local"
            label="To"
            defaultValue={data.to}
            error={data.errors.to}
          />
        </div>
        <p className="mt-1 text-xs text-ink-muted">Choose “Custom (UTC)” as the time range to use these.</p>
      </details>
      <div className="md:col-span-2">
        <button type="submit" className="btn-primary" aria-busy={searching || undefined}>
          <Search className="h-4 w-4" aria-hidden="true" />
          {searching ? "Searching…" : "Search"}
        </button>
      </div>
    </Form>
  );
}

function Results({ data }: { data: Data }) {
  const intl = useFormat();
  const fmt = (at: string | number) => intl.formatDateTime(at, { seconds: true });
  const pages = Math.min(200, Math.ceil(data.total / data.pageSize));
  if (data.total === 0)
    return (
      <div className="card" data-testid="logs-empty">
        <h2 className="font-semibold">No events match</h2>
        <p className="mt-1 text-sm text-ink-muted">
          Widen the time range or the query. To send events, create an API token under Settings → API tokens and post
          them to <code>/api/events</code> or the Splunk HEC endpoint <code>/services/collector/event</code> (see the
          API documentation).
        </p>
      </div>
    );
  return (
    <section aria-labelledby="results-title" className="card">
      <h2 id="results-title" className="text-lg font-semibold">
        Events{" "}
        <span className="text-sm font-normal text-ink-muted">
          ({intl.formatNumber(data.total)} matching, page {data.page} of {Math.max(1, pages)})
        </span>
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="stack-table w-full border-collapse text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="border-b border-slate-200 py-1 pr-3">
                Time (UTC)
              </th>
              <th scope="col" className="border-b border-slate-200 py-1 pr-3">
                Host
              </th>
              <th scope="col" className="border-b border-slate-200 py-1 pr-3">
                Source
              </th>
              <th scope="col" className="border-b border-slate-200 py-1">
                Event
              </th>
            </tr>
          </thead>
          <tbody>
            {data.events.map((e) => (
              <tr key={e.id} className="align-top">
                <td className="whitespace-nowrap border-b border-slate-100 py-1 pr-3 tabular-nums">{fmt(e.time)}</td>
                <td className="border-b border-slate-100 py-1 pr-3">{e.host ?? "—"}</td>
                <td className="border-b border-slate-100 py-1 pr-3">{e.source ?? "—"}</td>
                <td className="border-b border-slate-100 py-1 break-all">
                  {e.message ? <span className="block">{e.message}</span> : null}
                  {e.summary ? <span className="block font-mono text-xs text-ink-muted">{e.summary}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Result pages" className="mt-3 flex gap-3 text-sm">
          {data.page > 1 ? <Link to={pageHref(data, data.page - 1)}>Previous page</Link> : null}
          {data.page < pages ? <Link to={pageHref(data, data.page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

function Notice({ result, intent }: { result: LogsActionResult | undefined; intent: string }) {
  if (!result || result.intent !== intent) return null;
  if (result.ok)
    return (
      <p role="status" className="mt-2 text-sm text-ok">
        {result.ok}
      </p>
    );
  return result.errors?.form ? (
    <p role="alert" className="field-error mt-2">
      {result.errors.form}
    </p>
  ) : null;
}

const STATUS_TONE = { open: "warn", acknowledged: "neutral", benign: "ok" } as const;
const STATUS_WORD = { open: "Open", acknowledged: "Acknowledged", benign: "Benign" } as const;

function Anomalies({ data, result }: { data: Data; result: LogsActionResult | undefined }) {
  const intl = useFormat();
  const fmt = (at: string | number) => intl.formatDateTime(at, { seconds: true });
  return (
    <section aria-labelledby="anomalies-title" className="card">
      <h2 id="anomalies-title" className="text-lg font-semibold">
        Anomalies
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Computed as events arrive: bursts of failed sign-ins, first-seen processes, services and users on a host,
        volumes far above an entity&apos;s own baseline, and impossible travel.
      </p>
      <Notice result={result} intent="anomaly-status" />
      {data.anomalies.length === 0 ? (
        <p className="mt-3 text-sm" data-testid="anomalies-empty">
          No anomalies yet. They appear here, on the dashboard and as alerts as soon as incoming events show one.
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {data.anomalies.map((a) => (
            <li
              key={a.id}
              id={`anomaly-${a.id}`}
              className="rounded-md border border-slate-200 p-3"
              data-testid="anomaly"
            >
              <div className="flex flex-wrap items-center gap-2">
                <SeverityBadge level={a.severity} />
                <h3 className="font-semibold">{a.typeLabel}</h3>
                <StatusBadge tone={STATUS_TONE[a.status]}>{STATUS_WORD[a.status]}</StatusBadge>
                <span className="text-xs text-ink-muted tabular-nums">detected {fmt(a.detectedAt)}</span>
              </div>
              <p className="mt-1 text-sm">{a.explanation}</p>
              {a.user || a.host ? (
                <p className="mt-1 text-xs text-ink-muted">
                  {a.user ? `User ${a.user}` : null}
                  {a.user && a.host ? " · " : null}
                  {a.host ? `Host ${a.host}` : null}
                </p>
              ) : null}
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-brand">
                  The events behind it ({a.eventCount})<span className="sr-only">: {a.typeLabel}</span>
                </summary>
                <ul className="mt-1 space-y-1 font-mono text-xs">
                  {a.events.map((e) => (
                    <li key={e.id} className="break-all">
                      {fmt(e.time)} {e.host ?? ""} {e.message}
                    </li>
                  ))}
                </ul>
              </details>
              {data.canTriage ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {a.status !== "acknowledged" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="anomaly-status" />
                      <input type="hidden" name="id" value={a.id} />
                      <input type="hidden" name="status" value="acknowledged" />
                      <button type="submit" className="btn-secondary">
                        Acknowledge<span className="sr-only"> {a.typeLabel}</span>
                      </button>
                    </Form>
                  ) : null}
                  {a.status !== "benign" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="anomaly-status" />
                      <input type="hidden" name="id" value={a.id} />
                      <input type="hidden" name="status" value="benign" />
                      <button type="submit" className="btn-secondary">
                        Mark benign<span className="sr-only"> {a.typeLabel}</span>
                      </button>
                    </Form>
                  ) : null}
                  {a.status !== "open" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="anomaly-status" />
                      <input type="hidden" name="id" value={a.id} />
                      <input type="hidden" name="status" value="open" />
                      <button type="submit" className="btn-secondary">
                        Reopen<span className="sr-only"> {a.typeLabel}</span>
                      </button>
                    </Form>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Bytes as whole megabytes (at least 0.1 MB once anything is stored), for the quota line. */
function mb(bytes: number, formatNumber: (n: number, digits?: number) => string): string {
  const v = bytes / (1024 * 1024);
  return `${v === 0 ? "0" : v < 10 ? formatNumber(Math.max(0.1, v), 1) : formatNumber(v, 0)} MB`;
}

function QuotaAndRetention({ data, result }: { data: Data; result: LogsActionResult | undefined }) {
  const q = data.quota;
  const { formatNumber } = useFormat();
  const retentionError = result?.intent === "retention" ? result.errors?.days : undefined;
  return (
    <section aria-labelledby="quota-title" className="card">
      <h2 id="quota-title" className="text-lg font-semibold">
        Ingestion
      </h2>
      {q.exceeded ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger" data-testid="quota-exceeded">
          Daily event quota reached: {formatNumber(q.used)} of {formatNumber(q.limit)} events and{" "}
          {mb(q.bytesUsed, formatNumber)} of {mb(q.bytesLimit, formatNumber)} stored today. New events are refused (429)
          until midnight UTC, in {Math.ceil(q.retryAfterSeconds / 60)} minutes.
        </p>
      ) : (
        <p className="mt-2 text-sm" data-testid="quota">
          {formatNumber(q.used)} of {formatNumber(q.limit)} events and {mb(q.bytesUsed, formatNumber)} of{" "}
          {mb(q.bytesLimit, formatNumber)} stored today (UTC); {formatNumber(q.remaining)} events left.
        </p>
      )}
      <p className="mt-1 text-sm text-ink-muted">Events are kept for {data.retentionDays} days after receipt.</p>
      {data.canConfigure ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="retention" />
          <FormField
            id="retention-days"
            name="days"
            type="number"
            min={1}
            max={365}
            label="Retention (days)"
            defaultValue={data.retentionDays}
            error={retentionError}
          />
          <button type="submit" className="btn-secondary">
            Save retention
          </button>
        </Form>
      ) : null}
      <Notice result={result} intent="retention" />
    </section>
  );
}

export function LogsPage() {
  const loaded = useLoaderData<{ teaser: true } | Data>();
  const result = useActionResult<LogsActionResult>();
  if (loaded.teaser) return <TeaserPage path="/logs" />;
  const data = loaded as Data;
  return (
    <ModulePage path="/logs">
      <div className="space-y-6">
        <SearchForm data={data} />
        <Histogram data={data} />
        <Results data={data} />
        <Anomalies data={data} result={result} />
        <QuotaAndRetention data={data} result={result} />
      </div>
    </ModulePage>
  );
}
