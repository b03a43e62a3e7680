/**
 * Alerts raised by the modules (a new breach exposure, a high-risk phishing
 * message...). A dedupe key makes raising idempotent: the same cause never
 * alerts twice for a tenant.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { alerts } from "@db/schema";
import { db } from "~/lib/db.server";

export type Severity = "low" | "medium" | "high" | "critical";

/** Returns the new alert's id, or null when an alert with this dedupe key already exists. */
export function raiseAlert(input: {
  tenantId: string;
  source: string;
  severity: Severity;
  title: string;
  detail?: string;
  dedupeKey?: string;
}): string | null {
  const id = randomUUID();
  const result = db
    .insert(alerts)
    .values({ id, ...input, detail: input.detail ?? null, dedupeKey: input.dedupeKey ?? null })
    .onConflictDoNothing()
    .run();
  return result.changes > 0 ? id : null;
}

export function listActiveAlerts(tenantId: string, limit = 50) {
  return db
    .select({
      id: alerts.id,
      source: alerts.source,
      severity: alerts.severity,
      title: alerts.title,
      detail: alerts.detail,
      status: alerts.status,
      createdAt: alerts.createdAt,
    })
    .from(alerts)
    .where(and(eq(alerts.tenantId, tenantId), inArray(alerts.status, ["active", "acknowledged"])))
    .orderBy(desc(alerts.createdAt))
    .limit(limit)
    .all();
}

export function listAlerts(tenantId: string, limit = 200) {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.tenantId, tenantId))
    .orderBy(desc(alerts.createdAt))
    .limit(limit)
    .all();
}

export function setAlertStatus(
  tenantId: string,
  alertId: string,
  status: "active" | "acknowledged" | "resolved",
): boolean {
  return (
    db
      .update(alerts)
      .set({ status, resolvedAt: status === "resolved" ? Date.now() : null })
      .where(and(eq(alerts.tenantId, tenantId), eq(alerts.id, alertId)))
      .run().changes > 0
  );
}

/** Resolves the tenant's open alert raised under a dedupe key (its cause is gone); false when there is none. */
export function resolveAlertByDedupeKey(tenantId: string, dedupeKey: string, now = Date.now()): boolean {
  return (
    db
      .update(alerts)
      .set({ status: "resolved", resolvedAt: now })
      .where(
        and(
          eq(alerts.tenantId, tenantId),
          eq(alerts.dedupeKey, dedupeKey),
          inArray(alerts.status, ["active", "acknowledged"]),
        ),
      )
      .run().changes > 0
  );
}
