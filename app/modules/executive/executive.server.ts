/**
 * Executive metrics (docs/product.md §3's executiveMetrics), read from the
 * posture model (app/modules/posture) like the dashboard, so both agree to
 * the unit; tools replaced, hours saved and cost savings are ./value.server.ts's. Response times are MTTA / MTTR of incident cases (never of
 * alerts); the compliance score is the compliance module's, null while no
 * framework is adopted; the score is null while nothing is assessed.
 */
import { analytics, riskTrend } from "~/modules/dashboard";
import { complianceFrameworks, overallComplianceScore } from "~/modules/compliance";
import { responseMetrics } from "~/modules/incidents";
import { computePosture, type Posture } from "~/modules/posture";
import { getCostInputs, type StoredCosts } from "./costs.server";
import { valueDelivered, type ValueDelivered } from "./value.server";
import type { ComplianceFramework, ExecutiveAnalytics, ExecutiveMetrics } from "./components/executive-view";

/** Open requirements shown per framework on /executive. */
const EXECUTIVE_CONTROLS = 5;

const hours = (ms: number | null) => (ms == null ? null : Math.round((ms / 3_600_000) * 10) / 10);

export function executiveMetrics(tenantId: string, p: Posture = computePosture(tenantId), a = analytics(tenantId, p)) {
  const response = responseMetrics(tenantId).overall;
  return {
    overallRiskScore: p.score === null ? null : 100 - p.score,
    riskTrend: riskTrend(tenantId),
    criticalFindings: p.counts.openBySeverity.critical,
    highSeverityFindings: p.counts.openBySeverity.high,
    complianceScore: overallComplianceScore(tenantId),
    securityPostureScore: p.score,
    // Hours from a case's opening to its resolution (MTTR of incident cases); null before a case is resolved.
    averageResponseTime: hours(response.mttrMs),
    // Hours from a case's opening to its first acknowledgement (MTTA); null before one is acknowledged.
    averageAcknowledgeTime: hours(response.mttaMs),
    openFindings: p.counts.openFindings,
    activeThreats: p.counts.activeThreats,
    toolsReplaced: a.toolsReplaced,
    hoursSavedMonthly: a.hoursSavedMonthly,
  };
}

/**
 * Everything the executive screen shows. Compliance lists each adopted
 * framework with its score and the few cheapest open requirements (the full
 * list is on /compliance-monitoring), so the page stays small.
 */
export function executiveOverview(
  tenantId: string,
  costs: StoredCosts = getCostInputs(tenantId),
  now = Date.now(),
): {
  executiveMetrics: ExecutiveMetrics;
  compliance: ComplianceFramework[];
  analytics: ExecutiveAnalytics;
  value: ValueDelivered;
} {
  const p = computePosture(tenantId);
  // One reading of the activity and the costs feeds the figures and the formula shown under them.
  const value = valueDelivered(tenantId, now, costs);
  const a = analytics(tenantId, p, now, value);
  return {
    executiveMetrics: executiveMetrics(tenantId, p, a),
    compliance: complianceFrameworks(tenantId, { controls: EXECUTIVE_CONTROLS }),
    analytics: a,
    value,
  };
}
