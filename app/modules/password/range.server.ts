/**
 * The range store's queries: the Pwned Passwords range answer for a 5-hex
 * prefix (real suffixes plus random count-0 padding, so the answer's size
 * says nothing about the prefix), and the server-side breach count for the
 * no-JavaScript path. The table is keyed (prefix, suffix), so a range is one
 * index seek.
 */
import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { pwnedHashes } from "@db/schema";
import { db } from "~/lib/db.server";
import { passwordSha1, PREFIX_PATTERN, splitHash } from "./k-anonymity";
import { ensurePwnedSeed } from "./seed.server";

export const PADDED_MIN_LINES = 800;
export const PADDED_MAX_LINES = 1000;

export type RangeEntry = { suffix: string; count: number };

export function isRangePrefix(value: string): boolean {
  return PREFIX_PATTERN.test(value);
}

/** The stored suffixes of one prefix (upper-cased input), seeding an empty store first. */
export function rangeEntries(prefix: string): RangeEntry[] {
  if (!isRangePrefix(prefix)) throw new Error("A range prefix is exactly 5 hexadecimal characters");
  ensurePwnedSeed(db);
  return db
    .select({ suffix: pwnedHashes.suffix, count: pwnedHashes.count })
    .from(pwnedHashes)
    .where(eq(pwnedHashes.prefix, prefix.toUpperCase()))
    .orderBy(pwnedHashes.suffix)
    .all();
}

/**
 * The text of a range answer in the Pwned Passwords format: `SUFFIX:COUNT`
 * lines, CRLF-separated, sorted by suffix, padded with random count-0
 * suffixes to a random total between 800 and 1,000 lines. (A prefix with more
 * than 1,000 real entries, possible only with a full corpus, is answered in full.)
 */
export function paddedRangeBody(prefix: string): string {
  const entries = rangeEntries(prefix);
  const lines = new Map<string, number>(entries.map((e) => [e.suffix, e.count]));
  const target = randomInt(PADDED_MIN_LINES, PADDED_MAX_LINES + 1);
  while (lines.size < target) {
    // 35 hex characters: 18 random bytes make 36, drop one.
    const suffix = randomBytes(18).toString("hex").slice(0, 35).toUpperCase();
    if (!lines.has(suffix)) lines.set(suffix, 0);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([suffix, count]) => `${suffix}:${count}`)
    .join("\r\n");
}

/** How often a password appears in the store, looked up on the server (the no-JS path, the policy verdict). */
export function breachCountForPassword(password: string): number {
  const { prefix, suffix } = splitHash(passwordSha1(password));
  const found = rangeEntries(prefix).find((e) => e.suffix === suffix);
  return found?.count ?? 0;
}
