// Writes the configuration table of docs/operations.md from the environment schema's documentation
// (app/lib/env-docs.ts). `--check` only compares, and exits 1 when the table is stale.
import fs from "node:fs";
import path from "node:path";
import { envTableIsCurrent, withEnvTable } from "../app/lib/env-docs";

const file = path.resolve("docs/operations.md");
const current = fs.readFileSync(file, "utf8");
if (process.argv.includes("--check")) {
  if (!envTableIsCurrent(current)) {
    console.error("docs/operations.md: the configuration table is stale; run npm run docs:env");
    process.exit(1);
  }
} else if (!envTableIsCurrent(current)) {
  fs.writeFileSync(file, withEnvTable(current));
  console.log("docs/operations.md: configuration table written");
}
