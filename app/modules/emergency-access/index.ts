// Emergency access (issue 34): trusted contacts, their requests and grants. What routes and other modules use.
export {
  acceptNomination,
  declineNomination,
  DAY_MS,
  EmergencyAccessError,
  expireIfDue,
  formatTime,
  GRANT_DAYS,
  grantIfDue,
  LEVEL_TEXT,
  listContacts,
  listNominations,
  nameContact,
  pendingRequestsFor,
  registerEmergencyAccessJobs,
  rejectRequest,
  removeContact,
  requestAccess,
  revokeAccess,
  WAIT_DAYS,
  type ContactView,
  type NominationView,
} from "./emergency-access.server";
export { EMERGENCY_LEVELS, type EmergencyLevel } from "./schema";
export { emergencyBanner, type EmergencyBannerData } from "./banner.server";
export { EmergencyBanner } from "./components/emergency-banner";
