// The audit trail: what other modules may use.
export { audit, listAuditForTenant, listAuditForUser, type AuditAction } from "./audit.server";
