/**
 * Cloud security (issue 35): customers upload the JSON their provider's CLI prints (AWS, Azure, Google Cloud)
 * or Prowler's OCSF findings; Rampart recognises each file by its shape, runs CIS-mapped checks, keeps a
 * snapshot per account over time with new and resolved findings, a mutelist, and alerts on new high and
 * critical failures. What other modules and the routes may use.
 */
export { cloudPermissions, MUTE_FORBIDDEN, UPLOAD_FORBIDDEN } from "./permissions";
export { CHECKS, checkById } from "./checks/index";
export { PROVIDERS, PROVIDER_LABEL, SEVERITY_ORDER, type Provider, type Severity, type FindingStatus } from "./types";
export {
  MAX_UPLOAD_BYTES,
  MAX_ZIP_ENTRIES,
  MAX_FILE_BYTES,
  MAX_TOTAL_BYTES,
  PARSE_DEADLINE_MS,
  UPLOAD_TOO_LARGE,
} from "./limits";
export { uploadSnapshot, FILE_REQUIRED, PROVIDER_REQUIRED } from "./upload.server";
export {
  addMute,
  cloudFacts,
  latestByAccount,
  listMutes,
  listSnapshots,
  removeMute,
  snapshotFindings,
  type Finding,
  type Mute,
  type SnapshotSummary,
  type StoredSnapshot,
} from "./snapshots.server";
export { closeCloudPool } from "./pool.server";
// Usage analytics (issue 31) and the executive view's time saved count this module's activity through this.
export { cloudUsageSince } from "./usage.server";
// Its posture contribution (the posture model) and the age past which an upload proves nothing.
export { cloudContribution, SNAPSHOT_MAX_AGE_MS } from "./posture.server";
