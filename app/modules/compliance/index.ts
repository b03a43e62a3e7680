/**
 * Compliance monitoring: frameworks from public catalogues (NIST CSF 2.0, NIST
 * SP 800-53 rev5 with its baselines, the HIPAA Security Rule), requirement
 * status and evidence per tenant, automatic evidence from Rampart's own
 * features, scores and their daily trend. What other modules may use.
 */
export {
  checkAllEvidenceExpiry,
  checkEvidenceExpiry,
  complianceFrameworks,
  overallComplianceScore,
  type ComplianceControl,
  type ComplianceFrameworkEntity,
} from "./compliance.server";
export { registerComplianceJobs, runComplianceJob } from "./jobs.server";
export {
  FRAMEWORKS,
  STATUSES,
  STATUS_LABEL,
  findFramework,
  frameworkLabel,
  type RequirementStatus,
} from "./frameworks";
export { compliancePermissions } from "./permissions";
export { csf11To20 } from "./csf";
// Its posture contribution (the posture model).
export { complianceContribution } from "./posture.server";
// Usage analytics (issue 31) and the executive view's time saved count this module's activity through this.
export { complianceUsageSince } from "./usage.server";
