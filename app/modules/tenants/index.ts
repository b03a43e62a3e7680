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
