/**
 * The one SQLite connection of the process (better-sqlite3 is synchronous and
 * fast on a single connection). Opened with WAL, foreign keys and a busy
 * timeout; the committed migrations are applied on open, which is idempotent.
 * openDatabase() is the only place that opens the app's database and the only
 * migration runner: the server, the scripts and the tests all come through here.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { sql, type SQL } from "drizzle-orm";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import * as schema from "@db/schema";
import { databasePath, envVar, getEnv } from "./env.server";
import { preparePrivateDatabaseFile } from "./db-file.server";
import { startWalCheckpoints, stopWalCheckpoints } from "./wal-checkpoint.server";

/** Drizzle on one connection; `$client` is that connection (its identity tells databases apart). */
export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

function migrationsFolder(): string {
  return path.resolve(envVar("RAMPART_MIGRATIONS_DIR"));
}

const STATEMENT_CACHE_MAX = 500;

/**
 * Drizzle prepares its SQL text again on every call, and SQLite's prepare
 * (parse + plan) was most of the loaders' cost (docs/decisions/012): a page
 * ran ~40 of them. Drizzle's client is given this view of the connection,
 * whose prepare() answers the same Statement for the same SQL text.
 * Reuse is safe because drizzle runs statements synchronously to completion
 * (.run/.get/.all), never binds them, and sets raw mode explicitly when it
 * wants it; raw mode is reset here so a reused statement starts as a fresh
 * one would. A statement busy in an .iterate() is never handed out again.
 * Only drizzle sees this cache: code calling sqlite().prepare() gets fresh
 * statements as before. Bounded (oldest dropped) for SQL built with inline values.
 */
export function withStatementCache(sqlite: Database.Database): Database.Database {
  const cache = new Map<string, Database.Statement>();
  const prepare = (source: string) => {
    const hit = cache.get(source);
    if (hit && !hit.busy) {
      if (hit.reader) hit.raw(false);
      return hit;
    }
    const stmt = sqlite.prepare(source);
    if (!hit) {
      if (cache.size >= STATEMENT_CACHE_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(source, stmt);
    }
    return stmt;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === "prepare") return prepare;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function openDatabase(file: string) {
  preparePrivateDatabaseFile(file); // 0600, with its WAL and journal
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(withStatementCache(sqlite), { schema });
  migrate(db, { migrationsFolder: migrationsFolder() });
  return { sqlite, db };
}

/** Applies the committed migrations to the database file (created if missing) and closes it. */
export function migrateDatabase(file = databasePath()): string {
  openDatabase(file).sqlite.close();
  return file;
}

let open: ReturnType<typeof openDatabase> | undefined;

function connection() {
  if (!open) open = openDatabase(getEnv().databasePath);
  return open;
}

/** Lazily opened so that importing a module never touches the disk. */
export const db: DB = new Proxy({} as DB, {
  get(_target, prop) {
    const real = connection().db as unknown as Record<PropertyKey, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(real) : value;
  },
});

/**
 * A drizzle query built and prepared once per connection (for the queries every
 * signed-in request runs: session, tenant list, trial). Building the SQL text
 * is drizzle's own cost, besides SQLite's prepare; values go in as
 * `sql.placeholder(name)`.
 */
export function preparedQuery<Q>(make: (db: DB) => Q): () => Q {
  let conn: ReturnType<typeof openDatabase> | null = null;
  let query: Q;
  return () => {
    const c = connection();
    if (c !== conn) {
      conn = c;
      query = make(c.db);
    }
    return query;
  };
}

export function sqlite() {
  return connection().sqlite;
}

/** The connection when it has been opened, without opening it (the server's readiness check). */
export function openedConnection(): Database.Database | null {
  return open?.sqlite ?? null;
}

/**
 * Points the process's connection at `file` (opened and migrated), closing any
 * other: operator scripts and benches that take a database path run the same
 * module functions the app does, against that file.
 */
export function useDatabase(file: string) {
  closeDatabase();
  open = openDatabase(file);
  return open;
}

/**
 * The server's connection leaves WAL checkpoints (and their fsync) to a worker
 * thread, off the event loop (app/lib/wal-checkpoint.server.ts). Called once
 * at server start; tests and scripts keep SQLite's automatic checkpoint.
 */
export function checkpointInBackground() {
  startWalCheckpoints(sqlite());
}

export function closeDatabase() {
  if (open) {
    stopWalCheckpoints();
    open.sqlite.close();
    open = undefined;
  }
}

/**
 * `excluded.<column>` for an upsert's `.onConflictDoUpdate({ set })`: the value
 * the conflicting INSERT proposed (drizzle has no helper for SQLite's excluded row).
 */
export function excluded(column: AnySQLiteColumn): SQL {
  return sql.raw(`excluded."${column.name}"`);
}
