import { Link, PrefetchPageLinks } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SeverityBadge } from "~/components/ui/severity-badge";
import { MetricCard } from "~/components/metric-card";
import { EmptyState } from "~/components/module-page";
import { PREFETCH_DELAY_MS, SECONDARY_PREFETCH_DELAY_MS, apiRequest } from "~/lib/api-client";
import { useApiQuery } from "~/lib/use-api-query";
import type { loadDashboard } from "~/lib/dashboard-page.server";

type Data = Awaited<ReturnType<typeof loadDashboard>>;

/** Prefetches after load (spec §9): the dashboard summary at 1 s, secondary pages at 2 s. */
function useDelayedFlag(ms: number) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setOn(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return on;
}

export function DashboardPage({ data }: { data: Data }) {
  const headers = { "X-Tenant-Id": data.tenantId };
  const live = useApiQuery("/api/dashboard/data", data.data, headers);
  const warnings = useApiQuery("/api/usage/warnings", data.warnings, headers);
  const alerts = useApiQuery("/api/alerts/active", data.alerts, headers);
  const recs = useApiQuery("/api/recommendations", data.recommendations, headers);
  const analytics = useApiQuery("/api/analytics", data.analytics, headers);
  const secondary = useDelayedFlag(SECONDARY_PREFETCH_DELAY_MS);
  useEffect(() => {
    const t = setTimeout(() => void apiRequest("GET", "/api/dashboard", undefined, { headers }).catch(() => undefined), PREFETCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [data.tenantId]); // eslint-disable-line react-hooks/exhaustive-deps
  const m = live.metrics;
  return (
    <main id="main" className="max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <p className="text-sm text-ink-muted">Security posture of {data.tenantName}, computed from your modules&apos; findings.</p>
      </div>
      {warnings.warnings.length ? (
        <ul className="space-y-2" aria-label="Usage warnings">
          {warnings.warnings.map((w) => (
            <li key={w.id} className={`rounded-md p-3 text-sm ${w.level === "warning" ? "bg-warn-light text-warn" : "bg-brand-light text-brand-dark"}`}>
              {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-label="Metrics" className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <MetricCard label="Security score" value={`${m.securityScore}/100`} testId="metric-security-score" hint="100 minus weighted open findings" />
        <MetricCard label="Active threats" value={m.activeThreats} testId="metric-active-threats" />
        <MetricCard label="Resolved issues" value={m.resolvedIssues} />
        <MetricCard label="Dark web hits" value={m.darkWebHits} />
        <MetricCard label="Phishing detected" value={m.phishingDetected} />
        <MetricCard label="Anomalies" value={m.anomaliesCount} />
      </section>
      <section aria-labelledby="alerts-title" className="card">
        <h2 id="alerts-title" className="font-semibold">Active alerts</h2>
        {alerts.alerts.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">No active alerts. Add identities to <Link to="/dark-web-monitoring">dark web monitoring</Link> to be alerted about new breaches.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {alerts.alerts.map((a) => (
              <li key={a.id} className="flex items-center gap-3 py-2 text-sm">
                <SeverityBadge level={a.severity} />
                <span className="flex-1">{a.title}</span>
                <time className="text-xs text-ink-muted" dateTime={a.createdAt}>{a.createdAt.slice(0, 10)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="recs-title">
        <h2 id="recs-title" className="mb-2 font-semibold">Recommended next steps</h2>
        {recs.recommendations.length === 0 ? (
          <EmptyState title="All clear">No open findings need action right now.</EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {recs.recommendations.map((r) => (
              <li key={r.id} className="card">
                <p className="font-medium">{r.title}</p>
                <p className="mt-1 text-sm text-ink-muted">{r.action}</p>
                <Link to={r.href} className="mt-2 inline-block text-sm">Go there</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Activity" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <MetricCard label="Security incidents" value={analytics.securityIncidents} />
        <MetricCard label="Incidents resolved" value={analytics.incidentsResolved} />
        <MetricCard label="Modules in use" value={analytics.toolsReplaced} />
        <MetricCard label="Hours saved / month" value={analytics.hoursSavedMonthly} hint="10 minutes per analysed message" />
      </section>
      {secondary ? (
        <>
          <PrefetchPageLinks page="/dark-web-monitoring" />
          <PrefetchPageLinks page="/phishing" />
        </>
      ) : null}
    </main>
  );
}
