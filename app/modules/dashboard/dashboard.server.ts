/**
 * The dashboard's figures: a view of the posture model (app/modules/posture),
 * the one computation /executive, /security and /api/dashboard read too, so
 * they agree to the unit. Nothing here counts on its own; simulated figures
 * live only in app/modules/demo.
 */
import { alertTotal, listActiveAlerts, resolvedAlertCount } from "~/modules/alerts";
import { watchedIdentityCount } from "~/modules/breach";
import { analysedMessageCount, quarantinedMessageCount } from "~/modules/phishing/index.server";
import { computePosture, postureTrend, type Posture } from "~/modules/posture";

export type DashboardMetrics = {
  /** 0–100; null while no module has anything to judge ("Not assessed"). */
  securityScore: number | null;
  activeThreats: number;
  resolvedIssues: number;
  darkWebHits: number;
  phishingDetected: number;
  anomaliesCount: number;
};

export type FindingsBySeverity = Posture["counts"]["openBySeverity"];

/** Open findings of every assessed module, by severity. */
export function findingsBySeverity(tenantId: string): FindingsBySeverity {
  return computePosture(tenantId).counts.openBySeverity;
}

export function metricsOf(p: Posture): DashboardMetrics {
  return {
    securityScore: p.score,
    activeThreats: p.counts.activeThreats,
    resolvedIssues: p.counts.resolvedFindings,
    darkWebHits: p.counts.darkWebHits,
    phishingDetected: p.counts.phishingDetected,
    anomaliesCount: p.counts.anomalies,
  };
}

export function dashboardMetrics(tenantId: string, p: Posture = computePosture(tenantId)): DashboardMetrics {
  return metricsOf(p);
}

export type RiskTrendPoint = { date: string; label: string; score: number };

/**
 * The overall risk score (100 minus the security score) at the end of each of
 * the last `days` days, oldest first; days before anything was assessed are
 * left out (postureTrend).
 */
export function riskTrend(tenantId: string, days = 14, now = Date.now()): RiskTrendPoint[] {
  return postureTrend(tenantId, days, now).map((p) => ({ ...p, score: 100 - p.score }));
}

export function dashboardData(tenantId: string, p: Posture = computePosture(tenantId)) {
  return {
    metrics: metricsOf(p),
    findingsBySeverity: p.counts.openBySeverity,
    riskTrend: riskTrend(tenantId),
    recentAlerts: listActiveAlerts(tenantId, 5).map(({ dedupeKey: _key, ...a }) => ({
      ...a,
      createdAt: new Date(a.createdAt).toISOString(),
    })),
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
