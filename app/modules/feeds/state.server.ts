/**
 * Each feed's state row (feed_state): the last attempt and success, the
 * records held, the last error, and the validator an incremental download
 * sends back. Written by the feed jobs and by the operator's file imports
 * (which count as a success of the feed they replace), read by the coverage
 * lines of each module and the operator's status page.
 */
import { eq, like } from "drizzle-orm";
import { feedState } from "./schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";

export type FeedStateRow = typeof feedState.$inferSelect;

export function feedStateOf(feed: string): FeedStateRow | null {
  return db.select().from(feedState).where(eq(feedState.feed, feed)).get() ?? null;
}

/** Every state row whose name starts with `prefix` ("osv:" for the OSV ecosystems). */
export function feedStatesLike(prefix: string): FeedStateRow[] {
  return db
    .select()
    .from(feedState)
    .where(like(feedState.feed, `${prefix}%`))
    .all();
}

export function allFeedStates(): FeedStateRow[] {
  return db.select().from(feedState).all();
}

function save(feed: string, values: Partial<Omit<FeedStateRow, "feed">>) {
  db.insert(feedState)
    .values({ feed, ...values })
    .onConflictDoUpdate({ target: feedState.feed, set: values })
    .run();
}

export function recordFeedAttempt(feed: string, now = Date.now()) {
  save(feed, { lastAttemptAt: now });
}

export function recordFeedSuccess(
  feed: string,
  values: { records: number; validator?: string | null; cursor?: string | null },
  now = Date.now(),
) {
  save(feed, { lastAttemptAt: now, lastSuccessAt: now, lastError: null, ...values });
}

export function recordFeedFailure(feed: string, error: unknown, now = Date.now()) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  save(feed, { lastAttemptAt: now, lastError: message });
}

/** Data older than this is stale (RAMPART_FEED_MAX_AGE_DAYS). */
export function feedMaxAgeMs(): number {
  return getEnv().RAMPART_FEED_MAX_AGE_DAYS * 86_400_000;
}

export function feedsEnabled(): boolean {
  return getEnv().RAMPART_FEEDS === "on";
}

/** "2 hours ago", "3 days ago": the age of data in a coverage line. */
export function ageText(at: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  const unit = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"} ago`;
  if (s < 60) return "just now";
  if (s < 3600) return unit(Math.floor(s / 60), "minute");
  if (s < 86_400) return unit(Math.floor(s / 3600), "hour");
  return unit(Math.floor(s / 86_400), "day");
}
