// Organizations (tenants), their members, plans and trials: what other modules may use.
export { getTrial, type TrialInfo } from "./trials.server";
export {
  ORGANIZATION_CREATE_FAILED,
  ORGANIZATION_NAME_HINT,
  ORGANIZATION_NAME_REQUIRED,
  organizationCreatedToast,
} from "./limits";
export { listAllTenants, setTenantPlan, getTenant } from "./tenants.server";
export { startTrial, endTrial, TrialError } from "./trials.server";
// The tenant context and the access gate every loader and action starts with.
export * from "./tenant-context.server";
export * from "./app-route.server";
export * from "./module-page";
export { admitBody, isPublicBodyPath } from "./body-admission.server";
export { listMembers, createInvitation, acceptInvitation } from "./members.server";
export { ensureTenantSlug, findTenantBySlug, getTenantTimeZone, setTenantTimeZone } from "./profile.server";
// Renaming and deleting an organization (issue 20).
export {
  canManageOrganization,
  deleteOrganization,
  purgeTenant,
  releaseOrganizationsForAccountDeletion,
  renameOrganization,
  OrganizationError,
  DELETE_CONFIRM_MISMATCH,
} from "./organization.server";
export { listTenantsForUser, tenantEffectivePlanOf, type EmergencyAccessNote } from "./tenants.server";
// Memberships and organizations as other modules read them (the tables are this module's).
export {
  allTenantIds,
  insertOwnedTenant,
  invitationCount,
  memberCount,
  memberCountsByTenant,
  membershipCountsByUser,
  memberRole,
  memberRoles,
  memberUserIds,
  membershipsOfUser,
  ensureMember,
} from "./membership.server";
// Upgrade requests to the operator (issue 32).
export {
  closeUpgradeRequests,
  createUpgradeRequest,
  listAllUpgradeRequests,
  mailUpgradeRequest,
  openUpgradeRequests,
  registerUpgradeRequestJobs,
  UPGRADE_REQUEST_MAIL_JOB,
} from "./upgrade-requests.server";
// The organization's two-factor policy (issue 33).
export {
  ENROL_YOURSELF_FIRST,
  organizationsRequiringTwoFactor,
  setTwoFactorRequired,
  tenantRequiresTwoFactor,
} from "./two-factor-policy.server";
