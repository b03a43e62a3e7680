/**
 * Running Sigma rules over events: as they are stored (the events module's "events.stored", subscribed by the module registry) and over the
 * stored history (a retro-hunt). Both build the same view of a stored event (`storedEventView`) and call the same
 * compiled closure, so a retro-hunt finds exactly what streaming detection would have found.
 *
 * High and critical detections raise an alert (source `detection`) once per rule, host and ALERT_WINDOW_MS; later
 * matches in the window raise the window's counter and the alert's occurrence count instead of alerting again.
 * "detections.created" listeners (playbooks, subscribed by the module registry) run after each batch of new detections.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { detectionAlertWindows, detectionRules, detections } from "./schema";
import { db } from "~/lib/db.server";
import { raiseAlert } from "~/modules/alerts";
import { iterateEvents, restoreTruncatedFields, type EventsStoredPayload, type StoredEvent } from "~/modules/events";
import {
  evaluateCorrelation,
  leafRules,
  matchEvent,
  viewOfFields,
  type CorrelationEvent,
  type CorrelationMatch,
  type EventView,
  type ResolvedCorrelation,
  type SigmaRule,
} from "./sigma";
import { enabledCorrelations, enabledRuleSet, type CompiledCorrelation, type CompiledRule } from "./rules.server";

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const ALERT_WINDOW_MS = 60 * 60 * 1000;
/** A retro-hunt reads at most this many events and lists at most MAX_HUNT_MATCHES of them. */
export const MAX_HUNT_SCAN = 2_000_000;
export const MAX_HUNT_MATCHES = 10_000;

/**
 * The one view of a stored event that rules read: its flattened fields (plus the message for keyword rules). A value
 * the store cut at 8192 characters is read whole from the event's original, so a rule matching past the cut still
 * matches, the same way on both paths.
 */
export function storedEventView(ev: Pick<StoredEvent, "fields" | "message" | "original">): EventView {
  const fields = restoreTruncatedFields(ev.fields, ev.original) as Record<string, unknown>;
  if (ev.message && fields.message === undefined) return viewOfFields({ ...fields, message: ev.message });
  return viewOfFields(fields);
}

export type DetectionRecord = {
  id: string;
  ruleId: string;
  ruleTitle: string;
  level: string | null;
  eventId: string;
  eventTime: number;
  host: string | null;
  tags: string[];
};

/**
 * The longest matching may hold the event loop before giving it back (streaming detection and retro-hunts). Every
 * rule test is bounded (regex.ts bounds a `|re` test to ~15 ms), but a batch of 250 long events times a tenant's
 * rules is not: streaming checks the clock between rules, a retro-hunt (one rule) between events, and both yield
 * when a slice is spent.
 */
export const MATCH_SLICE_MS = 5;

/** Runs the tenant's enabled rules over a batch of stored events and records the matches. */
export async function detectBatch(tenantId: string, events: readonly StoredEvent[]): Promise<DetectionRecord[]> {
  const set = enabledRuleSet(tenantId);
  if (set.size === 0) return [];
  let found: DetectionRecord[] = [];
  let sliceStart = performance.now();
  let yielded = false;
  for (const ev of events) {
    for (const [rule, matched] of set.matchEach(storedEventView(ev))) {
      if (performance.now() - sliceStart > MATCH_SLICE_MS) {
        await yieldToLoop();
        yielded = true;
        sliceStart = performance.now();
      }
      if (!matched) continue;
      found.push({
        id: randomUUID(),
        ruleId: rule.ruleId,
        ruleTitle: rule.title,
        level: rule.level,
        eventId: ev.id,
        eventTime: ev.time,
        host: ev.host,
        tags: rule.tags,
      });
    }
  }
  // A rule (or the whole tenant) deleted while the loop was given back has nothing to record against.
  if (yielded && found.length) found = withExistingRules(tenantId, found);
  if (found.length) {
    const stored = recordDetections(tenantId, found);
    if (stored.length && detectionListeners.size) {
      const byId = new Map(events.map((e) => [e.id, e]));
      const batch = stored.map((d) => ({ detection: d, event: byId.get(d.eventId)! }));
      for (const listener of detectionListeners) {
        try {
          listener({ tenantId, detections: batch });
        } catch (error) {
          console.error(JSON.stringify({ level: "error", msg: "detection listener failed", error: String(error) }));
        }
      }
    }
  }
  return found;
}

