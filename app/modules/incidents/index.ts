/**
 * Incident response (issue 17): cases with a NIST SP 800-61 life cycle, playbook tasks, observables linked across
 * cases, evidence files with SHA-256, an append-only timeline, SLA targets with breach alerts, MTTA/MTTR, a
 * role-filtered case report, and the /api/incidents endpoints.
 *
 * What other modules and the routes may use. The *.server exports are server-only (Remix empties them in the
 * browser build).
 */
export * from "./types";
export { DEFAULT_TEMPLATES, DEFAULT_SLA, PHASES } from "./templates";
export { incidentPermissions, PERMISSION_MESSAGE, type IncidentAction } from "./permissions";
export {
  addComment,
  addObservable,
  addTask,
  checkTransition,
  createCase,
  getCase,
  IncidentError,
  listCases,
  listTemplates,
  listTimeline,
  mergeCases,
  updateCase,
  updateTask,
} from "./cases.server";
export { searchObservables } from "./observables-search.server";
export { storeEvidence, readEvidence, evidenceUsage, EVIDENCE_QUOTA_BYTES } from "./evidence.server";
export {
  averageResponseHours,
  checkAllSlaBreaches,
  checkSlaBreaches,
  getSlaTargets,
  responseMetrics,
  setSlaTarget,
} from "./sla.server";
export { registerIncidentJobs, INCIDENT_SLA_JOB } from "./jobs.server";
// Its posture contribution and usage figures (the posture model, the usage analytics).
export { incidentsContribution, incidentsUsageSince } from "./posture.server";
export { INCIDENT_ALERT_SOURCE, canOpenCaseFromAlerts } from "./alerts-link.server";
export { AlertCaseCheckbox, OpenCaseFromAlerts, OPEN_CASE_FORM_ID } from "./components/open-case-from-alerts";
