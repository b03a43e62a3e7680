/**
 * Alerts raised by the modules (a new breach exposure, a high-risk phishing
 * message, a detection...). Lifecycle: active -> acknowledged -> resolved,
 * and silenced until a time. Deduplication, two ways:
 * - a dedupe key (the existing callers) makes raising idempotent: the same
 *   cause never alerts twice for a tenant;
 * - a fingerprint of (source, rule, entity): a new occurrence of an alert that
 *   is still open raises its counter and lastSeenAt instead of a second alert;
 * - a source object (a message, a finding, a case): one alert per object
 *   (its key is the dedupe key), repeats counted, and closing the object
 *   (quarantine, remediation, case closed) resolves it (resolveAlertsForObject).
 * Every change is recorded on the alert timeline with who and when. A new
 * alert is routed by the alert rules to channels / an escalation policy,
 * unless it falls inside a maintenance window (recorded, not notified).
 */
import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { alerts, maintenanceWindows, notificationChannels, notificationOutbox } from "./schema";
import { alertSourceLink } from "./source-link";
import { db, preparedQuery } from "~/lib/db.server";
import { enqueueNotification } from "./channels.server";
import { now } from "./clock.server";
import { endEscalation, startEscalation, toPayload } from "./escalation.server";
import { listRules, matchingRules } from "./rules.server";
import { recordAlertEvent } from "./timeline.server";
import type { AlertStatusFilter, Severity } from "./types";

export type { Severity } from "./types";

export type RaiseAlertInput = {
  tenantId: string;
  source: string;
  severity: Severity;
  title: string;
  detail?: string;
  dedupeKey?: string;
  /** The rule or detector that fired (part of the fingerprint). */
  rule?: string;
  /** What it fired about: a host, an identity, a message (part of the fingerprint; default the title). */
  entity?: string;
  /**
   * The stored object the alert is about, owned by the raising module: one alert per object, a repeat
   * counted on it (occurrences, lastSeenAt), and resolved when the module closes the object.
   */
  object?: AlertObject;
};

/** A module's stored object an alert is about: `{ type: "phishing", id: <item id> }`. */
export type AlertObject = { type: string; id: string };

/** The dedupe key of an object's alert (`phishing:<id>`, the key phishing alerts always had). */
export function alertObjectKey(object: AlertObject): string {
  return `${object.type}:${object.id}`;
}

export function fingerprintOf(source: string, rule: string | null | undefined, entity: string): string {
  return createHash("sha256")
    .update(`${source}\u0000${rule ?? ""}\u0000${entity}`)
    .digest("hex");
}

export type RaiseResult = { id: string; created: boolean; suppressed: boolean; occurrences: number };

/**
 * Records an alert or a new occurrence of an open one; routes a new alert to
 * its channels. The full answer; `raiseAlert` keeps the original shape.
 */
export function raiseAlertDetailed(input: RaiseAlertInput): RaiseResult {
  return raiseAlerts([input])[0]!;
}

/**
 * Raises many alerts in one transaction (a breach import can expose hundreds of
 * identities at once): each one deduplicated, recorded on its timeline and
 * routed by the alert rules exactly as `raiseAlert` does, answered in order.
 * Inside a caller's transaction on the same connection it nests (a savepoint),
 * so the caller's rows and their alerts commit together.
 */
export function raiseAlerts(inputs: readonly RaiseAlertInput[]): RaiseResult[] {
  if (inputs.length === 0) return [];
  return db.transaction(() => inputs.map(raiseOne));
}

