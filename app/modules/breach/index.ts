// Dark web monitoring: what other modules (the operator commands) may use.
export { verifyWatchedDomain } from "./watchlist.server";
export { BreachFileError, importBreachFile, type ImportResult } from "./import";
export { readOrCreateHmacKey } from "./match";
export { hibpFeedState, registerBreachFeedJobs } from "./hibp.server";
// What other modules read of the dark web tables (dashboard figures and first steps).
export {
  closedExposureCount,
  openExposureCount,
  searchWatchedIdentities,
  verifiedDomains,
  watchedIdentityCount,
} from "./reads.server";
export {
  CONFIRMATION_MAILBOXES,
  confirmDomainByMail,
  mailDomainConfirmation,
  pendingMailConfirmation,
  registerDomainVerificationJobs,
} from "./domain-verification.server";
// Its posture contribution and usage figures (the posture model, the usage analytics).
export { darkWebContribution, breachUsageSince } from "./posture.server";
