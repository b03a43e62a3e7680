// The audit trail: what other modules may use.
export { audit, auditDetailForDisplay, listAuditForTenant, listAuditForUser, type AuditAction } from "./audit.server";
