/**
 * Executive metrics (docs/product.md §3's executiveMetrics) computed from the tenant's
 * stored findings. The compliance score is the average of the frameworks the
 * tenant adopted in compliance monitoring, null while none is (never a
 * made-up number).
 */
import { meanAlertResolutionMs } from "~/modules/alerts";
import { analytics, findingsBySeverity, riskTrend, securityScore } from "~/modules/dashboard";
import { complianceFrameworks, overallComplianceScore } from "~/modules/compliance";
import { averageResponseHours } from "~/modules/incidents";
import type { ComplianceFramework, ExecutiveAnalytics, ExecutiveMetrics } from "./components/executive-view";

/** Open requirements shown per framework on /executive. */
const EXECUTIVE_CONTROLS = 5;

export function executiveMetrics(tenantId: string, a = analytics(tenantId)) {
  const findings = findingsBySeverity(tenantId);
  const posture = securityScore(findings);
  const avg = meanAlertResolutionMs(tenantId);
  return {
    overallRiskScore: 100 - posture,
    riskTrend: riskTrend(tenantId),
    criticalFindings: findings.critical,
    highSeverityFindings: findings.high,
    complianceScore: overallComplianceScore(tenantId),
    securityPostureScore: posture,
    // Hours from a case's opening to its resolution (MTTR of incident response, issue 17); before any case is
    // resolved, hours from an alert being raised to its resolution; null before either.
    averageResponseTime:
      averageResponseHours(tenantId) ?? (avg == null ? null : Math.round((avg / 3_600_000) * 10) / 10),
    toolsReplaced: a.toolsReplaced,
    hoursSavedMonthly: a.hoursSavedMonthly,
  };
}

/**
 * Everything the executive screen shows. Compliance lists each adopted
 * framework with its score and the few cheapest open requirements (the full
 * list is on /compliance-monitoring), so the page stays small.
 */
export function executiveOverview(tenantId: string): {
  executiveMetrics: ExecutiveMetrics;
  compliance: ComplianceFramework[];
  analytics: ExecutiveAnalytics;
} {
  const a = analytics(tenantId);
  return {
    executiveMetrics: executiveMetrics(tenantId, a),
    compliance: complianceFrameworks(tenantId, { controls: EXECUTIVE_CONTROLS }),
    analytics: a,
  };
}
