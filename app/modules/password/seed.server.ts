/**
 * The first-start seed of the range store: db/seed/pwned-seed.txt (SHA-1:COUNT
 * lines for the ~200 most common passwords, see docs/password-analyzer.md) is
 * loaded when pwned_hashes is empty, so the breach check works before an
 * operator imports the full Pwned Passwords corpus. Called lazily by the first
 * range lookup; checking costs one indexed query per connection.
 */
import fs from "node:fs";
import path from "node:path";
import { pwnedHashes } from "./schema";
import type { DB } from "~/lib/db.server";
import { importHashLinesSync } from "./range-import";

export const SEED_FILE = "db/seed/pwned-seed.txt";

/** Connections already checked. */
const checked = new WeakSet<object>();

/** Loads the seed into an empty range store. Returns the number of hashes written (0 when not needed). */
export function ensurePwnedSeed(db: DB, file = path.resolve(process.cwd(), SEED_FILE)): number {
  const connection = db.$client;
  if (checked.has(connection)) return 0;
  const any = db.select({ prefix: pwnedHashes.prefix }).from(pwnedHashes).limit(1).get();
  if (any) {
    checked.add(connection);
    return 0;
  }
  if (!fs.existsSync(file)) {
    // A deployment without the seed still answers (every password "not found"); say so once.
    console.warn(JSON.stringify({ level: "warn", msg: "pwned seed file missing; the range store is empty", file }));
    checked.add(connection);
    return 0;
  }
  const { imported } = importHashLinesSync(db, fs.readFileSync(file, "utf8").split("\n"), { mode: "sha1" });
  checked.add(connection);
  return imported;
}
