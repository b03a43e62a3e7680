// Writing Pwned Passwords `HASH:COUNT` lines into the range store: SHA-1
// (40 hex) into pwned_hashes, NTLM (32 hex, the downloader's `-n` mode) into
// pwned_ntlm_hashes, both as a 5-hex prefix, the rest as suffix, and the count.
// scripts/import-pwned.ts runs it without the Remix build, and the app's
// first-start seed (seed.server.ts) uses the same parser and writer.
import { sql } from "drizzle-orm";
import { pwnedHashes, pwnedNtlmHashes } from "./schema";
import { excluded, type DB } from "~/lib/db.server";

export type HashMode = "sha1" | "ntlm";
/** Hex length of a whole hash per mode; the range prefix is 5 of them, the suffix the rest (35 or 27). */
export const HASH_HEX_LENGTH: Record<HashMode, number> = { sha1: 40, ntlm: 32 };
export const RANGE_TABLE = { sha1: pwnedHashes, ntlm: pwnedNtlmHashes } as const;

export type RangeRow = { prefix: string; suffix: string; count: number };
export type HashRow = RangeRow & { mode: HashMode };
export type ImportSummary = { mode: HashMode | null; imported: number; invalid: number; invalidLines: number[] };
type ImportOptions = { batchSize?: number; onLine?: (lineNumber: number) => void; mode?: HashMode };

/** 40 (SHA-1) or 32 (NTLM) hex, a colon, a positive count; surrounding blanks and a CR are tolerated. */
const LINE = /^\s*([0-9A-Fa-f]{40}|[0-9A-Fa-f]{32}):(\d{1,15})\s*$/;

/** Parses one line of the Pwned Passwords downloader's format (either mode); null when the line is invalid. */
export function parseHashLine(line: string): HashRow | "blank" | null {
  if (line.trim() === "") return "blank";
  const m = LINE.exec(line);
  if (!m) return null;
  const count = Number(m[2]);
  if (!Number.isSafeInteger(count) || count < 1) return null;
  const hash = m[1].toUpperCase();
  const mode: HashMode = hash.length === HASH_HEX_LENGTH.ntlm ? "ntlm" : "sha1";
  return { mode, prefix: hash.slice(0, 5), suffix: hash.slice(5), count };
}

/**
 * Batched upserts in transactions: one INSERT ... ON CONFLICT DO UPDATE,
 * prepared once (this loop writes hundreds of millions of rows for a full
 * corpus), committed every `batchSize` rows. Re-importing a newer file updates
 * the counts instead of duplicating rows.
 */
export function createRangeWriter(
  db: DB,
  { batchSize = 50_000, mode = "sha1" }: { batchSize?: number; mode?: HashMode } = {},
) {
  const table = RANGE_TABLE[mode];
  const upsert = db
    .insert(table)
    .values({
      prefix: sql.placeholder("prefix"),
      suffix: sql.placeholder("suffix"),
      count: sql.placeholder("count"),
    })
    .onConflictDoUpdate({
      target: [table.prefix, table.suffix],
      set: { count: excluded(table.count) },
    })
    .prepare();
  let pending: RangeRow[] = [];
  let written = 0;
  const commit = (rows: RangeRow[]) =>
    db.transaction(() => {
      for (const r of rows) upsert.run(r);
    });
  const flush = () => {
    if (pending.length === 0) return;
    // Writing a batch in key order touches each index page once (the downloader's
    // files are sorted already; other sources may not be).
    pending.sort((a, b) =>
      a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : a.suffix < b.suffix ? -1 : a.suffix > b.suffix ? 1 : 0,
    );
    commit(pending.map(({ prefix, suffix, count }) => ({ prefix, suffix, count })));
    written += pending.length;
    pending = [];
  };
  return {
    add(entry: RangeRow) {
      pending.push(entry);
      if (pending.length >= batchSize) flush();
    },
    flush,
    get written() {
      return written;
    },
  };
}

/**
 * One file is one mode, as the downloader writes it: the first hash line
 * decides (unless `mode` is given), and a line of the other length is invalid,
 * so a stray SHA-1 line can never land in the NTLM store or the reverse.
 */
function lineImporter(db: DB, { batchSize, onLine, mode: given }: ImportOptions = {}) {
  let mode: HashMode | null = given ?? null;
  let writer = mode ? createRangeWriter(db, { batchSize, mode }) : null;
  let lineNumber = 0;
  let invalid = 0;
  const invalidLines: number[] = [];
  return {
    line(line: string) {
      lineNumber += 1;
      const entry = parseHashLine(line);
      if (entry !== "blank" && entry !== null && mode === null) {
        mode = entry.mode;
        writer = createRangeWriter(db, { batchSize, mode });
      }
      if (entry === null || (entry !== "blank" && entry.mode !== mode)) {
        invalid += 1;
        if (invalidLines.length < 20) invalidLines.push(lineNumber);
      } else if (entry !== "blank") writer!.add(entry);
      if (onLine && lineNumber % 10_000 === 0) onLine(lineNumber);
    },
    finish(): ImportSummary {
      writer?.flush();
      return { mode, imported: writer?.written ?? 0, invalid, invalidLines };
    },
  };
}

/** Imports lines from a stream (any async iterable of strings, e.g. readline). */
export async function importHashLines(
  db: DB,
  lines: AsyncIterable<string> | Iterable<string>,
  options?: ImportOptions,
): Promise<ImportSummary> {
  const importer = lineImporter(db, options);
  for await (const line of lines) importer.line(line);
  return importer.finish();
}

/** The same, synchronously, for lines already in memory (the small seed). */
export function importHashLinesSync(
  db: DB,
  lines: Iterable<string>,
  options?: { batchSize?: number; mode?: HashMode },
): ImportSummary {
  const importer = lineImporter(db, options);
  for (const line of lines) importer.line(line);
  return importer.finish();
}