function withExistingRules(tenantId: string, found: DetectionRecord[]): DetectionRecord[] {
  const ids = [...new Set(found.map((d) => d.ruleId))];
  const existing = new Set(
    db
      .select({ id: detectionRules.id })
      .from(detectionRules)
      .where(and(eq(detectionRules.tenantId, tenantId), inArray(detectionRules.id, ids)))
      .all()
      .map((r) => r.id),
  );
  return found.filter((d) => existing.has(d.ruleId));
}

/** What detection announces after each batch of newly stored detections. */
export const DETECTIONS_CREATED = "detections.created";
export type DetectionsCreatedPayload = {
  tenantId: string;
  detections: { detection: DetectionRecord; event: StoredEvent }[];
};
export type DetectionsListener = (batch: DetectionsCreatedPayload) => void;
const detectionListeners = new Set<DetectionsListener>();

/**
 * Runs `listener` after each batch of newly stored detections ("detections.created": the module registry
 * subscribes playbooks, which start their runs here). A listener that
 * throws is logged and never stops ingestion. Answers a function that unregisters it.
 */
export function onDetections(listener: DetectionsListener): () => void {
  detectionListeners.add(listener);
  return () => detectionListeners.delete(listener);
}

function recordDetections(tenantId: string, found: DetectionRecord[], alert = true): DetectionRecord[] {
  const now = Date.now();
  const stored: DetectionRecord[] = [];
  db.transaction(() => {
    for (const d of found) {
      const changes = db
        .insert(detections)
        .values({ ...d, tenantId, createdAt: now })
        .onConflictDoNothing()
        .run().changes;
      if (changes === 0) continue;
      stored.push(d);
      db.update(detectionRules)
        .set({ lastMatchAt: sql`max(coalesce(${detectionRules.lastMatchAt}, 0), ${now})` })
        .where(and(eq(detectionRules.tenantId, tenantId), eq(detectionRules.id, d.ruleId)))
        .run();
    }
  });
  if (alert) for (const d of stored) if (d.level === "high" || d.level === "critical") alertFor(tenantId, d, now);
  return stored;
}

function alertFor(tenantId: string, d: DetectionRecord, now: number) {
  const host = d.host ?? "unknown host";
  const windowStart = Math.floor(now / ALERT_WINDOW_MS) * ALERT_WINDOW_MS;
  const row = db
    .insert(detectionAlertWindows)
    .values({ tenantId, ruleId: d.ruleId, host, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [
        detectionAlertWindows.tenantId,
        detectionAlertWindows.ruleId,
        detectionAlertWindows.host,
        detectionAlertWindows.windowStart,
      ],
      set: { count: sql`${detectionAlertWindows.count} + 1` },
    })
    .returning()
    .get();
  // A repeat in the window raises the same alert again (same dedupe key): the alert's occurrence counter goes up and
  // the alert list shows "seen N times" instead of a second alert.
  const alertId = raiseAlert({
    tenantId,
    source: "detection",
    severity: d.level as "high" | "critical",
    title: `${d.ruleTitle} on ${host}`,
    detail: `Sigma rule "${d.ruleTitle}" (${d.level}) matched an event on ${host}. Further matches of this rule on this host within the hour are counted on this alert, not alerted again.`,
    dedupeKey: `detection:${d.ruleId}:${host}:${windowStart}`,
  });
  if (alertId && row.count === 1)
    db.update(detectionAlertWindows)
      .set({ alertId })
      .where(
        and(
          eq(detectionAlertWindows.tenantId, tenantId),
          eq(detectionAlertWindows.ruleId, d.ruleId),
          eq(detectionAlertWindows.host, host),
          eq(detectionAlertWindows.windowStart, windowStart),
        ),
      )
      .run();
}

/**
 * A retro-hunt: one rule over the tenant's stored events with event time in [from, to). Yields to the event loop
 * every MATCH_SLICE_MS so page requests are served meanwhile.
 */
