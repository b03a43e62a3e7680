import { Link, PrefetchPageLinks } from "@remix-run/react";
import { useEffect, useState } from "react";
import { DashboardView } from "~/modules/dashboard";
import { MetricCard } from "~/components/metric-card";
import { EmptyState } from "~/components/module-page";
import { PREFETCH_DELAY_MS, SECONDARY_PREFETCH_DELAY_MS, apiRequest } from "~/lib/api-client";
import { useApiQuery } from "~/lib/use-api-query";
import type { loadDashboard } from "~/modules/dashboard";

type Data = Awaited<ReturnType<typeof loadDashboard>>;

/** Prefetches after load (docs/product.md §9): the dashboard summary at 1 s, secondary pages at 2 s. */
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
    const t = setTimeout(
      () => void apiRequest("GET", "/api/dashboard", undefined, { headers }).catch(() => undefined),
      PREFETCH_DELAY_MS,
    );
    return () => clearTimeout(t);
  }, [data.tenantId]); // eslint-disable-line react-hooks/exhaustive-deps
  // Set after the effects above have started their timers: a hook for tests that drive the clock.
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => setRefreshing(true), []);
  return (
    <main id="main" className="max-w-6xl space-y-6" data-page="dashboard" data-refresh={refreshing ? "on" : undefined}>
      <DashboardView
        title="Dashboard"
        subtitle={`Security posture of ${data.tenantName}, computed from your modules' findings.`}
        metrics={live.metrics}
        riskTrend={live.riskTrend}
        findingsBySeverity={(["critical", "high", "medium", "low"] as const).map((severity) => ({
          severity,
          count: live.findingsBySeverity[severity],
        }))}
        recentAlerts={alerts.alerts.slice(0, 5)}
        alertsHref="/alerts"
        links={{ darkWebHits: "/dark-web-monitoring", phishingDetected: "/phishing", activeThreats: "/alerts" }}
      />
      {warnings.warnings.length ? (
        <ul className="space-y-2" aria-label="Usage warnings">
          {warnings.warnings.map((w) => (
            <li
              key={w.id}
              className={`rounded-md p-3 text-sm ${w.level === "warning" ? "bg-warn-light text-warn" : "bg-brand-light text-brand-dark"}`}
            >
              {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="recs-title">
        <h2 id="recs-title" className="mb-2 font-semibold">
          Recommended next steps
        </h2>
        {recs.recommendations.length === 0 ? (
          <EmptyState title="All clear">No open findings need action right now.</EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {recs.recommendations.map((r) => (
              <li key={r.id} className="card">
                <p className="font-medium">{r.title}</p>
                <p className="mt-1 text-sm text-ink-muted">{r.action}</p>
                <Link to={r.href} className="mt-2 inline-block text-sm">
                  Go there
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Activity" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <MetricCard label="Security incidents" value={analytics.securityIncidents} />
        <MetricCard label="Incidents resolved" value={analytics.incidentsResolved} />
        <MetricCard label="Modules in use" value={analytics.toolsReplaced} />
        <MetricCard
          label="Hours saved / month"
          value={analytics.hoursSavedMonthly}
          hint="10 minutes per analysed message"
        />
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
