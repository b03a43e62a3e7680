// Applies the committed drizzle migrations to the SQLite file. Idempotent.
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { databasePath } from "./paths.js";
import { preparePrivateDatabaseFile } from "./db-file.js";

export function migrateDatabase(file = databasePath()) {
  preparePrivateDatabaseFile(file);
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    migrate(drizzle(sqlite), { migrationsFolder: path.resolve(process.env.RAMPART_MIGRATIONS_DIR ?? "db/migrations") });
  } finally {
    sqlite.close();
  }
  return file;
}
