/**
 * The audit log: security-relevant events per tenant and user (sign-in,
 * failed sign-in, sign-out, organization created, plan or trial changed,
 * membership changes). Never holds passwords, hashes or session ids.
 */
import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "./schema";
import { db } from "~/lib/db.server";
import { userEmails } from "~/modules/accounts";

export type AuditAction =
  | "vulnerability.site_added"
  | "vulnerability.site_removed"
  | "auth.signup"
  | "auth.login"
  | "auth.login_failed"
  | "auth.logout"
  | "auth.password_changed"
  | "auth.other_sessions_ended"
  | "auth.password_reset_requested"
  | "auth.password_reset_unsent"
  | "auth.password_reset"
  | "tenant.created"
  | "tenant.plan_changed"
  | "trial.started"
  | "trial.ended"
  | "member.invited"
  | "member.joined"
  | "member.role_changed"
  | "member.removed"
  | (string & {});

export function audit(event: {
  action: AuditAction;
  tenantId?: string | null;
  userId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}) {
  db.insert(auditLog)
    .values({
      action: event.action,
      tenantId: event.tenantId ?? null,
      userId: event.userId ?? null,
      ip: event.ip ?? null,
      detail: event.detail ?? null,
    })
    .run();
}

export function listAuditForTenant(tenantId: string, limit = 100) {
  const rows = db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      detail: auditLog.detail,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
      userId: auditLog.userId,
    })
    .from(auditLog)
    .where(eq(auditLog.tenantId, tenantId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .all();
  const emails = userEmails(rows.map((r) => r.userId));
  return rows.map(({ userId, ...r }) => ({ ...r, userEmail: (userId && emails.get(userId)) ?? null }));
}

/** Every entry recorded about a person, newest first (the account's data export). */
export function allAuditForUser(userId: string) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .all();
}

export function listAuditForUser(userId: string, action?: string, limit = 50) {
  return db
    .select()
    .from(auditLog)
    .where(action ? and(eq(auditLog.userId, userId), eq(auditLog.action, action)) : eq(auditLog.userId, userId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .all();
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An audit entry's detail as a customer reads it (issue 32): `key: value` pairs, without internal ids (a key
 * ending in "Id" or a UUID value), which mean nothing on a screen; the stored entry keeps them for the operator.
 */
export function auditDetailForDisplay(detail: unknown): string {
  if (!detail || typeof detail !== "object") return "";
  return Object.entries(detail as Record<string, unknown>)
    .filter(([k, v]) => !/(^id|Id|Ids)$/.test(k) && !(typeof v === "string" && UUID_RE.test(v)))
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
}