function raiseOne(raw: RaiseAlertInput): RaiseResult {
  const input = raw.object
    ? {
        ...raw,
        dedupeKey: raw.dedupeKey ?? alertObjectKey(raw.object),
        entity: raw.entity ?? alertObjectKey(raw.object),
      }
    : raw;
  const at = now();
  const title = input.title.slice(0, 500);
  const detail = input.detail?.slice(0, 10_000) ?? null;
  const fingerprint = fingerprintOf(input.source, input.rule, input.entity ?? input.dedupeKey ?? title);
  const result = db.transaction((tx): RaiseResult & { repeatOf?: boolean } => {
    const existing = input.dedupeKey
      ? tx
          .select()
          .from(alerts)
          .where(and(eq(alerts.tenantId, input.tenantId), eq(alerts.dedupeKey, input.dedupeKey)))
          .get()
      : tx
          .select()
          .from(alerts)
          .where(
            and(
              eq(alerts.tenantId, input.tenantId),
              eq(alerts.fingerprint, fingerprint),
              ne(alerts.status, "resolved"),
            ),
          )
          .orderBy(desc(alerts.createdAt))
          .get();
    if (existing) {
      if (existing.status === "resolved") {
        // Same dedupe key after resolution: the cause alerted once already.
        return { id: existing.id, created: false, suppressed: existing.suppressed, occurrences: existing.occurrences };
      }
      tx.update(alerts)
        .set({ occurrences: sql`${alerts.occurrences} + 1`, lastSeenAt: at })
        .where(eq(alerts.id, existing.id))
        .run();
      return {
        id: existing.id,
        created: false,
        suppressed: existing.suppressed,
        occurrences: existing.occurrences + 1,
        repeatOf: true,
      };
    }
    const suppressed = inMaintenance(input.tenantId, input.source, at);
    const id = randomUUID();
    tx.insert(alerts)
      .values({
        id,
        tenantId: input.tenantId,
        source: input.source,
        severity: input.severity,
        title,
        detail,
        dedupeKey: input.dedupeKey ?? null,
        fingerprint,
        rule: input.rule ?? null,
        entity: input.entity ?? null,
        occurrences: 1,
        lastSeenAt: at,
        createdAt: at,
        suppressed,
      })
      .run();
    return { id, created: true, suppressed, occurrences: 1 };
  });
  if (result.repeatOf) {
    recordAlertEvent({
      tenantId: input.tenantId,
      alertId: result.id,
      kind: "repeated",
      detail: { occurrences: result.occurrences },
    });
  } else if (result.created) {
    recordAlertEvent({
      tenantId: input.tenantId,
      alertId: result.id,
      kind: "raised",
      detail: { source: input.source, severity: input.severity },
    });
    if (result.suppressed) {
      recordAlertEvent({
        tenantId: input.tenantId,
        alertId: result.id,
        kind: "suppressed",
        detail: { reason: "maintenance window" },
      });
    } else {
      routeNewAlert(input.tenantId, result.id);
    }
  }
  return { id: result.id, created: result.created, suppressed: result.suppressed, occurrences: result.occurrences };
}

/** Returns the new alert's id, or null when it was a repeat (dedupe key or open fingerprint). */
export function raiseAlert(input: RaiseAlertInput): string | null {
  const r = raiseAlertDetailed(input);
  return r.created ? r.id : null;
}

/** Applies the alert rules: notify their channels, start the first escalation policy named. */
function routeNewAlert(tenantId: string, alertId: string) {
  const alert = getAlert(tenantId, alertId);
  if (!alert) return;
  const rules = matchingRules(listRules(tenantId), alert);
  if (rules.length === 0) return;
  const valid = new Set(
    db
      .select({ id: notificationChannels.id })
      .from(notificationChannels)
      .where(eq(notificationChannels.tenantId, tenantId))
      .all()
      .map((c) => c.id),
  );
  const channelIds = [...new Set(rules.flatMap((r) => r.channelIds))].filter((id) => valid.has(id));
  const payload = toPayload(alert);
  for (const channelId of channelIds)
    enqueueNotification({ tenantId, channelId, alertId, type: "alert.raised", alert: payload });
  recordAlertEvent({
    tenantId,
    alertId,
    kind: "notified",
    detail: { rules: rules.map((r) => r.name), channels: channelIds.length },
  });
  const policyId = rules.find((r) => r.escalationPolicyId)?.escalationPolicyId;
  if (policyId) startEscalation(tenantId, alertId, policyId);
}

export function getAlert(tenantId: string, alertId: string) {
  return (
    db
      .select()
      .from(alerts)
      .where(and(eq(alerts.tenantId, tenantId), eq(alerts.id, alertId)))
      .get() ?? null
  );
}

