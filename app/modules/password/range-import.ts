// Writing Pwned Passwords `HASH:COUNT` lines into the range store
// (pwned_hashes: 5-hex prefix, 35-hex suffix, count). scripts/import-pwned.ts
// runs it without the Remix build, and the app's first-start seed
// (seed.server.ts) uses the same parser and writer.
import { sql } from "drizzle-orm";
import { pwnedHashes } from "@db/schema";
import { excluded, type DB } from "~/lib/db.server";

export type RangeRow = { prefix: string; suffix: string; count: number };
export type ImportSummary = { imported: number; invalid: number; invalidLines: number[] };
type ImportOptions = { batchSize?: number; onLine?: (lineNumber: number) => void };

/** 40 hex SHA-1, a colon, a positive count; surrounding blanks and a CR are tolerated. */
const LINE = /^\s*([0-9A-Fa-f]{40}):(\d{1,15})\s*$/;

/** Parses one line of the Pwned Passwords downloader's format; null when the line is invalid. */
export function parseHashLine(line: string): RangeRow | "blank" | null {
  if (line.trim() === "") return "blank";
  const m = LINE.exec(line);
  if (!m) return null;
  const count = Number(m[2]);
  if (!Number.isSafeInteger(count) || count < 1) return null;
  const hash = m[1].toUpperCase();
  return { prefix: hash.slice(0, 5), suffix: hash.slice(5), count };
}

/**
 * Batched upserts in transactions: one INSERT ... ON CONFLICT DO UPDATE,
 * prepared once (this loop writes hundreds of millions of rows for a full
 * corpus), committed every `batchSize` rows. Re-importing a newer file updates
 * the counts instead of duplicating rows.
 */
export function createRangeWriter(db: DB, { batchSize = 50_000 }: { batchSize?: number } = {}) {
  const upsert = db
    .insert(pwnedHashes)
    .values({
      prefix: sql.placeholder("prefix"),
      suffix: sql.placeholder("suffix"),
      count: sql.placeholder("count"),
    })
    .onConflictDoUpdate({
      target: [pwnedHashes.prefix, pwnedHashes.suffix],
      set: { count: excluded(pwnedHashes.count) },
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
    commit(pending);
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

function lineImporter(db: DB, { batchSize, onLine }: ImportOptions = {}) {
  const writer = createRangeWriter(db, { batchSize });
  let lineNumber = 0;
  let invalid = 0;
  const invalidLines: number[] = [];
  return {
    line(line: string) {
      lineNumber += 1;
      const entry = parseHashLine(line);
      if (entry === null) {
        invalid += 1;
        if (invalidLines.length < 20) invalidLines.push(lineNumber);
      } else if (entry !== "blank") writer.add(entry);
      if (onLine && lineNumber % 10_000 === 0) onLine(lineNumber);
    },
    finish(): ImportSummary {
      writer.flush();
      return { imported: writer.written, invalid, invalidLines };
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
export function importHashLinesSync(db: DB, lines: Iterable<string>, options?: { batchSize?: number }): ImportSummary {
  const importer = lineImporter(db, options);
  for (const line of lines) importer.line(line);
  return importer.finish();
}
