// The audit trail: what other modules may use.
export {
  audit,
  allAuditForUser,
  auditDetailForDisplay,
  listAuditForTenant,
  listAuditForUser,
  type AuditAction,
} from "./audit.server";