/** The tenant's alerts among `ids` (other tenants' ids and unknown ids are left out), in no particular order. */
export function getAlerts(tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.tenantId, tenantId), inArray(alerts.id, [...new Set(ids)])))
    .all();
}

/**
 * The tenant's alerts of `source` not yet resolved whose dedupe key starts with `prefix`: how a module finds the
 * alerts it raised for causes that may have gone (privacy deadlines).
 */
export function openAlertsByDedupePrefix(tenantId: string, source: string, prefix: string) {
  return db
    .select({ id: alerts.id, dedupeKey: alerts.dedupeKey, status: alerts.status })
    .from(alerts)
    .where(
      and(
        eq(alerts.tenantId, tenantId),
        eq(alerts.source, source),
        ne(alerts.status, "resolved"),
        sql`substr(${alerts.dedupeKey}, 1, ${prefix.length}) = ${prefix}`,
      ),
    )
    .all();
}

/** The tenant's alert raised under `dedupeKey`, or null. */
export function getAlertByDedupeKey(tenantId: string, dedupeKey: string) {
  return (
    db
      .select()
      .from(alerts)
      .where(and(eq(alerts.tenantId, tenantId), eq(alerts.dedupeKey, dedupeKey)))
      .get() ?? null
  );
}

/** What a page or API shows; `silenced` while the silence runs. */
export function effectiveStatus(a: { status: string; silencedUntil: number | null }, at = now()): AlertStatusFilter {
  if (a.status !== "resolved" && a.silencedUntil && a.silencedUntil > at) return "silenced";
  return a.status as AlertStatusFilter;
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
      occurrences: alerts.occurrences,
      lastSeenAt: alerts.lastSeenAt,
      silencedUntil: alerts.silencedUntil,
      dedupeKey: alerts.dedupeKey,
    })
    .from(alerts)
    .where(and(eq(alerts.tenantId, tenantId), inArray(alerts.status, ["active", "acknowledged"])))
    .orderBy(desc(alerts.createdAt))
    .limit(limit)
    .all();
}

/** `id`: one alert (the link in alert mail, `/alerts?alert=<id>`). */
export type AlertFilters = { status?: AlertStatusFilter; severity?: Severity; source?: string; id?: string };

// The unfiltered list is what /alerts shows by default: built and prepared once (db.server.ts preparedQuery).
const latestAlerts = preparedQuery((d) =>
  d
    .select()
    .from(alerts)
    .where(eq(alerts.tenantId, sql.placeholder("tenantId")))
    .orderBy(desc(alerts.createdAt))
    .limit(sql.placeholder("limit"))
    .prepare(),
);
const sourcesOfTenant = preparedQuery((d) =>
  d
    .selectDistinct({ source: alerts.source })
    .from(alerts)
    .where(eq(alerts.tenantId, sql.placeholder("tenantId")))
    .prepare(),
);

export function listAlerts(tenantId: string, limit = 200, filters: AlertFilters = {}) {
  if (!filters.severity && !filters.source && !filters.status && !filters.id)
    return latestAlerts().all({ tenantId, limit });
  const at = now();
  const where: (SQL | undefined)[] = [eq(alerts.tenantId, tenantId)];
  if (filters.severity) where.push(eq(alerts.severity, filters.severity));
  if (filters.source) where.push(eq(alerts.source, filters.source));
  if (filters.id) where.push(eq(alerts.id, filters.id));
  const notSilenced = or(isNull(alerts.silencedUntil), lte(alerts.silencedUntil, at));
  if (filters.status === "silenced") where.push(ne(alerts.status, "resolved"), gt(alerts.silencedUntil, at));
  else if (filters.status === "open") where.push(ne(alerts.status, "resolved"));
  else if (filters.status === "resolved") where.push(eq(alerts.status, "resolved"));
  else if (filters.status) where.push(eq(alerts.status, filters.status), notSilenced);
  return db
    .select()
    .from(alerts)
    .where(and(...where))
    .orderBy(desc(alerts.createdAt))
    .limit(limit)
    .all();
}

