/**
 * The range store's queries: the Pwned Passwords range answer for a 5-hex
 * prefix, SHA-1 (the default) or NTLM (`?mode=ntlm`, only when NTLM hashes
 * were imported), optionally padded with random count-0 suffixes as the real
 * API does for `Add-Padding: true`; and the server-side breach count for the
 * no-JavaScript path. Each table is keyed (prefix, suffix), so a range is one
 * index seek.
 */
import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { pwnedRangeCache } from "./schema";
import { db } from "~/lib/db.server";
import { passwordSha1, PREFIX_PATTERN, splitHash } from "./k-anonymity";
import { HASH_HEX_LENGTH, RANGE_TABLE, type HashMode } from "./range-import";

export type { HashMode } from "./range-import";
export const PADDED_MIN_LINES = 800;
export const PADDED_MAX_LINES = 1000;

export type RangeEntry = { suffix: string; count: number };

export function isRangePrefix(value: string): boolean {
  return PREFIX_PATTERN.test(value);
}

/** Suffix length of a mode: 35 hex characters for SHA-1, 27 for NTLM. */
export function suffixLength(mode: HashMode): number {
  return HASH_HEX_LENGTH[mode] - 5;
}

/**
 * Whether any NTLM hash has been imported (one row read). Asked on every NTLM
 * request, so an import made while the server runs is served at once.
 */
export function ntlmRangesAvailable(): boolean {
  const t = RANGE_TABLE.ntlm;
  return db.select({ prefix: t.prefix }).from(t).limit(1).get() !== undefined;
}

/** Whether an operator imported any SHA-1 hash (one row read): the corpus the range answers fall back to. */
export function corpusAvailable(): boolean {
  const t = RANGE_TABLE.sha1;
  return db.select({ prefix: t.prefix }).from(t).limit(1).get() !== undefined;
}

/** The imported corpus's suffixes of one prefix (upper-cased input). */
export function storedRangeEntries(prefix: string, mode: HashMode = "sha1"): RangeEntry[] {
  if (!isRangePrefix(prefix)) throw new Error("A range prefix is exactly 5 hexadecimal characters");
  const t = RANGE_TABLE[mode];
  return db
    .select({ suffix: t.suffix, count: t.count })
    .from(t)
    .where(eq(t.prefix, prefix.toUpperCase()))
    .orderBy(t.suffix)
    .all();
}

/**
 * The text of a range answer in the Pwned Passwords format: `SUFFIX:COUNT`
 * lines, CRLF-separated, sorted by suffix. With `padded`, random count-0
 * suffixes of the mode's length fill it to a random total between 800 and
 * 1,000 lines (a prefix with more real entries than that is answered in full).
 */
export function rangeBody(
  entries: RangeEntry[],
  { mode = "sha1", padded = false }: { mode?: HashMode; padded?: boolean } = {},
) {
  const lines = new Map<string, number>(entries.map((e) => [e.suffix, e.count]));
  if (padded) {
    const length = suffixLength(mode);
    const target = randomInt(PADDED_MIN_LINES, PADDED_MAX_LINES + 1);
    while (lines.size < target) {
      const suffix = randomBytes(Math.ceil(length / 2))
        .toString("hex")
        .slice(0, length)
        .toUpperCase();
      if (!lines.has(suffix)) lines.set(suffix, 0);
    }
  }
  return [...lines.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([suffix, count]) => `${suffix}:${count}`)
    .join("\r\n");
}

/**
 * How often a password appears in the data held here, synchronously (the
 * policy verdict of sign-up and password changes): a cached live answer, else
 * the imported corpus; 0 when neither has the prefix. Pages that show a
 * verdict use checkPasswordBreach (breach-source.server.ts), which says "not
 * checked" instead of 0 when there is no data.
 */
export function breachCountForPassword(password: string): number {
  const { prefix, suffix } = splitHash(passwordSha1(password));
  const hit = db.select().from(pwnedRangeCache).where(eq(pwnedRangeCache.prefix, prefix)).get();
  const entries = hit
    ? hit.body.split("\n").map((l) => ({ suffix: l.slice(0, 35), count: Number(l.slice(36)) }))
    : storedRangeEntries(prefix);
  return entries.find((e) => e.suffix === suffix)?.count ?? 0;
}
