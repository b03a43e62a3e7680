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
