/**
 * What other modules read of the alerts table (the dashboard's and the executive page's figures, threat hunting's
 * search): each query here, so the table has one owner. Every function takes the tenant id.
 */
import { and, count, desc, eq, inArray, isNotNull, ne, or, sql, type SQLWrapper } from "drizzle-orm";
import { alerts } from "./schema";
import { db, preparedQuery } from "~/lib/db.server";
import { countSince } from "~/lib/count-since.server";
import type { Severity } from "./types";

// The dashboard's queries run on every page view and every 30 s refresh: each is built and prepared once per
// connection (db.server.ts preparedQuery).
const TENANT = sql.placeholder("tenantId");
const SKIP = sql.placeholder("skipSource");
const q = {
  openBySeverity: preparedQuery((d) =>
    d
      .select({ key: alerts.severity, n: count() })
      .from(alerts)
      .where(
        and(eq(alerts.tenantId, TENANT), inArray(alerts.status, ["active", "acknowledged"]), ne(alerts.source, SKIP)),
      )
      .groupBy(alerts.severity)
      .prepare(),
  ),
  open: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.tenantId, TENANT), inArray(alerts.status, ["active", "acknowledged"])))
      .prepare(),
  ),
  resolved: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(alerts)
      .where(and(eq(alerts.tenantId, TENANT), eq(alerts.status, "resolved")))
      .prepare(),
  ),
  total: preparedQuery((d) => d.select({ n: count() }).from(alerts).where(eq(alerts.tenantId, TENANT)).prepare()),
  history: preparedQuery((d) =>
    d
      .select({
        severity: alerts.severity,
        createdAt: alerts.createdAt,
        resolvedAt: alerts.resolvedAt,
        status: alerts.status,
      })
      .from(alerts)
      .where(and(eq(alerts.tenantId, TENANT), ne(alerts.source, SKIP)))
      .prepare(),
  ),
};

/** Open (active or acknowledged) alerts per severity, leaving out one source (counted by its own findings). */
export function openAlertsBySeverity(tenantId: string, skipSource: string): { key: Severity; n: number }[] {
  return q.openBySeverity().all({ tenantId, skipSource });
}

/** How many alerts are open (active or acknowledged). */
export function openAlertCount(tenantId: string): number {
  return q.open().get({ tenantId })?.n ?? 0;
}

export function resolvedAlertCount(tenantId: string): number {
  return q.resolved().get({ tenantId })?.n ?? 0;
}

/** How many alerts were raised in all. */
export function alertTotal(tenantId: string): number {
  return q.total().get({ tenantId })?.n ?? 0;
}

/** Every alert's severity, raising and resolution time and status, leaving out one source (the risk trend). */
export function alertHistory(tenantId: string, skipSource: string) {
  return q.history().all({ tenantId, skipSource });
}

/** The mean time from raising to resolution of the resolved alerts, in ms; null before any. */
export function meanAlertResolutionMs(tenantId: string): number | null {
  return (
    db
      .select({ ms: sql<number | null>`avg(${alerts.resolvedAt} - ${alerts.createdAt})` })
      .from(alerts)
      .where(and(eq(alerts.tenantId, tenantId), eq(alerts.status, "resolved"), isNotNull(alerts.resolvedAt)))
      .get()?.ms ?? null
  );
}

/** The newest alerts whose title or detail contains `needle` (literally: `%` and `_` are no wildcards), up to `limit`. */
export function searchAlerts(tenantId: string, needle: string, limit: number) {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // SQLite's LIKE has no escape character unless one is named.
  const contains = (column: SQLWrapper) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  return db
    .select({ id: alerts.id, title: alerts.title, severity: alerts.severity, createdAt: alerts.createdAt })
    .from(alerts)
    .where(and(eq(alerts.tenantId, tenantId), or(contains(alerts.title), contains(alerts.detail))))
    .orderBy(desc(alerts.createdAt))
    .limit(limit)
    .all();
}

/** Every alert one source raised, with its lifecycle times (a module's posture findings: detection's alerts). */
export function alertsFromSource(tenantId: string, source: string) {
  return db
    .select({
      id: alerts.id,
      title: alerts.title,
      severity: alerts.severity,
      status: alerts.status,
      createdAt: alerts.createdAt,
      resolvedAt: alerts.resolvedAt,
    })
    .from(alerts)
    .where(and(eq(alerts.tenantId, tenantId), eq(alerts.source, source)))
    .all();
}

/** Alerts raised and resolved since `since` (null: ever): the usage analytics. */
export function alertsUsageSince(tenantId: string, since: number | null) {
  return {
    raised: countSince(alerts, tenantId, alerts.createdAt, since),
    resolved: countSince(alerts, tenantId, alerts.resolvedAt, since),
  };
}
