import { Link, PrefetchPageLinks } from "@remix-run/react";
import { CheckCircle2, Circle } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { DashboardView } from "~/modules/dashboard";
import { MetricCard } from "~/components/metric-card";
import { EmptyState } from "~/components/module-page";
import { PREFETCH_DELAY_MS, SECONDARY_PREFETCH_DELAY_MS, apiRequest } from "~/lib/api-client";
import { useApiQuery } from "~/lib/use-api-query";
import { publishTrialStatus } from "~/lib/trial-status";
import type { dashboardPage } from "~/modules/dashboard";

type Data = ReturnType<typeof dashboardPage>;

/** Prefetches after load (docs/product.md §9): the dashboard summary at 1 s, secondary pages at 2 s. */
function useDelayedFlag(ms: number) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setOn(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return on;
}

/**
 * The first steps that give the score something to weigh, each ticked from
 * stored data and one click away. Shown until every step is done.
 */
function FirstSteps({ checklist }: { checklist: Data["firstRun"]["checklist"] }) {
  const left = checklist.filter((c) => !c.done).length;
  if (left === 0) return null;
  return (
    <section aria-labelledby="first-steps-title" className="card" data-testid="first-steps">
      <h2 id="first-steps-title" className="font-semibold">
        First steps
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {checklist.length - left} of {checklist.length} done. Each step gives the security score real data to weigh.
      </p>
      <ul className="mt-3 space-y-2">
        {checklist.map((c) => (
          <li
            key={c.key}
            className="flex items-center gap-2 text-sm"
            data-step={c.key}
            data-done={c.done ? "yes" : "no"}
          >
            {c.done ? (
              <CheckCircle2 className="h-4 w-4 shrink-0 text-ok" aria-hidden="true" />
            ) : (
              <Circle className="h-4 w-4 shrink-0 text-ink-faint" aria-hidden="true" />
            )}
            <Link to={c.href} className={c.done ? "text-ink-muted line-through" : "font-medium"}>
              {c.label}
            </Link>
            <span className="sr-only">{c.done ? "(done)" : "(not done yet)"}</span>
            {c.done ? (
              <span className="text-xs text-ink-muted" aria-hidden="true">
                Done
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DashboardPage({ data }: { data: Data }) {
  const headers = { "X-Tenant-Id": data.tenantId };
  const live = useApiQuery("/api/dashboard/data", data.data, headers);
  const warnings = useApiQuery("/api/usage/warnings", data.warnings, headers);
  const alerts = useApiQuery("/api/alerts/active", data.alerts, headers);
  const recs = useApiQuery("/api/recommendations", data.recommendations, headers);
  const analytics = useApiQuery("/api/analytics", data.analytics, headers);
  const trial = useApiQuery("/api/trial/status", data.trial, headers);
  useEffect(() => {
    // The shell's plan line shows the polled trial while the dashboard is open, the loader's after.
    publishTrialStatus({ tenantId: data.tenantId, trial });
    return () => publishTrialStatus(null);
  }, [data.tenantId, trial]);
  const secondary = useDelayedFlag(SECONDARY_PREFETCH_DELAY_MS);
  // Only pages the plan opens are linked (no link into an upgrade wall); the server decides from the route map.
  const linkTo = (path: string) => (data.openPages.includes(path) ? path : undefined);
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
        alertsHref={linkTo("/alerts")}
        links={{
          darkWebHits: linkTo("/dark-web-monitoring"),
          phishingDetected: linkTo("/phishing"),
          activeThreats: linkTo("/alerts"),
        }}
        coverage={data.coverage}
        points={data.points}
      />
      <FirstSteps checklist={data.firstRun.checklist} />
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
        {recs.recommendations.length === 0 && live.metrics.securityScore === null ? (
          // Nothing assessed yet: an empty list is no all-clear.
          <EmptyState title="Not assessed yet">
            Nothing has been checked yet: the first steps above give the score something to weigh.
          </EmptyState>
        ) : recs.recommendations.length === 0 ? (
          <EmptyState title="Nothing to act on">Every assessed module&apos;s findings are handled.</EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {recs.recommendations.map((r) => (
              <li key={r.id} className="card">
                <p className="font-medium">
                  {r.title}
                  {r.points > 0 ? <span className="ml-2 text-sm text-ink-muted">+{r.points} points</span> : null}
                </p>
                <p className="mt-1 text-sm text-ink-muted">{r.why}</p>
                <p className="mt-1 text-sm">{r.action}</p>
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
          hint="last 30 days, estimated minutes per activity"
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
