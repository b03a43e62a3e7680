// npm run import:pwned -- FILE
//
// Streams a file in the Pwned Passwords downloader's format (`HASH:COUNT`:
// 40 upper-case hex SHA-1, or 32 hex NTLM from the downloader's `-n` mode, a
// colon, the count; one per line, CRLF tolerated) into the range store of its
// mode (the first hash line decides; lines of the other length are invalid). Batched upserts in transactions; invalid lines are
// counted and reported, never fatal. A progress bar (by bytes read) shows on
// a terminal. Runs the module's code directly (tsx), without the Remix build.
import fs from "node:fs";
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import cliProgress from "cli-progress";
import { openDatabase } from "~/lib/db.server";
import { databasePath } from "~/lib/env.server";
import { importHashLines } from "~/modules/password";

export async function importPwnedFile(
  file: string,
  {
    database = databasePath(),
    progress = false,
    batchSize,
  }: { database?: string; progress?: boolean; batchSize?: number } = {},
) {
  const size = fs.statSync(file).size;
  // Migrated on open, with WAL and synchronous = NORMAL (durability per batch is
  // not needed for a re-runnable import).
  const { sqlite, db } = openDatabase(database);
  // Unsorted input inserts all over the (prefix, suffix) index: a large page cache keeps
  // the index in memory instead of re-reading pages (the default is 2 MB).
  sqlite.pragma("cache_size = -131072"); // 128 MB
  const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  const bar = progress
    ? new cliProgress.SingleBar(
        { format: "Importing |{bar}| {percentage}% | {lines} lines | {eta_formatted} left", hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  bar?.start(size, 0, { lines: 0 });
  const started = process.hrtime.bigint();
  try {
    const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
    const result = await importHashLines(db, lines, {
      batchSize,
      onLine: bar ? (n) => bar.update(stream.bytesRead, { lines: n }) : undefined,
    });
    bar?.update(size);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { ...result, seconds, database };
  } finally {
    bar?.stop();
    sqlite.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const file = argv[0];
  if (!file || file === "--help" || file === "-h") {
    process.stderr.write(
      "Usage: npm run import:pwned -- FILE\n  FILE: lines of HASH:COUNT (40 hex SHA-1 or 32 hex NTLM, a colon, the count)\n",
    );
    return file ? 0 : 2;
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    process.stderr.write(`No such file: ${file}\n`);
    return 1;
  }
  const r = await importPwnedFile(file, { progress: Boolean(process.stderr.isTTY) });
  const perSecond = r.seconds > 0 ? Math.round((r.imported + r.invalid) / r.seconds) : 0;
  process.stdout.write(
    `Imported ${r.imported} ${r.mode === "ntlm" ? "NTLM" : "SHA-1"} hashes into ${r.database} in ${r.seconds.toFixed(1)} s (${perSecond} lines/s); ${r.invalid} invalid line(s) skipped.\n`,
  );
  if (r.invalid > 0) {
    process.stdout.write(`Invalid lines (first ${r.invalidLines.length}): ${r.invalidLines.join(", ")}\n`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`Import failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
