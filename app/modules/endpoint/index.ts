/**
 * Endpoint Security (issue 36): devices enrolled through osquery's TLS remote API or reported by the collector
 * script, their inventory, Fleet-style policies per host and over time. What other modules and the routes may use;
 * the *.server exports are server-only.
 */
export { POLICIES, POLICY_BY_ID, policiesFor, policyPlatform, type Policy, type PolicyPlatform } from "./policies";
export { endpointPermissions, ENDPOINT_PERMISSION_MESSAGE } from "./permissions";
export { enroll, config, log, distributedRead, distributedWrite, SCHEDULE, POLICY_RECHECK_MS } from "./osquery.server";
export { readAgentBody, MAX_AGENT_BODY_BYTES } from "./agent-body.server";
export {
  listEnrollSecrets,
  createEnrollSecret,
  revokeEnrollSecret,
  removeHost,
  listHosts,
  listPolicies,
  policyHistory,
  endpointFacts,
  EndpointError,
  STALE_AFTER_MS,
  type HostView,
  type PolicyView,
} from "./hosts.server";
export { reportInventory, type InventoryInput } from "./collector.server";
// Its posture contribution (the posture model).
export { endpointContribution } from "./posture.server";
export { vulnerableSoftware, type VulnerableSoftware, type SoftwareCoverage } from "./vulnerable.server";
// Usage analytics (issue 31) and the executive view's time saved count this module's activity through this.
export { endpointUsageSince } from "./usage.server";
