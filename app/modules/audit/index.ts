// The audit trail: what other modules may use.
export { audit, allAuditForUser, listAuditForTenant, listAuditForUser, type AuditAction } from "./audit.server";