export function alertSources(tenantId: string): string[] {
  return sourcesOfTenant()
    .all({ tenantId })
    .map((r) => r.source)
    .sort();
}

export type AlertTransition = "acknowledge" | "resolve" | "reopen";

/**
 * Moves an alert through its lifecycle; answers the alert after the change,
 * or null when it does not exist in this tenant. Acknowledging stops an
 * escalation, resolving closes it and tells the channels that were notified.
 */
export function transitionAlert(tenantId: string, alertId: string, to: AlertTransition, userId: string | null) {
  const alert = getAlert(tenantId, alertId);
  if (!alert) return null;
  const at = now();
  if (to === "acknowledge") {
    if (alert.status !== "active") return alert;
    db.update(alerts).set({ status: "acknowledged", acknowledgedAt: at }).where(eq(alerts.id, alertId)).run();
    recordAlertEvent({ tenantId, alertId, kind: "acknowledged", userId });
    endEscalation(tenantId, alertId, "stopped", userId);
  } else if (to === "resolve") {
    if (alert.status === "resolved") return alert;
    db.update(alerts).set({ status: "resolved", resolvedAt: at }).where(eq(alerts.id, alertId)).run();
    recordAlertEvent({ tenantId, alertId, kind: "resolved", userId });
    endEscalation(tenantId, alertId, "closed", userId);
    const notified = db
      .selectDistinct({ channelId: notificationOutbox.channelId })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.tenantId, tenantId), eq(notificationOutbox.alertId, alertId)))
      .all();
    const payload = toPayload({ ...alert, status: "resolved" });
    for (const { channelId } of notified)
      enqueueNotification({ tenantId, channelId, alertId, type: "alert.resolved", alert: payload });
  } else {
    if (alert.status === "active") return alert;
    db.update(alerts)
      .set({ status: "active", resolvedAt: null, acknowledgedAt: null, silencedUntil: null })
      .where(eq(alerts.id, alertId))
      .run();
    recordAlertEvent({ tenantId, alertId, kind: "reopened", userId });
  }
  return getAlert(tenantId, alertId);
}

/** Silences an open alert until `until` (unix ms, in the future). */
export function silenceAlert(tenantId: string, alertId: string, until: number, userId: string | null) {
  const alert = getAlert(tenantId, alertId);
  if (!alert) return null;
  if (alert.status === "resolved") return alert;
  db.update(alerts).set({ silencedUntil: until }).where(eq(alerts.id, alertId)).run();
  recordAlertEvent({ tenantId, alertId, kind: "silenced", userId, detail: { until: new Date(until).toISOString() } });
  return getAlert(tenantId, alertId);
}

/** Kept for existing callers: sets a status through the lifecycle (timeline included). */
export function setAlertStatus(
  tenantId: string,
  alertId: string,
  status: "active" | "acknowledged" | "resolved",
  userId: string | null = null,
): boolean {
  const to: AlertTransition = status === "acknowledged" ? "acknowledge" : status === "resolved" ? "resolve" : "reopen";
  return transitionAlert(tenantId, alertId, to, userId) !== null;
}

// ---- maintenance windows ------------------------------------------------------

export function inMaintenance(tenantId: string, source: string, at: number): boolean {
  const row = db
    .select({ id: maintenanceWindows.id })
    .from(maintenanceWindows)
    .where(
      and(
        eq(maintenanceWindows.tenantId, tenantId),
        lte(maintenanceWindows.startsAt, at),
        gt(maintenanceWindows.endsAt, at),
        or(isNull(maintenanceWindows.source), eq(maintenanceWindows.source, source)),
      ),
    )
    .get();
  return row !== undefined;
}

export function createMaintenanceWindow(
  tenantId: string,
  input: { startsAt: number; endsAt: number; source?: string | null; reason?: string },
  userId: string | null,
): string {
  const id = randomUUID();
  db.insert(maintenanceWindows)
    .values({
      id,
      tenantId,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      source: input.source || null,
      reason: (input.reason ?? "").slice(0, 300),
      createdBy: userId,
    })
    .run();
  return id;
}

