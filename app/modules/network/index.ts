/**
 * Network Security (issue 36): Nmap scans (imported as XML, or run by the server on verified targets), the
 * inventory of hosts with first and last seen, drift between scans as ndiff shows it, and exposure checks
 * (checks.ts) whose newly exposed risky services raise alerts. What other modules and the routes use.
 */
export { networkPermissions } from "./permissions";
export { CHECKS, type CheckId, type Finding, type FindingSeverity } from "./checks";
export type { Changes, ScanHost } from "./drift";
export {
  importScan,
  getScan,
  listScans,
  latestScan,
  listAssets,
  scanChanges,
  networkFacts,
  SCAN_NOT_FOUND,
  type NetworkFacts,
  type StoredScan,
} from "./scans.server";
export {
  addNetworkTarget,
  approveNetworkTarget,
  listNetworkTargets,
  removeNetworkTarget,
  registerNetworkJobs,
  schedulerStatus,
  scanTarget,
  NMAP_ARGS,
} from "./scheduler.server";
export { MAX_SCAN_BYTES, TOO_LARGE } from "./nmap-xml";
export { closeNmapPool } from "./parse-pool.server";
// Its posture contribution (the posture model) and the age past which a scan proves nothing.
export { networkContribution, SCAN_MAX_AGE_MS } from "./posture.server";
export { NetworkPage } from "./components/network-page";
export type { NetworkActionData, NetworkLoaderData } from "./types";
// Usage analytics (issue 31) and the executive view's time saved count this module's activity through this.
export { networkUsageSince } from "./usage.server";
