// Builds pwned-seed.txt (the Pwned Passwords `SHA1:COUNT` format) from
// common-passwords.txt. Run after editing the list: npx tsx db/seed/build-pwned-seed.ts
//
// The counts are approximate on purpose: a Zipf-like curve fitted to the
// published order of magnitude (the most common password seen some 40 million
// times, the 200th some hundred thousand times), not figures copied from a
// data set. They only need to be > 0 and in a plausible order.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const words = fs
  .readFileSync(path.join(here, "common-passwords.txt"), "utf8")
  .split(/\r?\n/)
  .filter((l) => l && !l.startsWith("#"));
const seen = new Set<string>();
const lines: string[] = [];
words.forEach((word, i) => {
  if (seen.has(word)) throw new Error(`Duplicate password in the list: ${word}`);
  seen.add(word);
  const rank = i + 1;
  const count = Math.round(40_000_000 / rank ** 1.1 / 1000) * 1000 || 1000;
  const hash = crypto.createHash("sha1").update(word, "utf8").digest("hex").toUpperCase();
  lines.push(`${hash}:${count}`);
});
lines.sort();
fs.writeFileSync(path.join(here, "pwned-seed.txt"), lines.join("\r\n") + "\r\n");
process.stdout.write(`Wrote ${lines.length} hashes to pwned-seed.txt\n`);
