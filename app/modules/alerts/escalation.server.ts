/**
 * Escalation policies: ordered steps (notify channels and/or members, then
 * wait N minutes); while the alert stays unacknowledged the next step is
 * taken; the last step repeats up to `repeatLast` times. One row per alert in
 * alert_escalations holds the state (running -> stopped on acknowledge,
 * closed on resolve, exhausted after the last repeat); `runDueEscalations`
 * advances it on the injectable alerting clock, so tests need no waiting.
 * Each step taken is written to the alert's timeline.
 */
import { randomUUID } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { alertEscalations, alerts, escalationPolicies } from "./schema";
import { db } from "~/lib/db.server";
import { memberUserIds } from "~/modules/tenants";
import { enqueueNotification, notifyInApp, type AlertPayload } from "./channels.server";
import { now } from "./clock.server";
import { recordAlertEvent } from "./timeline.server";

export type EscalationStep = { channelIds: string[]; memberIds: string[]; waitMinutes: number };

export class PolicyError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

export function createPolicy(tenantId: string, input: { name: string; steps: EscalationStep[]; repeatLast: number }) {
  const name = input.name.trim();
  if (!name || name.length > 100) throw new PolicyError("name", "Give the policy a name (up to 100 characters)");
  const steps = input.steps.filter((s) => s.channelIds.length || s.memberIds.length);
  if (steps.length === 0 || steps.length > 10)
    throw new PolicyError("steps", "Add one to ten steps, each notifying at least one channel or member");
  if (steps.some((s) => !Number.isInteger(s.waitMinutes) || s.waitMinutes < 1 || s.waitMinutes > 1440))
    throw new PolicyError("steps", "Each step waits between 1 and 1440 minutes");
  if (!Number.isInteger(input.repeatLast) || input.repeatLast < 0 || input.repeatLast > 10)
    throw new PolicyError("repeatLast", "Repeat the last step 0 to 10 times");
  const id = randomUUID();
  db.insert(escalationPolicies).values({ id, tenantId, name, steps, repeatLast: input.repeatLast }).run();
  return id;
}

export function listPolicies(tenantId: string) {
  return db.select().from(escalationPolicies).where(eq(escalationPolicies.tenantId, tenantId)).all();
}

export function deletePolicy(tenantId: string, policyId: string) {
  return (
    db
      .delete(escalationPolicies)
      .where(and(eq(escalationPolicies.tenantId, tenantId), eq(escalationPolicies.id, policyId)))
      .run().changes > 0
  );
}

export function startEscalation(tenantId: string, alertId: string, policyId: string) {
  const at = now();
  const inserted = db
    .insert(alertEscalations)
    .values({ alertId, tenantId, policyId, nextAt: at, updatedAt: at })
    .onConflictDoNothing()
    .run();
  if (inserted.changes > 0) recordAlertEvent({ tenantId, alertId, kind: "escalation_started", detail: { policyId } });
}

/** Acknowledge stops, resolve closes a running escalation. */
export function endEscalation(tenantId: string, alertId: string, state: "stopped" | "closed", userId: string | null) {
  const changed = db
    .update(alertEscalations)
    .set({ state, updatedAt: now() })
    .where(
      and(
        eq(alertEscalations.tenantId, tenantId),
        eq(alertEscalations.alertId, alertId),
        eq(alertEscalations.state, "running"),
      ),
    )
    .run().changes;
  if (changed > 0)
    recordAlertEvent({
      tenantId,
      alertId,
      kind: state === "stopped" ? "escalation_stopped" : "escalation_closed",
      userId,
    });
}

export function escalationFor(tenantId: string, alertId: string) {
  return (
    db
      .select()
      .from(alertEscalations)
      .where(and(eq(alertEscalations.tenantId, tenantId), eq(alertEscalations.alertId, alertId)))
      .get() ?? null
  );
}

export function toPayload(a: typeof alerts.$inferSelect): AlertPayload {
  return {
    id: a.id,
    title: a.title,
    detail: a.detail,
    severity: a.severity,
    source: a.source,
    status: a.status,
    occurrences: a.occurrences,
    createdAt: new Date(a.createdAt).toISOString(),
  };
}

/** Takes every due step; answers how many steps were taken. */
export function runDueEscalations(): number {
  const at = now();
  const due = db
    .select()
    .from(alertEscalations)
    .where(and(eq(alertEscalations.state, "running"), lte(alertEscalations.nextAt, at)))
    .limit(100)
    .all();
  let taken = 0;
  for (const esc of due) {
    const alert = db.select().from(alerts).where(eq(alerts.id, esc.alertId)).get();
    const policy = db.select().from(escalationPolicies).where(eq(escalationPolicies.id, esc.policyId)).get();
    if (!alert || !policy || policy.steps.length === 0) {
      db.update(alertEscalations)
        .set({ state: "closed", updatedAt: at })
        .where(eq(alertEscalations.alertId, esc.alertId))
        .run();
      continue;
    }
    if (alert.status !== "active") {
      endEscalation(esc.tenantId, esc.alertId, alert.status === "resolved" ? "closed" : "stopped", null);
      continue;
    }
    if (alert.silencedUntil && alert.silencedUntil > at) {
      // Silenced: hold the escalation until the silence ends.
      db.update(alertEscalations)
        .set({ nextAt: alert.silencedUntil, updatedAt: at })
        .where(eq(alertEscalations.alertId, esc.alertId))
        .run();
      continue;
    }
    const last = policy.steps.length - 1;
    const index = Math.min(esc.stepIndex, last);
    const step = policy.steps[index];
    const payload = toPayload(alert);
    const memberIds = new Set(memberUserIds(esc.tenantId));
    for (const channelId of step.channelIds) {
      enqueueNotification({
        tenantId: esc.tenantId,
        channelId,
        alertId: alert.id,
        type: "alert.escalated",
        alert: payload,
        extra: { escalation: { step: index + 1, repeat: esc.repeats } },
      });
    }
    for (const userId of step.memberIds) {
      if (!memberIds.has(userId)) continue; // left the organization since
      notifyInApp({
        tenantId: esc.tenantId,
        userId,
        alertId: alert.id,
        title: `Escalated: ${alert.title}`,
        body: `Step ${index + 1} of "${policy.name}" · still unacknowledged`,
      });
    }
    recordAlertEvent({
      tenantId: esc.tenantId,
      alertId: alert.id,
      kind: "escalation_step",
      detail: {
        policy: policy.name,
        step: index + 1,
        repeat: index === last ? esc.repeats : 0,
        channels: step.channelIds.length,
        members: step.memberIds.length,
      },
    });
    taken++;
    const waitMs = step.waitMinutes * 60_000;
    if (index < last) {
      db.update(alertEscalations)
        .set({ stepIndex: index + 1, nextAt: at + waitMs, updatedAt: at })
        .where(eq(alertEscalations.alertId, esc.alertId))
        .run();
    } else if (esc.repeats < policy.repeatLast) {
      db.update(alertEscalations)
        .set({ stepIndex: last, repeats: esc.repeats + 1, nextAt: at + waitMs, updatedAt: at })
        .where(eq(alertEscalations.alertId, esc.alertId))
        .run();
    } else {
      db.update(alertEscalations)
        .set({ state: "exhausted", updatedAt: at })
        .where(eq(alertEscalations.alertId, esc.alertId))
        .run();
      recordAlertEvent({ tenantId: esc.tenantId, alertId: alert.id, kind: "escalation_exhausted" });
    }
  }
  return taken;
}
