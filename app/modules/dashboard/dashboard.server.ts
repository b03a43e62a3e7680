/**
 * The dashboard's figures, computed from what the tenant's modules stored:
 * phishing items, dark web exposures and alerts. Zeros and empty lists until
 * modules fill them; nothing here is invented (simulated figures live only
 * in app/modules/demo).
 *
 * Security score: 100 minus a penalty per open finding, weighted by severity
 * (critical 15, high 8, medium 3, low 1), floored at 0. Open findings are
 * active or acknowledged alerts, open exposures, and detected (not
 * quarantined) phishing items rated high or medium, and open dependency
 * findings (app/modules/vulnerability; their alerts are not counted again).
 */
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { alerts, exposures, phishingItems, watchedIdentities } from "@db/schema";
import { preparedQuery } from "~/lib/db.server";
import { listActiveAlerts } from "~/modules/alerts/alerts.server";
import { findingHistory, openFindingsBySeverity } from "~/modules/vulnerability/index.server";

/** Alerts whose findings are counted themselves (one finding, one penalty). */
const FINDING_ALERT_SOURCE = "dependencies";

const WEIGHT = { critical: 15, high: 8, medium: 3, low: 1 } as const;
type Level = keyof typeof WEIGHT;

export type DashboardMetrics = {
  securityScore: number;
  activeThreats: number;
  resolvedIssues: number;
  darkWebHits: number;
  phishingDetected: number;
  anomaliesCount: number;
};

export type FindingsBySeverity = Record<Level, number>;

function countBy<T extends string>(rows: { key: T | null; n: number }[]): Partial<Record<T, number>> {
  const out: Partial<Record<T, number>> = {};
  for (const r of rows) if (r.key) out[r.key] = r.n;
  return out;
}

// The dashboard's queries run on every page view and every 30 s refresh: each is
// built and prepared once per connection (db.server.ts preparedQuery).
const TENANT = sql.placeholder("tenantId");
const q = {
  openAlertsBySeverity: preparedQuery((d) =>
    d
      .select({ key: alerts.severity, n: count() })
      .from(alerts)
      .where(
        and(
          eq(alerts.tenantId, TENANT),
          inArray(alerts.status, ["active", "acknowledged"]),
          ne(alerts.source, FINDING_ALERT_SOURCE),
        ),
      )
      .groupBy(alerts.severity)
      .prepare(),
  ),
  detectedPhishingByRisk: preparedQuery((d) =>
    d
      .select({ key: phishingItems.risk, n: count() })
      .from(phishingItems)
      .where(
        and(
          eq(phishingItems.tenantId, TENANT),
          eq(phishingItems.status, "detected"),
          inArray(phishingItems.risk, ["medium", "high"]),
        ),
      )
      .groupBy(phishingItems.risk)
      .prepare(),
  ),
  activeThreats: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.tenantId, TENANT), inArray(alerts.status, ["active", "acknowledged"])))
      .prepare(),
  ),
  resolvedAlerts: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.tenantId, TENANT), eq(alerts.status, "resolved")))
      .prepare(),
  ),
  resolvedExposures: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(exposures)
      .where(and(eq(exposures.tenantId, TENANT), inArray(exposures.status, ["resolved", "skipped"])))
      .prepare(),
  ),
  quarantined: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(phishingItems)
      .where(and(eq(phishingItems.tenantId, TENANT), eq(phishingItems.status, "quarantined")))
      .prepare(),
  ),
  openExposures: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(exposures)
      .where(and(eq(exposures.tenantId, TENANT), eq(exposures.status, "open")))
      .prepare(),
  ),
  phishingDetected: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(phishingItems)
      .where(and(eq(phishingItems.tenantId, TENANT), inArray(phishingItems.risk, ["medium", "high"])))
      .prepare(),
  ),
  alertHistory: preparedQuery((d) =>
    d
      .select({
        severity: alerts.severity,
        createdAt: alerts.createdAt,
        resolvedAt: alerts.resolvedAt,
        status: alerts.status,
      })
      .from(alerts)
      .where(and(eq(alerts.tenantId, TENANT), ne(alerts.source, FINDING_ALERT_SOURCE)))
      .prepare(),
  ),
  detectedPhishing: preparedQuery((d) =>
    d
      .select({ risk: phishingItems.risk, createdAt: phishingItems.createdAt })
      .from(phishingItems)
      .where(
        and(
          eq(phishingItems.tenantId, TENANT),
          eq(phishingItems.status, "detected"),
          inArray(phishingItems.risk, ["medium", "high"]),
        ),
      )
      .prepare(),
  ),
  phishingAnalyses: preparedQuery((d) =>
    d.select({ n: count() }).from(phishingItems).where(eq(phishingItems.tenantId, TENANT)).prepare(),
  ),
  watched: preparedQuery((d) =>
    d.select({ n: count() }).from(watchedIdentities).where(eq(watchedIdentities.tenantId, TENANT)).prepare(),
  ),
  alertsTotal: preparedQuery((d) => d.select({ n: count() }).from(alerts).where(eq(alerts.tenantId, TENANT)).prepare()),
};
const countOf = (query: () => { get(p: { tenantId: string }): { n: number } | undefined }, tenantId: string) =>
  query().get({ tenantId })?.n ?? 0;

