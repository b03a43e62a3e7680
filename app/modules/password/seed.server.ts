/**
 * The first-start seed of the range store: db/seed/pwned-seed.txt (SHA-1:COUNT
 * lines for the ~200 most common passwords, see docs/password-analyzer.md) is
 * loaded when pwned_hashes is empty, so the breach check works before an
 * operator imports the full Pwned Passwords corpus. Called lazily by the first
 * range lookup; checking costs one indexed query per connection.
 */
import fs from "node:fs";
import path from "node:path";
import type { Database } from "better-sqlite3";
import { importHashLinesSync } from "./range-import";

export const SEED_FILE = "db/seed/pwned-seed.txt";

const checked = new WeakSet<Database>();

/** Loads the seed into an empty range store. Returns the number of hashes written (0 when not needed). */
export function ensurePwnedSeed(sqlite: Database, file = path.resolve(process.cwd(), SEED_FILE)): number {
  if (checked.has(sqlite)) return 0;
  const any = sqlite.prepare("SELECT 1 FROM pwned_hashes LIMIT 1").get();
  if (any) {
    checked.add(sqlite);
    return 0;
  }
  if (!fs.existsSync(file)) {
    // A deployment without the seed still answers (every password "not found"); say so once.
    console.warn(JSON.stringify({ level: "warn", msg: "pwned seed file missing; the range store is empty", file }));
    checked.add(sqlite);
    return 0;
  }
  const { imported } = importHashLinesSync(sqlite, fs.readFileSync(file, "utf8").split("\n"));
  checked.add(sqlite);
  return imported;
}
