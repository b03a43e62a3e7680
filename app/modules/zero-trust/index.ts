/**
 * Zero Trust (issue 35): the CISA Zero Trust Maturity Model 2.0 as data, an assessment per organization with
 * evidence proposed from what other modules hold, maturity per pillar and over time, and a roadmap. What other
 * modules and the routes may use; the *.server exports are server-only.
 */
export {
  ZTMM,
  ZTMM_SOURCE,
  STAGES,
  ZT_FUNCTIONS,
  type Stage,
  type StageName,
  type ZtGroup,
  type ZtFunction,
} from "./model";
export {
  assess,
  proposeEvidence,
  reading,
  stageLabel,
  NO_FACTS,
  type Assessment,
  type Claim,
  type Evidence,
  type FunctionView,
  type GroupView,
  type RoadmapStep,
  type ZtFacts,
} from "./maturity";
export { zeroTrustPermissions, ZERO_TRUST_PERMISSION_MESSAGE } from "./permissions";
export {
  gatherFacts,
  listClaims,
  saveGroupClaims,
  zeroTrustAssessment,
  zeroTrustHistory,
  AssessmentError,
  MAX_LINKS,
  MAX_NOTES,
  type ClaimInput,
  type HistoryPoint,
} from "./assessment.server";
// Usage analytics (issue 31) count this module's activity through this.
export { zeroTrustUsageSince } from "./usage.server";
// Its posture contribution (the posture model).
export { zeroTrustContribution, CLAIMS_MAX_AGE_MS } from "./posture.server";
