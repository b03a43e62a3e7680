/**
 * The alert timeline: every change to an alert with who and when (raised,
 * repeated, acknowledged, resolved, silenced, notified, escalation steps).
 * The incident module builds on it; the SSE stream replays it by id.
 */
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import { alertEvents, alerts } from "./schema";
import { db } from "~/lib/db.server";
import { userEmails } from "~/modules/accounts";
import { publishAlertEvent } from "./bus.server";
import { now } from "./clock.server";

export type AlertEventKind =
  | "raised"
  | "repeated"
  | "suppressed"
  | "acknowledged"
  | "resolved"
  | "silenced"
  | "reopened"
  | "notified"
  | "escalation_started"
  | "escalation_step"
  | "escalation_stopped"
  | "escalation_closed"
  | "escalation_exhausted";

export function recordAlertEvent(input: {
  tenantId: string;
  alertId: string;
  kind: AlertEventKind;
  detail?: Record<string, unknown>;
  userId?: string | null;
}): number {
  const row = db
    .insert(alertEvents)
    .values({
      tenantId: input.tenantId,
      alertId: input.alertId,
      kind: input.kind,
      detail: input.detail ?? {},
      userId: input.userId ?? null,
      createdAt: now(),
    })
    .returning({ id: alertEvents.id })
    .get();
  publishAlertEvent(input.tenantId);
  return row.id;
}

export type AlertTimelineEvent = {
  id: number;
  kind: string;
  detail: Record<string, unknown>;
  createdAt: number;
  actor: string | null;
};

/** One alert's timeline, oldest first, with the actor's e-mail. */
export function alertTimeline(tenantId: string, alertId: string): AlertTimelineEvent[] {
  return alertTimelines(tenantId, [alertId]).get(alertId) ?? [];
}

/**
 * The timelines of several alerts in one query, by alert id (each oldest first, as `alertTimeline`): the /alerts
 * page lists up to 200 alerts, and a query per alert was a fifth of that page's server time.
 */
export function alertTimelines(tenantId: string, alertIds: string[]) {
  const byAlert = new Map<string, AlertTimelineEvent[]>(alertIds.map((id) => [id, []]));
  if (alertIds.length === 0) return byAlert;
  const rows = db
    .select({
      id: alertEvents.id,
      alertId: alertEvents.alertId,
      kind: alertEvents.kind,
      detail: alertEvents.detail,
      createdAt: alertEvents.createdAt,
      userId: alertEvents.userId,
    })
    .from(alertEvents)
    .where(and(eq(alertEvents.tenantId, tenantId), inArray(alertEvents.alertId, alertIds)))
    .orderBy(asc(alertEvents.id))
    .all();
  const emails = userEmails(rows.map((r) => r.userId));
  for (const { alertId, userId, ...event } of rows)
    byAlert.get(alertId)?.push({ ...event, actor: (userId && emails.get(userId)) ?? null });
  return byAlert;
}

/** Events after `afterId` for the tenant, with the alert as it is now (the SSE stream). */
export function alertEventsAfter(tenantId: string, afterId: number, limit = 200) {
  return db
    .select({
      id: alertEvents.id,
      kind: alertEvents.kind,
      createdAt: alertEvents.createdAt,
      alertId: alerts.id,
      title: alerts.title,
      severity: alerts.severity,
      source: alerts.source,
      status: alerts.status,
      occurrences: alerts.occurrences,
    })
    .from(alertEvents)
    .innerJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .where(and(eq(alertEvents.tenantId, tenantId), gt(alertEvents.id, afterId)))
    .orderBy(asc(alertEvents.id))
    .limit(limit)
    .all();
}

export function lastAlertEventId(tenantId: string): number {
  const row = db
    .select({ id: alertEvents.id })
    .from(alertEvents)
    .where(eq(alertEvents.tenantId, tenantId))
    .orderBy(desc(alertEvents.id))
    .limit(1)
    .get();
  return row?.id ?? 0;
}