export function findingsBySeverity(tenantId: string): FindingsBySeverity {
  const alertRows = q.openAlertsBySeverity().all({ tenantId });
  const phishingRows = q.detectedPhishingByRisk().all({ tenantId });
  const a = countBy(alertRows);
  const p = countBy(phishingRows);
  const d = openFindingsBySeverity(tenantId);
  return {
    critical: (a.critical ?? 0) + d.critical,
    // Open dark web exposures raise alerts, so they are counted through those alerts, not twice.
    high: (a.high ?? 0) + (p.high ?? 0) + d.high,
    medium: (a.medium ?? 0) + (p.medium ?? 0) + d.medium,
    low: (a.low ?? 0) + d.low,
  };
}

export function securityScore(findings: FindingsBySeverity): number {
  const penalty = (Object.keys(WEIGHT) as Level[]).reduce((sum, k) => sum + WEIGHT[k] * findings[k], 0);
  return Math.max(0, 100 - penalty);
}

export function dashboardMetrics(
  tenantId: string,
  findings: FindingsBySeverity = findingsBySeverity(tenantId),
): DashboardMetrics {
  const activeThreats = countOf(q.activeThreats, tenantId);
  const resolvedAlerts = countOf(q.resolvedAlerts, tenantId);
  const resolvedExposures = countOf(q.resolvedExposures, tenantId);
  const quarantined = countOf(q.quarantined, tenantId);
  const darkWebHits = countOf(q.openExposures, tenantId);
  const phishingDetected = countOf(q.phishingDetected, tenantId);
  return {
    securityScore: securityScore(findings),
    activeThreats,
    resolvedIssues: resolvedAlerts + resolvedExposures + quarantined,
    darkWebHits,
    phishingDetected,
    // The logs module stores no anomalies yet; this stays 0 until it does.
    anomaliesCount: 0,
  };
}

export type RiskTrendPoint = { date: string; label: string; score: number };

/**
 * The overall risk score (100 minus the security score) at the end of each of
 * the last `days` days, oldest first. A day counts the alerts raised by then
 * and not yet resolved, and the medium/high phishing messages analysed by then
 * that are still detected (quarantine time is not stored, so a message
 * quarantined today counts as resolved for every past day too).
 */
export function riskTrend(tenantId: string, days = 14, now = Date.now()): RiskTrendPoint[] {
  const dayMs = 86_400_000;
  const firstEnd = Math.floor(now / dayMs) * dayMs - (days - 2) * dayMs;
  const alertRows = q.alertHistory().all({ tenantId });
  const phishRows = q.detectedPhishing().all({ tenantId });
  const depRows = findingHistory(tenantId);
  return Array.from({ length: days }, (_, i) => {
    const end = Math.min(firstEnd + i * dayMs, now);
    const f: FindingsBySeverity = { critical: 0, high: 0, medium: 0, low: 0 };
    for (const a of alertRows) {
      const resolvedBy = a.status === "resolved" ? (a.resolvedAt ?? a.createdAt) : Infinity;
      if (a.createdAt <= end && resolvedBy > end) f[a.severity] += 1;
    }
    for (const p of phishRows) if (p.createdAt <= end) f[p.risk] += 1;
    for (const d of depRows) {
      const closedBy = d.status === "open" ? Infinity : (d.resolvedAt ?? d.discoveredAt);
      if (d.discoveredAt <= end && closedBy > end) f[d.severity] += 1;
    }
    const date = new Date(end - 1).toISOString().slice(0, 10);
    return { date, label: date.slice(5), score: 100 - securityScore(f) };
  });
}

export function dashboardData(tenantId: string) {
  const findings = findingsBySeverity(tenantId);
  return {
    metrics: dashboardMetrics(tenantId, findings),
    findingsBySeverity: findings,
    riskTrend: riskTrend(tenantId),
    recentAlerts: listActiveAlerts(tenantId, 5).map((a) => ({ ...a, createdAt: new Date(a.createdAt).toISOString() })),
  };
}

export function moduleUsage(tenantId: string) {
  const phishingAnalyses = countOf(q.phishingAnalyses, tenantId);
  const watched = countOf(q.watched, tenantId);
  const alertsTotal = countOf(q.alertsTotal, tenantId);
  const alertsResolved = countOf(q.resolvedAlerts, tenantId);
  const quarantined = countOf(q.quarantined, tenantId);
  return { phishingAnalyses, watchedIdentities: watched, alertsTotal, alertsResolved, quarantined };
}
