// npm run db:backup -- FILE
//
// A consistent online backup of the database (DATABASE_URL) while the app
// serves: SQLite's backup API through better-sqlite3's db.backup(). The copy
// is written beside FILE under a temporary name, checked with
// `PRAGMA integrity_check`, then renamed into place, so FILE is either the
// previous backup or a complete new one. Restore: docs/operations.md
// (Robustness: stop the server, copy the backup over the database file and
// remove the old -wal/-shm files, start the server).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { databasePath } from "~/lib/env.server";
import { preparePrivateDatabaseFile } from "~/lib/db-file.server";

function fail(message: string): never {
  console.error(JSON.stringify({ level: "error", msg: message }));
  process.exit(1);
}

export async function backupDatabase(source: string, target: string) {
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  const dest = path.resolve(target);
  if (dest === path.resolve(source)) throw new Error("the backup file must not be the database itself");
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const tmp = `${dest}.partial-${process.pid}`;
  fs.rmSync(tmp, { force: true });
  // The copy holds what the database holds (password and session hashes): 0600 like it, from the start.
  preparePrivateDatabaseFile(tmp);
  const db = new Database(source, { fileMustExist: true });
  const started = Date.now();
  try {
    db.pragma("busy_timeout = 5000");
    // Copies in steps of 1,000 pages so the server's writes are not held up for
    // the whole copy; SQLite restarts the copy if another connection writes,
    // so what lands in the file is one consistent snapshot.
    await db.backup(tmp, { progress: () => 1000 });
  } finally {
    db.close();
  }
  const copy = new Database(tmp, { fileMustExist: true });
  let integrity: unknown;
  let tables: number;
  try {
    // The backup is a rollback-journal file; keep it that way (no -wal beside it).
    integrity = copy.pragma("integrity_check", { simple: true });
    // Raw SQL: a bare connection (openDatabase() would migrate the copy); sqlite_schema is no drizzle table.
    tables = (copy.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n;
  } finally {
    copy.close();
  }
  if (integrity !== "ok") {
    fs.rmSync(tmp, { force: true });
    throw new Error(`integrity_check on the copy said: ${integrity}`);
  }
  fs.renameSync(tmp, dest);
  return { file: dest, bytes: fs.statSync(dest).size, tables, integrity, ms: Date.now() - started };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const target = process.argv[2];
  if (!target || target.startsWith("-"))
    fail("usage: npm run db:backup -- FILE   (backs up DATABASE_URL, default data/rampart.db)");
  try {
    const result = await backupDatabase(databasePath(), target);
    console.log(JSON.stringify({ level: "info", msg: "backup complete", source: databasePath(), ...result }));
  } catch (error) {
    fail(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