export async function retroHunt(
  tenantId: string,
  rule: SigmaRule,
  range: { from: number; to: number },
): Promise<{ matches: { eventId: string; time: string }[]; scanned: number; truncated: boolean }> {
  const matches: { eventId: string; time: string }[] = [];
  let scanned = 0;
  let truncated = false;
  let sliceStart = performance.now();
  for (const ev of iterateEvents(tenantId, range, { pageSize: 2000 })) {
    scanned++;
    if (matchEvent(rule, storedEventView(ev))) {
      if (matches.length >= MAX_HUNT_MATCHES) {
        truncated = true;
        break;
      }
      matches.push({ eventId: ev.id, time: new Date(ev.time).toISOString() });
    }
    if (scanned >= MAX_HUNT_SCAN) {
      truncated = true;
      break;
    }
    if (performance.now() - sliceStart > MATCH_SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return { matches, scanned, truncated };
}

/**
 * A correlation reads at most this many stored events per evaluation (its timespan, at most 24 h, before the
 * batch), and keeps at most MAX_CORRELATION_HITS of them (the events its rules match) in memory.
 */
export const MAX_CORRELATION_SCAN = 500_000;
export const MAX_CORRELATION_HITS = 50_000;

/**
 * The events in [from, to) that any of the correlation's rules matches, in stored order (time, then arrival). Only
 * these are kept: the correlation's windows are recomputed from them, so nothing needs to survive a restart.
 */
async function correlationHits(
  tenantId: string,
  resolved: ResolvedCorrelation,
  range: { from: number; to: number },
  maxScan: number,
): Promise<{ events: CorrelationEvent[]; hosts: Map<string, string | null>; scanned: number; truncated: boolean }> {
  const leaves = leafRules(resolved);
  const events: CorrelationEvent[] = [];
  const hosts = new Map<string, string | null>();
  let scanned = 0;
  let truncated = false;
  let sliceStart = performance.now();
  for (const ev of iterateEvents(tenantId, range, { pageSize: 2000 })) {
    scanned++;
    const view = storedEventView(ev);
    if (leaves.some((r) => matchEvent(r, view))) {
      if (events.length >= MAX_CORRELATION_HITS) {
        truncated = true;
        break;
      }
      events.push({ id: ev.id, time: ev.time, view });
      hosts.set(ev.id, ev.host);
    }
    if (scanned >= maxScan) {
      truncated = true;
      break;
    }
    if (performance.now() - sliceStart > MATCH_SLICE_MS) {
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }
  return { events, hosts, scanned, truncated };
}

const CORRELATION_SEVERITY: Record<string, "low" | "medium" | "high" | "critical"> = {
  informational: "low",
  low: "low",
  medium: "medium",
  high: "high",
  critical: "critical",
};

/**
 * Streaming correlation: for each enabled correlation one of whose rules matches an event of the batch, recompute
 * its windows from the stored events over its lookback before the batch, and record the matches completed by an
 * event of this batch (earlier ones were recorded by earlier batches). Each match is a detection of the correlation
 * rule (on the completing event) and raises an alert through raiseAlert, deduplicated per group and hour.
 */
export async function detectCorrelations(tenantId: string, events: readonly StoredEvent[]): Promise<number> {
  const correlations = enabledCorrelations(tenantId);
  if (correlations.length === 0 || events.length === 0) return 0;
  const views = events.map((e) => storedEventView(e));
  let recorded = 0;
  for (const c of correlations) {
    const leaves = leafRules(c.resolved);
    if (!views.some((v) => leaves.some((r) => matchEvent(r, v)))) continue;
    let min = Infinity;
    let max = -Infinity;
    for (const e of events) {
      min = Math.min(min, e.time);
      max = Math.max(max, e.time);
    }
    const { events: hits, hosts } = await correlationHits(
      tenantId,
      c.resolved,
      { from: min - c.resolved.lookbackMs, to: max + 1 },
      MAX_CORRELATION_SCAN,
    );
    const inBatch = new Set(events.map((e) => e.id));
    const completed = evaluateCorrelation(c.resolved, hits).matches.filter((m) => inBatch.has(m.eventId));
    recorded += recordCorrelationMatches(tenantId, c, completed, hosts);
  }
  return recorded;
}

function recordCorrelationMatches(
  tenantId: string,
  c: CompiledCorrelation,
  matches: CorrelationMatch[],
  hosts: Map<string, string | null>,
): number {
  if (matches.length === 0) return 0;
  // a rule deleted while the scan gave the loop back has nothing to record against
  if (withExistingRules(tenantId, [{ ruleId: c.ruleId } as DetectionRecord]).length === 0) return 0;
  const byEvent = new Map(matches.map((m) => [m.eventId, m]));
  const stored = recordDetections(
    tenantId,
    [...byEvent.values()].map((m) => ({
      id: randomUUID(),
      ruleId: c.ruleId,
      ruleTitle: c.title,
      level: c.level,
      eventId: m.eventId,
      eventTime: m.time,
      host: hosts.get(m.eventId) ?? null,
      tags: c.resolved.rule.tags,
    })),
    false,
  );
  const severity = CORRELATION_SEVERITY[c.level ?? "medium"] ?? "medium";
  for (const d of stored) {
    const m = byEvent.get(d.eventId)!;
    const group = Object.entries(m.group)
      .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
      .join(", ");
    const windowStart = Math.floor(m.time / ALERT_WINDOW_MS) * ALERT_WINDOW_MS;
    const r = c.resolved.rule;
    raiseAlert({
      tenantId,
      source: "detection",
      severity,
      title: `${c.title}${group ? ` (${group})` : ""}`,
      detail:
        `Sigma correlation "${c.title}" (${r.type} over ${r.timespan}) matched${group ? ` for ${group}` : ""}: ` +
        `count ${m.count}. Further matches for this group within the hour are counted on this alert.`,
      dedupeKey: `correlation:${c.ruleId}:${JSON.stringify(m.group)}:${windowStart}`,
    });
  }
  return stored.length;
}

/**
 * A retro-hunt with a correlation: its rules over the stored events in [from - timespan, to), its matches completed
 * by an event in [from, to).
 */
export async function retroHuntCorrelation(
  tenantId: string,
  resolved: ResolvedCorrelation,
  range: { from: number; to: number },
): Promise<{
  matches: { eventId: string; time: string; group: Record<string, unknown>; count: number }[];
  scanned: number;
  truncated: boolean;
}> {
  const hits = await correlationHits(
    tenantId,
    resolved,
    { from: Math.max(0, range.from - resolved.lookbackMs), to: range.to },
    MAX_HUNT_SCAN,
  );
  const result = evaluateCorrelation(resolved, hits.events);
  const inRange = result.matches.filter((m) => m.time >= range.from);
  return {
    matches: inRange.slice(0, MAX_HUNT_MATCHES).map((m) => ({
      eventId: m.eventId,
      time: new Date(m.time).toISOString(),
      group: m.group,
      count: m.count,
    })),
    scanned: hits.scanned,
    truncated: hits.truncated || result.truncated || inRange.length > MAX_HUNT_MATCHES,
  };
}

export function listDetections(tenantId: string, opts: { limit: number; ruleId?: string; since?: number }) {
  const where = [eq(detections.tenantId, tenantId)];
  if (opts.ruleId) where.push(eq(detections.ruleId, opts.ruleId));
  if (opts.since !== undefined) where.push(gte(detections.createdAt, opts.since));
  return db
    .select()
    .from(detections)
    .where(and(...where))
    .orderBy(desc(detections.createdAt), desc(detections.eventTime))
    .limit(opts.limit)
    .all()
    .map((d) => ({
      id: d.id,
      ruleId: d.ruleId,
      ruleTitle: d.ruleTitle,
      level: d.level,
      eventId: d.eventId,
      time: new Date(d.eventTime).toISOString(),
      createdAt: new Date(d.createdAt).toISOString(),
      host: d.host,
      tags: d.tags,
    }));
}

/**
 * The streaming path: Sigma rules and correlations over each batch the event store commits. The module registry
 * (app/modules/registry.server.ts) subscribes it to the events module's "events.stored"; nothing subscribes on import.
 */
export async function detectStoredEvents({ tenantId, events }: EventsStoredPayload) {
  await detectBatch(tenantId, events);
  await detectCorrelations(tenantId, events);
}

export type { CompiledRule };
