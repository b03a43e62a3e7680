// Builds one migrated base database for the whole run; each test file copies
// it (tests/setup/test-db.ts), which is far cheaper than migrating each time.
import fs from "node:fs";
import path from "node:path";
import { migrateDatabase } from "../../server/migrate.js";

export const TMP_DIR = path.resolve("tests/.tmp");
export const BASE_DB = path.join(TMP_DIR, "base.db");

export default function setup() {
  fs.rmSync(TMP_DIR, { recursive: true, force: true });
  fs.mkdirSync(TMP_DIR, { recursive: true });
  migrateDatabase(BASE_DB);
  // Fold the WAL into the main file so a plain copy is complete.
  return () => fs.rmSync(TMP_DIR, { recursive: true, force: true });
}
