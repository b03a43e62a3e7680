/** Server-only entry points of the training module (routes, the registry, the phishing analyzer). */
export * from "./campaigns.server";
export * from "./assignments.server";
export {
  track,
  knownToken,
  recordReportFromMessage,
  trackingRateLimited,
  TRACK_LIMIT,
  type TrackResult,
} from "./tracking.server";
export { sendCampaignBatch, SIMULATION_HEADER } from "./sending.server";
export { registerTrainingJobs } from "./jobs.server";
export { parseRecipientsCsv, CSV_MAX_BYTES, CSV_MAX_ROWS } from "./csv.server";
export { courseHtml, previewHtml } from "./render.server";
export { isSimulationCampaign } from "./simulation.server";
// Usage analytics (issue 31) and the executive view's time saved count training activity through this.
export { trainingUsageSince } from "./usage.server";
// Its posture contribution (the posture model).
export { trainingContribution, SIMULATION_MAX_AGE_MS } from "./posture.server";
