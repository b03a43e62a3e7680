// npm run import:breach -- FILE
//
// Imports one breach (JSON or CSV, formats in docs/breach-data.md) into the
// database named by DATABASE_URL, then matches it against every tenant's
// watchlist and raises alerts for newly exposed identities only. Re-running it
// with the same file adds nothing and alerts nobody. Runs the module's code
// directly (tsx), without the Remix build.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { closeDatabase, useDatabase } from "~/lib/db.server";
import { databasePath } from "~/lib/env.server";
import { BreachFileError, importBreachFile, readOrCreateHmacKey } from "~/modules/breach";

/** The script's core, for tests: opens the database (migrating it), imports, closes. */
export async function runImport(
  file: string,
  { dbFile = databasePath(), log = (_line: string) => {} }: { dbFile?: string; log?: (line: string) => void } = {},
) {
  // The key lives beside the database, like the session secret; the app reads the same file.
  const hmacKey = readOrCreateHmacKey(path.dirname(dbFile));
  // The process's own connection, pointed at the file: the alerts the import raises go through the alerts module
  // (alert rules, channels, timeline) on this same connection.
  const { db } = useDatabase(dbFile);
  try {
    return await importBreachFile(db, path.resolve(file), {
      hmacKey,
      onProgress: (n) => {
        if (n % 100_000 === 0) log(`  ${n.toLocaleString("en")} addresses read`);
      },
    });
  } finally {
    closeDatabase();
  }
}

async function main() {
  const file = process.argv[2];
  if (!file || file === "--help" || file === "-h") {
    console.error("Usage: npm run import:breach -- FILE   (.json or .csv; see docs/breach-data.md)");
    process.exit(2);
  }
  const started = Date.now();
  try {
    const r = await runImport(file, { log: (line) => console.error(line) });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${r.created ? "Imported" : "Updated"} breach ${r.name}: ${r.accountsRead} address(es) read, ${r.accountsAdded} new, ` +
        `${r.accountsSkipped} skipped as invalid; ${r.newExposures} new exposure(s) across ${r.tenantsAlerted} tenant(s) (${seconds} s).`,
    );
  } catch (error) {
    if (error instanceof BreachFileError) {
      console.error(`import-breach: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
