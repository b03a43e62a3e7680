/**
 * The one SQLite connection of the process (better-sqlite3 is synchronous and
 * fast on a single connection). Opened with WAL, foreign keys and a busy
 * timeout; the committed migrations are applied on open, which is idempotent.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "@db/schema";
import { getEnv } from "./env.server";

export type DB = BetterSQLite3Database<typeof schema>;

function migrationsFolder(): string {
  return path.resolve(process.env.RAMPART_MIGRATIONS_DIR ?? "db/migrations");
}

export function openDatabase(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsFolder() });
  return { sqlite, db };
}

declare global {
  // eslint-disable-next-line no-var
  var __rampartDb: ReturnType<typeof openDatabase> | undefined;
}

function connection() {
  if (!globalThis.__rampartDb) globalThis.__rampartDb = openDatabase(getEnv().databasePath);
  return globalThis.__rampartDb;
}

/** Lazily opened so that importing a module never touches the disk. */
export const db: DB = new Proxy({} as DB, {
  get(_target, prop) {
    const real = connection().db as unknown as Record<PropertyKey, unknown>;
    const value = real[prop];
    return typeof value === "function" ? (value as Function).bind(real) : value;
  },
});

export function sqlite() {
  return connection().sqlite;
}

export function closeDatabase() {
  if (globalThis.__rampartDb) {
    globalThis.__rampartDb.sqlite.close();
    globalThis.__rampartDb = undefined;
  }
}
