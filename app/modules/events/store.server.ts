/**
 * The event store: normalised events per tenant in SQLite (`events`, with the
 * contentless FTS5 index `events_fts` filled here and emptied by a delete
 * trigger, db/migrations/0015_events-fts.sql), the per-tenant daily quota, and retention
 * counted from receipt.
 *
 * Writes go in transactions of at most BATCH_SIZE rows, and the event loop is
 * given back between batches (setImmediate), so a 10 MB ingestion never holds
 * the single SQLite connection, nor the loop, for long: page requests are
 * served between batches. After each committed batch the "events.stored"
 * listeners run (subscribed by app/modules/registry.server.ts: the anomaly
 * detectors here, detection's Sigma engine), so detection happens as events arrive.
 */
import { newEventId } from "./event-id";
import type Database from "better-sqlite3";
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { eventQuotaUsage, eventSettings, events } from "./schema";
import { db, excluded, preparedQuery, sqlite } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { EVENT_DAILY_QUOTA, type Plan } from "~/lib/plans";
import { bumpTenantDataVersion } from "~/modules/page-cache";
import { allTenantIds } from "~/modules/tenants";
import type { Fields, NormalizedEvent } from "./parse";

export type StoredEvent = Omit<NormalizedEvent, "fields"> & {
  id: string;
  tenantId: string;
  receivedAt: number;
  seq: number;
  fields: Fields;
};

/** What the events module announces after each committed batch (one tenant per batch, in input order). */
export const EVENTS_STORED = "events.stored";
export type EventsStoredPayload = { tenantId: string; events: StoredEvent[] };
export type EventsStoredListener = (batch: EventsStoredPayload) => void | Promise<void>;

/**
 * Rows per transaction. A batch (insert, commit, then anomaly detection after a
 * yield) costs a few ms of CPU at 250 rows; on the shared 2-core machine, where
 * the process gets a fraction of a core, larger batches held the loop past
 * the 50 ms a page may wait (bench/events.ts, docs/decisions/023).
 */
export const BATCH_SIZE = 250;
export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

let clock: () => number = () => Date.now();
/** Tests pass a fixed clock; `setEventsClock()` restores the real one. */
export function setEventsClock(now?: () => number) {
  clock = now ?? (() => Date.now());
}
export function eventsNow() {
  return clock();
}

const listeners = new Set<EventsStoredListener>();

/**
 * Runs `listener` after every committed batch of stored events ("events.stored"; the module registry subscribes; in input
 * order, one tenant per batch). A listener that throws is logged and does not
 * stop ingestion or the other listeners. Answers a function that unregisters it.
 */
