// A small Pwned Passwords corpus for tests, imported as an operator's corpus would be (npm run import:pwned):
// the passwords of db/seed/common-passwords.txt with counts that fall with rank. The counts are test data, not
// real ones: the product ships no corpus (issue 30), so a test that needs "found" imports this first.
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { DB } from "~/lib/db.server";
import { importHashLinesSync } from "~/modules/password/range-import";

const LIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../db/seed/common-passwords.txt");

export function testCorpusLines(): string[] {
  const words = fs
    .readFileSync(LIST, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  return words.map(
    (w, i) => `${createHash("sha1").update(w, "utf8").digest("hex").toUpperCase()}:${(words.length - i) * 10_000}`,
  );
}

/** Imports the test corpus into a database (the process's, or another connection's). */
export function importTestCorpus(db: DB): number {
  return importHashLinesSync(db, testCorpusLines(), { mode: "sha1" }).imported;
}
