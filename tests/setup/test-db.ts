// Every test file gets its own real SQLite file: a copy of the migrated base
// database, in its own data directory (secrets generated there too).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll } from "vitest";

const runDir = process.env.RAMPART_TEST_TMP;
if (!runDir) throw new Error("RAMPART_TEST_TMP is not set: run the tests through vitest (tests/setup/global-setup.ts)");
const dir = path.join(runDir, `db-${randomUUID()}`);
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, "rampart.db");
fs.copyFileSync(path.join(runDir, "base.db"), file);
process.env.DATABASE_URL = file;
process.env.NODE_ENV = "test";

afterAll(async () => {
  const { closeDatabase } = await import("~/lib/db.server");
  closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