export function onEventsStored(listener: EventsStoredListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rows per multi-row INSERT: 100 events x 12 columns = 1,200 bound values, far under SQLite's limit. */
const ROWS_PER_STATEMENT = 100;
const EVENT_COLUMNS =
  "(seq, id, tenant_id, received_at, time, host, source, category, product, message, fields, original)";
const EVENT_ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
const FTS_ROW = "(?, ?, ?, ?)";
const rows = (row: string, n: number) => Array.from({ length: n }, () => row).join(", ");

type Statements = {
  db: Database.Database;
  nextSeq: Database.Statement;
  insertMany: Database.Statement;
  insertOne: Database.Statement;
  ftsMany: Database.Statement;
  ftsOne: Database.Statement;
};
let statements: Statements | null = null;
/**
 * Raw SQL on purpose: the ingestion hot path binds N rows per statement from
 * one flat parameter array (drizzle would rebuild and map objects per row),
 * events_fts is an FTS5 table drizzle cannot describe, and the next seq reads
 * sqlite_sequence.
 */
function stmts(): Statements {
  const db = sqlite();
  if (!statements || statements.db !== db) {
    statements = {
      db,
      // AUTOINCREMENT never reuses a seq, even one retention deleted: start after the larger of the two.
      nextSeq: db
        .prepare(
          `SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0),
                      coalesce((SELECT max(seq) FROM events), 0)) + 1`,
        )
        .pluck(),
      insertMany: db.prepare(`INSERT INTO events ${EVENT_COLUMNS} VALUES ${rows(EVENT_ROW, ROWS_PER_STATEMENT)}`),
      insertOne: db.prepare(`INSERT INTO events ${EVENT_COLUMNS} VALUES ${EVENT_ROW}`),
      // The full-text index (db/migrations/0015_events-fts.sql): contentless, so the text is stored once (in `events`).
      ftsMany: db.prepare(
        `INSERT INTO events_fts (rowid, message, host, fields) VALUES ${rows(FTS_ROW, ROWS_PER_STATEMENT)}`,
      ),
      ftsOne: db.prepare(`INSERT INTO events_fts (rowid, message, host, fields) VALUES ${FTS_ROW}`),
    };
  }
  return statements;
}

/**
 * What free text is matched against besides message and host: the field
 * values, space-separated (not the keys or the JSON around them, so a word
 * finds the events that say it, not every event carrying a field of that
 * name). The migration that rebuilds the index (0015) computes the same text
 * in SQL: booleans as true/false, null and empty values left out.
 */
export function fieldsText(fields: Fields): string {
  let text = "";
  for (const key in fields) {
    const v = fields[key];
    if (v === null || v === undefined || v === "") continue;
    text = text ? `${text} ${String(v)}` : String(v);
  }
  return text;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Stores events for a tenant; answers their ids in input order. Listeners run
 * after each batch commits (awaited, so a caller sees detection finished).
 * Each batch is one immediate transaction of multi-row INSERTs with explicit
 * seqs (known before the insert, so no per-row round trip for the rowid).
 */
export async function storeEvents(
  tenantId: string,
  input: readonly NormalizedEvent[],
  options: { receivedAt?: number } = {},
): Promise<string[]> {
  const receivedAt = options.receivedAt ?? clock();
  const ids: string[] = [];
  for (let start = 0; start < input.length; start += BATCH_SIZE) {
    const s = stmts();
    const end = Math.min(input.length, start + BATCH_SIZE);
    const stored: StoredEvent[] = [];
    s.db
      .transaction(() => {
        let seq = s.nextSeq.get() as number;
        const eventParams: unknown[] = [];
        const ftsParams: unknown[] = [];
        const flush = (n: number) => {
          if (n === ROWS_PER_STATEMENT) {
            s.insertMany.run(eventParams);
            s.ftsMany.run(ftsParams);
          } else {
            for (let k = 0; k < n; k += 1) {
              s.insertOne.run(eventParams.slice(k * 12, k * 12 + 12));
              s.ftsOne.run(ftsParams.slice(k * 4, k * 4 + 4));
            }
          }
          eventParams.length = 0;
          ftsParams.length = 0;
        };
        let pending = 0;
        for (let i = start; i < end; i += 1) {
          const e = input[i]!;
          const id = newEventId();
          eventParams.push(
            seq,
            id,
            tenantId,
            receivedAt,
            e.time,
            e.host,
            e.source,
            e.category,
            e.product,
            e.message,
            JSON.stringify(e.fields),
            e.original,
          );
          ftsParams.push(seq, e.message, e.host, fieldsText(e.fields));
          stored.push({ ...e, id, tenantId, receivedAt, seq });
          ids.push(id);
          seq += 1;
          pending += 1;
          if (pending === ROWS_PER_STATEMENT) {
            flush(pending);
            pending = 0;
          }
        }
        if (pending > 0) flush(pending);
        // The page cache's data version (db/migrations/0002), raised once per batch rather than by a per-row trigger.
        bumpTenantDataVersion(tenantId);
      })
      .immediate();
    // Detection is a second unit of work: the loop serves waiting requests between the commit and it.
    if (listeners.size > 0) await yieldToLoop();
    for (const listener of listeners) {
      try {
        await listener({ tenantId, events: stored });
      } catch (error) {
        console.error(
          JSON.stringify({
            time: new Date().toISOString(),
            level: "error",
            msg: "events listener failed",
            error: String(error),
          }),
        );
      }
    }
    if (end < input.length) await yieldToLoop();
  }
  return ids;
}

type Row = {
  seq: number;
  id: string;
  tenant_id: string;
  received_at: number;
  time: number;
  host: string | null;
  source: string | null;
  category: string | null;
  product: string | null;
  message: string | null;
  fields: string;
  original: string;
};

/** A row read as SQL text (search's compiled queries): snake_case columns, fields as JSON text. */
export function rowToEvent(r: Row): StoredEvent {
  return {
    seq: r.seq,
    id: r.id,
    tenantId: r.tenant_id,
    receivedAt: r.received_at,
    time: r.time,
    host: r.host,
    source: r.source,
    category: r.category,
    product: r.product,
    message: r.message,
    fields: JSON.parse(r.fields) as Fields,
    original: r.original,
  };
}

/** A row read through drizzle (camelCase columns). */
function toStoredEvent(r: typeof events.$inferSelect): StoredEvent {
  return { ...r, fields: JSON.parse(r.fields) as Fields };
}

/** Built once per connection: hunts page through many events. */
const eventsPage = preparedQuery((db) => {
  const lastTime = sql.placeholder("lastTime");
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.tenantId, sql.placeholder("tenantId")),
        or(and(eq(events.time, lastTime), gt(events.seq, sql.placeholder("lastSeq"))), gt(events.time, lastTime)),
        lt(events.time, sql.placeholder("to")),
      ),
    )
    .orderBy(asc(events.time), asc(events.seq))
    .limit(sql.placeholder("limit"))
    .prepare();
});

