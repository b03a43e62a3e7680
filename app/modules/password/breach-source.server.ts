/**
 * Where a password's breach count comes from (issue 30), in this order:
 * 1. the live Pwned Passwords range API (RAMPART_PWNED_RANGE_URL), asked with
 *    the 5-hex prefix only and `Add-Padding: true`; its answers are cached in
 *    pwned_range_cache for PWNED_RANGE_TTL_MS (padding lines dropped), so a
 *    prefix costs one request a day;
 * 2. an expired cached answer when the API cannot be reached (real counts,
 *    only older);
 * 3. the corpus an operator imported (npm run import:pwned, pwned_hashes).
 * With none of them the answer is "not checked against breach data", never
 * "not found": there are no made-up counts to fall back on.
 */
import { count, eq } from "drizzle-orm";
import { pwnedRangeCache } from "./schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { feedsEnabled, recordFeedFailure, recordFeedSuccess } from "~/modules/feeds/index.server";
import { passwordSha1, splitHash } from "./k-anonymity";
import {
  corpusAvailable,
  ntlmRangesAvailable,
  storedRangeEntries,
  type HashMode,
  type RangeEntry,
} from "./range.server";

export const PWNED_RANGE_FEED = "pwned-range";
/** How long a fetched range answer is used before it is asked again. */
export const PWNED_RANGE_TTL_MS = 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5_000;
/** A padded answer is ~1,000 lines of ~40 bytes; far beyond this is not a range answer. */
const MAX_RANGE_BYTES = 1024 * 1024;
const USER_AGENT = "Rampart-pwned-range/1.0 (self-hosted security monitoring)";

export const NOT_CHECKED_MESSAGE =
  "Not checked against breach data: this server can reach neither the Pwned Passwords service nor an imported password list.";

export type RangeSource = "live" | "cache" | "corpus";
export type RangeAnswer = { source: RangeSource; entries: RangeEntry[] };
export type BreachVerdict =
  { status: "checked"; count: number; source: RangeSource } | { status: "not-checked"; message: string };

/** `SUFFIX:COUNT` lines, count > 0 only (the padding's count-0 lines are noise). */
export function parseRangeBody(body: string): RangeEntry[] {
  const out: RangeEntry[] = [];
  for (const raw of body.split("\n")) {
    const m = /^([0-9A-Fa-f]{35}):(\d{1,15})$/.exec(raw.trim());
    if (!m) continue;
    const n = Number(m[2]);
    if (n > 0) out.push({ suffix: m[1].toUpperCase(), count: n });
  }
  return out;
}

const serialize = (entries: RangeEntry[]) => entries.map((e) => `${e.suffix}:${e.count}`).join("\n");

function cached(prefix: string) {
  return db.select().from(pwnedRangeCache).where(eq(pwnedRangeCache.prefix, prefix)).get() ?? null;
}

async function fetchLive(prefix: string, now: number): Promise<RangeEntry[]> {
  const base = getEnv().RAMPART_PWNED_RANGE_URL;
  // An operator-configured URL (not user input), so the outbound guard's private-address rule does not apply.
  const res = await fetch(`${base.endsWith("/") ? base : `${base}/`}${prefix}`, {
    headers: { "Add-Padding": "true", "User-Agent": USER_AGENT, Accept: "text/plain" },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`the range API answered ${res.status}`);
  const body = await res.text();
  if (body.length > MAX_RANGE_BYTES) throw new Error("the range API answered more than 1 MB");
  const entries = parseRangeBody(body);
  const values = { body: serialize(entries), fetchedAt: now, expiresAt: now + PWNED_RANGE_TTL_MS };
  db.insert(pwnedRangeCache)
    .values({ prefix, ...values })
    .onConflictDoUpdate({ target: pwnedRangeCache.prefix, set: values })
    .run();
  const n = db.select({ n: count() }).from(pwnedRangeCache).get()?.n ?? 0;
  recordFeedSuccess(PWNED_RANGE_FEED, { records: n }, now);
  return entries;
}

/** The range of a prefix from the best source there is; null when there is none (not checked). */
export async function rangeFor(prefix: string, mode: HashMode = "sha1", now = Date.now()): Promise<RangeAnswer | null> {
  const p = prefix.toUpperCase();
  if (mode === "ntlm")
    return ntlmRangesAvailable() ? { source: "corpus", entries: storedRangeEntries(p, "ntlm") } : null;
  const hit = cached(p);
  if (hit && hit.expiresAt > now) return { source: "cache", entries: parseRangeBody(hit.body) };
  if (feedsEnabled()) {
    try {
      return { source: "live", entries: await fetchLive(p, now) };
    } catch (error) {
      recordFeedFailure(PWNED_RANGE_FEED, error, now);
    }
  }
  if (hit) return { source: "cache", entries: parseRangeBody(hit.body) };
  if (corpusAvailable()) return { source: "corpus", entries: storedRangeEntries(p, "sha1") };
  return null;
}

/** The breach verdict for a password checked on the server (the no-JavaScript forms). */
export async function checkPasswordBreach(password: string): Promise<BreachVerdict> {
  const { prefix, suffix } = splitHash(passwordSha1(password));
  const range = await rangeFor(prefix);
  if (!range) return { status: "not-checked", message: NOT_CHECKED_MESSAGE };
  return { status: "checked", source: range.source, count: range.entries.find((e) => e.suffix === suffix)?.count ?? 0 };
}
