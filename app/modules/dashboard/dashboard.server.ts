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
import {
  alertHistory,
  alertTotal,
  listActiveAlerts,
  openAlertCount,
  openAlertsBySeverity,
  resolvedAlertCount,
} from "~/modules/alerts";
import { closedExposureCount, openExposureCount, watchedIdentityCount } from "~/modules/breach";
import {
  analysedMessageCount,
  detectedPhishingByRisk,
  detectedPhishingHistory,
  quarantinedMessageCount,
  riskyMessageCount,
} from "~/modules/phishing/index.server";
import { findingHistory, openFindingsBySeverity } from "~/modules/vulnerability/index.server";

/** Alerts whose findings are counted themselves (one finding, one penalty). */
const FINDING_ALERT_SOURCE = "dependencies";
import { countOpenAnomalies } from "~/modules/events";

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

// Each module answers its own figures (its queries are prepared once per connection: they run on every page view
// and every 30 s refresh).
export function findingsBySeverity(tenantId: string): FindingsBySeverity {
  const alertRows = openAlertsBySeverity(tenantId, FINDING_ALERT_SOURCE);
  const phishingRows = detectedPhishingByRisk(tenantId);
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
  const activeThreats = openAlertCount(tenantId);
  const resolvedAlerts = resolvedAlertCount(tenantId);
  const resolvedExposures = closedExposureCount(tenantId);
  const quarantined = quarantinedMessageCount(tenantId);
  const darkWebHits = openExposureCount(tenantId);
  const phishingDetected = riskyMessageCount(tenantId);
  return {
    securityScore: securityScore(findings),
    activeThreats,
    resolvedIssues: resolvedAlerts + resolvedExposures + quarantined,
    darkWebHits,
    phishingDetected,
    // Open anomalies from Logs & Anomalies (app/modules/events).
    anomaliesCount: countOpenAnomalies(tenantId),
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
  const alertRows = alertHistory(tenantId, FINDING_ALERT_SOURCE);
  const phishRows = detectedPhishingHistory(tenantId);
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
  const phishingAnalyses = analysedMessageCount(tenantId);
  const watched = watchedIdentityCount(tenantId);
  const alertsTotal = alertTotal(tenantId);
  const alertsResolved = resolvedAlertCount(tenantId);
  const quarantined = quarantinedMessageCount(tenantId);
  return { phishingAnalyses, watchedIdentities: watched, alertsTotal, alertsResolved, quarantined };
}