/**
 * Every stored event of a tenant whose event time is in [from, to), oldest
 * first. Reads pages of `pageSize` rows (no statement stays open between
 * pages, so a consumer may write to the database while iterating).
 */
export function* iterateEvents(
  tenantId: string,
  range: { from: number; to: number },
  options: { pageSize?: number } = {},
): Generator<StoredEvent> {
  const pageSize = Math.max(1, Math.min(options.pageSize ?? 1000, 10_000));
  let lastTime = range.from;
  let lastSeq = -1;
  for (;;) {
    const rows = eventsPage().all({ tenantId, lastTime, lastSeq, to: range.to, limit: pageSize });
    for (const r of rows) yield toStoredEvent(r);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    lastTime = last.time;
    lastSeq = last.seq;
  }
}

export function getEvents(tenantId: string, ids: readonly string[]): StoredEvent[] {
  if (ids.length === 0) return [];
  const list = ids.slice(0, 500);
  const rows = db
    .select()
    .from(events)
    .where(and(eq(events.tenantId, tenantId), inArray(events.id, list)))
    .orderBy(asc(events.time), asc(events.seq))
    .all();
  return rows.map(toStoredEvent);
}

/** A tenant's most recently received events, newest first (read from the (tenant_id, received_at) index). */
export function latestEvents(tenantId: string, limit = 20): StoredEvent[] {
  return db
    .select()
    .from(events)
    .where(eq(events.tenantId, tenantId))
    .orderBy(desc(events.receivedAt), desc(events.seq))
    .limit(Math.max(1, Math.min(limit, 100)))
    .all()
    .map(toStoredEvent);
}

// ---- quota ----

export function utcDay(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

function secondsToUtcMidnight(now: number) {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((next.getTime() - now) / 1000));
}

export type QuotaState = {
  /** Events per day. */
  limit: number;
  used: number;
  remaining: number;
  /** Bytes stored per day (storedEventBytes). */
  bytesLimit: number;
  bytesUsed: number;
  bytesRemaining: number;
  exceeded: boolean;
  retryAfterSeconds: number;
};

/**
 * The day's limits for a tenant on `plan` (its effective plan): the plan's figures from app/lib/plans.ts, or the
 * operator's RAMPART_EVENTS_DAILY_QUOTA / RAMPART_EVENTS_DAILY_MB for every plan.
 */
export function quotaLimits(plan: Plan): { events: number; bytes: number } {
  const env = getEnv();
  const base = EVENT_DAILY_QUOTA[plan];
  return {
    events: env.RAMPART_EVENTS_DAILY_QUOTA ?? base.events,
    bytes: env.RAMPART_EVENTS_DAILY_MB !== undefined ? env.RAMPART_EVENTS_DAILY_MB * 1024 * 1024 : base.bytes,
  };
}

/**
 * A stored event's fixed cost: row header, seq, 26-character id, tenant id, times, and its entries in the events
 * indexes and events_fts. Measured (40,000 events each, file size after a checkpoint): 344 bytes on disk per
 * `{"a":1,"n":…}` event, counted 350 with this figure; 940 per typical 200-byte JSON event, counted 946.
 */
export const EVENT_ROW_BYTES = 300;

/**
 * What storing an event costs on disk, as the byte quota counts it: its original text, fields (stored as JSON and
 * again in the full-text index), message, host, source, category and product, plus EVENT_ROW_BYTES for the row,
 * its id and its index entries. 18.7 KB of gzip once stored 600,000 tiny events as ~700 MB: per-event costs, not
 * the body's size, are what grow the database.
 */
export function storedEventBytes(e: NormalizedEvent): number {
  let n = EVENT_ROW_BYTES + Buffer.byteLength(e.original) + 2 * Buffer.byteLength(JSON.stringify(e.fields));
  for (const v of [e.message, e.host, e.source, e.category, e.product]) if (v) n += Buffer.byteLength(v);
  return n;
}

