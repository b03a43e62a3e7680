/**
 * Search over a tenant's stored events for /logs: a time range, the query
 * (search.ts, compiled to bound SQL), a page of results newest first, the
 * total and a histogram of matches over the range.
 */
import { and, eq, gte, lt, max, min } from "drizzle-orm";
import { events } from "./schema";
import { db, sqlite } from "~/lib/db.server";
import { bindSeqWindow, compileQuery, parseQuery, SEQ_FROM } from "./search";
import { rowToEvent, type StoredEvent } from "./store.server";

export const PAGE_SIZE = 50;
export const MAX_PAGE = 200;
const BUCKETS = 48;

export type SearchInput = {
  tenantId: string;
  query: string;
  from: number;
  to: number;
  page?: number;
  pageSize?: number;
};
export type HistogramBucket = { start: number; count: number };
export type SearchResult = { total: number; events: StoredEvent[]; histogram: HistogramBucket[]; bucketMs: number };

/** Throws QueryError for a query that does not parse. */
export function searchEvents(input: SearchInput): SearchResult {
  const node = parseQuery(input.query);
  const compiled: unknown[] = [];
  const where = node ? compileQuery(node, compiled) : "1";
  // Full-text terms look only at the seqs of this tenant's events in the range (search.ts, FTS_ROWS): read
  // from the (tenant_id, time) index alone.
  let window: { from: number; to: number } | undefined;
  if (compiled.includes(SEQ_FROM)) {
    const w = db
      .select({ lo: min(events.seq), hi: max(events.seq) })
      .from(events)
      .where(and(eq(events.tenantId, input.tenantId), gte(events.time, input.from), lt(events.time, input.to)))
      .get();
    window = { from: w?.lo ?? 0, to: w?.hi ?? -1 };
  }
  const params = bindSeqWindow(compiled, window);
  const span = Math.max(1, input.to - input.from);
  const bucketMs = Math.max(60_000, Math.ceil(span / BUCKETS / 60_000) * 60_000);
  // Raw SQL on purpose: the query language compiles to SQL text with bound parameters (search.ts), including
  // the FTS5 MATCH on events_fts, which drizzle cannot describe.
  const conn = sqlite();
  const counts = conn
    .prepare(
      `SELECT CAST((e.time - ?) / ? AS INTEGER) AS b, count(*) AS n FROM events e
       WHERE e.tenant_id = ? AND e.time >= ? AND e.time < ? AND ${where} GROUP BY b`,
    )
    .all(input.from, bucketMs, input.tenantId, input.from, input.to, ...params) as { b: number; n: number }[];
  const buckets = Math.ceil(span / bucketMs);
  const histogram: HistogramBucket[] = Array.from({ length: buckets }, (_, i) => ({
    start: input.from + i * bucketMs,
    count: 0,
  }));
  let total = 0;
  for (const { b, n } of counts) {
    total += n;
    if (histogram[b]) histogram[b]!.count += n;
  }
  const pageSize = Math.min(Math.max(input.pageSize ?? PAGE_SIZE, 1), 200);
  const page = Math.min(Math.max(input.page ?? 1, 1), MAX_PAGE);
  const rows = total
    ? conn
        .prepare(
          `SELECT e.* FROM events e WHERE e.tenant_id = ? AND e.time >= ? AND e.time < ? AND ${where}
           ORDER BY e.time DESC, e.seq DESC LIMIT ? OFFSET ?`,
        )
        .all(input.tenantId, input.from, input.to, ...params, pageSize, (page - 1) * pageSize)
    : [];
  return { total, events: (rows as Parameters<typeof rowToEvent>[0][]).map(rowToEvent), histogram, bucketMs };
}

/** A letter or a digit: a needle without one has no words for the full-text index to look up. */
const HAS_WORD = /[\p{L}\p{N}]/u;

/**
 * The tenant's newest events that contain `needle` literally (case-insensitively for ASCII) in their message,
 * host, fields or original text, up to `limit`: threat hunting's indicator search. The full-text index finds
 * the events with the needle's words in a row (a phrase query, within the seqs of the tenant's events), and
 * the literal comparison decides, so `10.0.0.5` does not find `10-0-0-5` and `%` or `_` are plain characters.
 * A needle without a letter or digit finds nothing (the index cannot look it up, and no event is scanned).
 */
/** The needle as one FTS5 phrase: quotes doubled, and no NUL (FTS5 reads its query string only up to one). */
const ftsPhrase = (needle: string) => `"${needle.replaceAll('"', '""').replaceAll("\0", " ")}"`;

export function searchEventsForIndicator(tenantId: string, needle: string, limit: number): StoredEvent[] {
  if (!HAS_WORD.test(needle)) return [];
  const w = db
    .select({ lo: min(events.seq), hi: max(events.seq) })
    .from(events)
    .where(eq(events.tenantId, tenantId))
    .get();
  if (w?.lo == null || w.hi == null) return [];
  const lower = needle.toLowerCase();
  // Raw SQL on purpose: drizzle cannot describe the FTS5 MATCH (as in searchEvents).
  const rows = sqlite()
    .prepare(
      `SELECT e.* FROM events e
       WHERE e.tenant_id = ?
         AND e.seq IN (SELECT rowid FROM events_fts WHERE events_fts MATCH ? AND rowid BETWEEN ? AND ?)
         AND (instr(lower(coalesce(e.message, '')), ?) > 0 OR instr(lower(coalesce(e.host, '')), ?) > 0
           OR instr(lower(e.fields), ?) > 0 OR instr(lower(e.original), ?) > 0)
       ORDER BY e.time DESC, e.seq DESC LIMIT ?`,
    )
    .all(tenantId, ftsPhrase(needle), w.lo, w.hi, lower, lower, lower, lower, limit);
  return (rows as Parameters<typeof rowToEvent>[0][]).map(rowToEvent);
}
