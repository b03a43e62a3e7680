/**
 * Detection as code (issue 15): Sigma rules compiled by the engine in ./sigma, run on every stored event (the
 * events module's "events.stored", wired by app/modules/registry.server.ts) and over stored history (retro-hunts), with detections, alerts and hunts.
 * What other modules and routes may use.
 */
export { loadSigmaRule, describeRuleError, SigmaRuleError, RuleSet, matchEvent } from "./sigma";
export type { SigmaRule } from "./sigma";
export { detectionPermissions, DETECTION_PERMISSION_MESSAGE } from "./permissions";
export {
  onDetections,
  detectStoredEvents,
  DETECTIONS_CREATED,
  type DetectionRecord,
  type DetectionsCreatedPayload,
  type DetectionsListener,
} from "./detect.server";
export { getRule, listRules } from "./rules.server";
export { sigmaFromQuery, HuntRuleError } from "./hunt-rule";
// The account's data export reads a person's saved hunts through this.
export { huntsSavedBy } from "./library.server";
// Its posture contribution (the posture model).
export { detectionContribution } from "./posture.server";
// Usage analytics (issue 31) and the executive view's time saved count this module's activity through this.
export { detectionUsageSince, huntsUsageSince } from "./usage.server";
