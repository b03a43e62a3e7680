/**
 * Privacy Guard: data subject requests (access, deletion, correction,
 * portability, objection/opt-out, restriction) tracked against the legal
 * deadline of their jurisdiction (the table in deadlines.ts, with sources),
 * identity verification, a data map whose systems become each request's
 * checklist, deadline alerts and a public request form per tenant.
 *
 * What other modules and the routes may use. The *.server exports are
 * server-only (Remix empties them in the browser build).
 */
export * from "./types";
export * from "./deadlines";
export { privacyPermissions, PERMISSION_MESSAGE, type PrivacyAction } from "./permissions";
export { checkPrivacyDeadlines, checkAllPrivacyDeadlines, privacyStats, ALERT_SOURCE } from "./deadlines.server";
export {
  createRequest,
  describeEvent,
  getPrivacySettings,
  getRequest,
  listHistory,
  listRequests,
  PrivacyError,
  privacyRequestCount,
  updateRequest,
} from "./requests.server";
export { listSystems } from "./data-map.server";
export { registerPrivacyJobs, PRIVACY_DEADLINES_JOB } from "./jobs.server";
// Its posture contribution and usage figures (the posture model, the usage analytics).
export { privacyContribution, privacyUsageSince } from "./posture.server";
