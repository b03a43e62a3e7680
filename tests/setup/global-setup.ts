// Builds one migrated base database for the whole run; each test file copies
// it (tests/setup/test-db.ts), which is far cheaper than migrating each time.
// Each run gets its own directory, so concurrent runs never share files.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { migrateDatabase } from "~/lib/db.server";

export default function setup() {
  const dir = path.resolve("tests/.tmp", `run-${process.pid}-${randomUUID().slice(0, 8)}`);
  fs.mkdirSync(dir, { recursive: true });
  migrateDatabase(path.join(dir, "base.db"));
  // Inherited by the test workers, which are forked after global setup.
  process.env.RAMPART_TEST_TMP = dir;
  // Servers the tests start never reach out to the public breach API (tests use a local fake).
  process.env.HIBP_SYNC ??= "0";
  // Nor to the intelligence feeds (issue 30): tests point a feed at a local fake when they need one.
  process.env.RAMPART_FEEDS ??= "off";
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