export function listMaintenanceWindows(tenantId: string) {
  return db
    .select()
    .from(maintenanceWindows)
    .where(eq(maintenanceWindows.tenantId, tenantId))
    .orderBy(desc(maintenanceWindows.startsAt))
    .limit(50)
    .all();
}

export function deleteMaintenanceWindow(tenantId: string, id: string): boolean {
  return (
    db
      .delete(maintenanceWindows)
      .where(and(eq(maintenanceWindows.tenantId, tenantId), eq(maintenanceWindows.id, id)))
      .run().changes > 0
  );
}

/**
 * Resolves the tenant's open alert raised under a dedupe key (its cause is gone), through the lifecycle: on the
 * timeline, escalation closed, notified channels told. False when there is none open.
 */
export function resolveAlertByDedupeKey(tenantId: string, dedupeKey: string): boolean {
  const alert = getAlertByDedupeKey(tenantId, dedupeKey);
  if (!alert || alert.status === "resolved") return false;
  return transitionAlert(tenantId, alert.id, "resolve", null)?.status === "resolved";
}

/**
 * The module closed the object an alert is about (a message quarantined, a finding remediated, a case
 * closed): its open alert is resolved through the lifecycle (timeline, escalation closed, channels told).
 * Answers how many alerts were resolved.
 */
export function resolveAlertsForObject(tenantId: string, object: AlertObject, userId: string | null = null): number {
  const open = db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.tenantId, tenantId),
        eq(alerts.dedupeKey, alertObjectKey(object)),
        inArray(alerts.status, ["active", "acknowledged"]),
      ),
    )
    .all();
  for (const a of open) transitionAlert(tenantId, a.id, "resolve", userId);
  return open.length;
}

/** The object's alert, if one was raised (its counter and last-seen time), or null. */
export function alertForObject(tenantId: string, object: AlertObject) {
  return (
    db
      .select()
      .from(alerts)
      .where(and(eq(alerts.tenantId, tenantId), eq(alerts.dedupeKey, alertObjectKey(object))))
      .get() ?? null
  );
}

/** Open high and critical alerts, newest seen first: what the bell shows by default (alert rules only add to it). */
export function openSevereAlerts(tenantId: string, limit = 5, at = now()) {
  const where = and(
    eq(alerts.tenantId, tenantId),
    inArray(alerts.status, ["active", "acknowledged"]),
    inArray(alerts.severity, ["high", "critical"]),
    eq(alerts.suppressed, false),
    or(isNull(alerts.silencedUntil), lte(alerts.silencedUntil, at)),
  );
  const items = db
    .select({
      id: alerts.id,
      title: alerts.title,
      severity: alerts.severity,
      status: alerts.status,
      occurrences: alerts.occurrences,
      lastSeenAt: alerts.lastSeenAt,
      createdAt: alerts.createdAt,
    })
    .from(alerts)
    .where(where)
    .orderBy(desc(sql`coalesce(${alerts.lastSeenAt}, ${alerts.createdAt})`))
    .limit(limit)
    .all();
  const total =
    db
      .select({ n: sql<number>`count(*)` })
      .from(alerts)
      .where(where)
      .get()?.n ?? 0;
  return { items, total };
}

/** An alert as the API shows it (docs/api.md): ISO dates, the status as of now (a silence may have ended). */
export function alertJson(a: NonNullable<ReturnType<typeof getAlert>>) {
  const iso = (n: number | null) => (n ? new Date(n).toISOString() : null);
  return {
    id: a.id,
    source: a.source,
    severity: a.severity,
    title: a.title,
    // The page that shows the alert's source object (a path on this server), or null.
    link: alertSourceLink(a),
    detail: a.detail,
    status: effectiveStatus(a),
    occurrences: a.occurrences,
    fingerprint: a.fingerprint,
    createdAt: iso(a.createdAt),
    lastSeenAt: iso(a.lastSeenAt ?? a.createdAt),
    acknowledgedAt: iso(a.acknowledgedAt),
    resolvedAt: iso(a.resolvedAt),
    silencedUntil: iso(a.silencedUntil),
  };
}