export function quotaState(tenantId: string, plan: Plan, now = clock()): QuotaState {
  const { events: limit, bytes: bytesLimit } = quotaLimits(plan);
  const row = db
    .select({ count: eventQuotaUsage.count, bytes: eventQuotaUsage.bytes })
    .from(eventQuotaUsage)
    .where(and(eq(eventQuotaUsage.tenantId, tenantId), eq(eventQuotaUsage.day, utcDay(now))))
    .get();
  const used = row?.count ?? 0;
  const bytesUsed = row?.bytes ?? 0;
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    bytesLimit,
    bytesUsed,
    bytesRemaining: Math.max(0, bytesLimit - bytesUsed),
    exceeded: used >= limit || bytesUsed >= bytesLimit,
    retryAfterSeconds: secondsToUtcMidnight(now),
  };
}

/**
 * Takes events from today's quota, in order, while both the count and the bytes (`sizes[i]` is event i's
 * storedEventBytes) fit; answers how many may be stored. `allOrNothing` grants none unless all fit (HEC).
 */
export function reserveQuota(
  tenantId: string,
  sizes: readonly number[],
  plan: Plan,
  { now = clock(), allOrNothing = false }: { now?: number; allOrNothing?: boolean } = {},
): { granted: number; state: QuotaState } {
  return db.transaction(
    (tx) => {
      const state = quotaState(tenantId, plan, now);
      let granted = 0;
      let bytes = 0;
      const most = Math.min(sizes.length, state.remaining);
      while (granted < most && bytes + sizes[granted]! <= state.bytesRemaining) bytes += sizes[granted++]!;
      if (allOrNothing && granted < sizes.length) {
        granted = 0;
        bytes = 0;
      }
      if (granted > 0) {
        tx.insert(eventQuotaUsage)
          .values({ tenantId, day: utcDay(now), count: granted, bytes })
          .onConflictDoUpdate({
            target: [eventQuotaUsage.tenantId, eventQuotaUsage.day],
            set: {
              count: sql`${eventQuotaUsage.count} + ${excluded(eventQuotaUsage.count)}`,
              bytes: sql`${eventQuotaUsage.bytes} + ${excluded(eventQuotaUsage.bytes)}`,
            },
          })
          .run();
      }
      const used = state.used + granted;
      const bytesUsed = state.bytesUsed + bytes;
      return {
        granted,
        state: {
          ...state,
          used,
          remaining: Math.max(0, state.limit - used),
          bytesUsed,
          bytesRemaining: Math.max(0, state.bytesLimit - bytesUsed),
          exceeded: used >= state.limit || bytesUsed >= state.bytesLimit,
        },
      };
    },
    { behavior: "immediate" },
  );
}

// ---- retention ----

export function getRetentionDays(tenantId: string): number {
  const row = db
    .select({ days: eventSettings.retentionDays })
    .from(eventSettings)
    .where(eq(eventSettings.tenantId, tenantId))
    .get();
  return row?.days ?? DEFAULT_RETENTION_DAYS;
}

export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 365;

export function setRetentionDays(tenantId: string, days: number) {
  const d = Math.min(RETENTION_MAX_DAYS, Math.max(RETENTION_MIN_DAYS, Math.round(days)));
  db.insert(eventSettings)
    .values({ tenantId, retentionDays: d })
    .onConflictDoUpdate({ target: eventSettings.tenantId, set: { retentionDays: d } })
    .run();
  return d;
}

/**
 * Deletes events received longer ago than their tenant's retention, in
 * bounded chunks with the loop given back between them. Answers the count.
 */
export async function purgeExpiredEvents(now = clock()): Promise<number> {
  const configured = new Map(
    db
      .select({ tenantId: eventSettings.tenantId, days: eventSettings.retentionDays })
      .from(eventSettings)
      .all()
      .map((r) => [r.tenantId, r.days]),
  );
  const retention = allTenantIds().map((id) => ({ id, days: configured.get(id) ?? DEFAULT_RETENTION_DAYS }));
  let total = 0;
  for (const t of retention) {
    const cutoff = now - t.days * DAY_MS;
    for (;;) {
      // A bounded chunk: the subquery picks at most BATCH_SIZE of the tenant's expired rows.
      const expired = db
        .select({ seq: events.seq })
        .from(events)
        .where(and(eq(events.tenantId, t.id), lt(events.receivedAt, cutoff)))
        .limit(BATCH_SIZE);
      const { changes } = db.delete(events).where(inArray(events.seq, expired)).run();
      total += changes;
      if (changes < BATCH_SIZE) break;
      await yieldToLoop();
    }
  }
  db.delete(eventQuotaUsage)
    .where(lt(eventQuotaUsage.day, utcDay(now - 7 * DAY_MS)))
    .run();
  return total;
}
