// Every test file gets its own real SQLite file: a copy of the migrated base
// database, in its own data directory (secrets generated there too).
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll } from "vitest";

const tmp = path.resolve("tests/.tmp");
const dir = path.join(tmp, `db-${randomUUID()}`);
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, "rampart.db");
fs.copyFileSync(path.join(tmp, "base.db"), file);
process.env.DATABASE_URL = file;
process.env.NODE_ENV = "test";

afterAll(async () => {
  const { closeDatabase } = await import("~/lib/db.server");
  closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
