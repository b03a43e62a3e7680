/**
 * Intelligence feeds (issue 30): public data the verdicts of other modules are
 * checked against, each kept current by a durable job and described by a row
 * of feed_state.
 * - osv.server.ts: OSV advisories per ecosystem (all.zip, then modified_id.csv);
 * - exploit.server.ts: CISA KEV and FIRST EPSS, and the lookup a finding uses;
 * - the Pwned Passwords range API lives in the password module
 *   (breach-source.server.ts) and records its state here;
 * - status.server.ts: every feed's status for the operator (HIBP's included).
 * RAMPART_FEEDS=off: no job is scheduled and nothing is downloaded; the file
 * imports (npm run import:osv, import:pwned, import:breach) remain.
 */
export { feedStatuses, type FeedStatus } from "./status.server";
export {
  EPSS_FEED,
  exploitFacts,
  KEV_FEED,
  storeEpssStream,
  storeKevCatalogue,
  type ExploitFacts,
} from "./exploit.server";
export {
  ageText,
  feedMaxAgeMs,
  feedsEnabled,
  feedStatesLike,
  recordFeedFailure,
  recordFeedSuccess,
} from "./state.server";
export { registerFeedJobs } from "./jobs.server";
