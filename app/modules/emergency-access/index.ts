// Emergency access (issue 34): trusted contacts, their requests and grants. What routes and other modules use.
export {
  acceptNomination,
  declineNomination,
  EmergencyAccessError,
  expireIfDue,
  formatTime,
  grantIfDue,
  listContacts,
  listNominations,
  nameContact,
  pendingRequestsFor,
  registerEmergencyAccessJobs,
  rejectRequest,
  removeContact,
  requestAccess,
  revokeAccess,
  type ContactView,
  type NominationView,
} from "./emergency-access.server";
export { DAY_MS, EMERGENCY_LEVELS, GRANT_DAYS, LEVEL_TEXT, WAIT_DAYS, type EmergencyLevel } from "./rules";
export { emergencyBanner, type EmergencyBannerData } from "./banner.server";
export { EmergencyBanner } from "./components/emergency-banner";
