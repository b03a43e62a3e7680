#!/usr/bin/env -S npx tsx
// npm run import:osv -- PATH
//
// Imports OSV advisories (https://ossf.github.io/osv-schema/) into the database
// named by DATABASE_URL: PATH is a directory of OSV JSON files (read
// recursively) or a .zip such as osv.dev's per-ecosystem all.zip
// (https://osv-vulnerabilities.storage.googleapis.com/npm/all.zip), streamed
// one record at a time. Records are upserted by id (a newer `modified` wins);
// withdrawn records stay stored and stop matching. Afterwards every tenant's
// stored projects are matched again and new findings raise alerts.
import path from "node:path";
import { pathToFileURL } from "node:url";
import cliProgress from "cli-progress";
import { closeDatabase, useDatabase } from "~/lib/db.server";
import { databasePath } from "~/lib/env.server";
import { importOsvPath, OsvImportError, type ImportProgress } from "~/modules/vulnerability/index.server";
import { OSV_IMPORT_FEED, osvCoverage, recheckAllProjects } from "~/modules/vulnerability/index.server";
import { recordFeedSuccess } from "~/modules/feeds/index.server";

/** The script's core, for tests: opens (and migrates) the database, imports, re-checks projects, closes. */
export async function runOsvImport(
  target: string,
  { dbFile = databasePath(), onProgress }: { dbFile?: string; onProgress?: (p: ImportProgress) => void } = {},
) {
  useDatabase(dbFile);
  try {
    const started = Date.now();
    const imported = await importOsvPath(path.resolve(target), { onProgress });
    // An operator's import brings the data up to date like a feed download (air-gapped installs): verdicts say so.
    recordFeedSuccess(OSV_IMPORT_FEED, { records: osvCoverage().advisories });
    const recheck = recheckAllProjects();
    return { ...imported, changedIds: undefined, recheck, seconds: (Date.now() - started) / 1000 };
  } finally {
    closeDatabase();
  }
}

async function main() {
  const target = process.argv[2];
  if (!target || target === "--help" || target === "-h") {
    console.error(
      "Usage: npm run import:osv -- PATH   (a directory of OSV JSON files, or a .zip such as osv.dev's all.zip)",
    );
    process.exit(2);
  }
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar(
        { format: "Importing |{bar}| {percentage}% | {records} records | {eta_formatted} left", hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  let started = false;
  try {
    const r = await runOsvImport(target, {
      onProgress: (p) => {
        if (!bar) return;
        if (!started) {
          bar.start(p.totalBytes || 1, 0, { records: 0 });
          started = true;
        }
        bar.update(p.bytes, { records: p.records });
      },
    });
    bar?.stop();
    console.log(
      `Read ${r.read} record(s) in ${r.seconds.toFixed(1)} s: ${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged, ` +
        `${r.withdrawn} withdrawn, ${r.invalid} not OSV records. Re-checked ${r.recheck.projects} project(s): ` +
        `${r.recheck.newFindings} new finding(s) alerted across ${r.recheck.tenantsAlerted} tenant(s), ${r.recheck.remediated} no longer affected.`,
    );
  } catch (error) {
    bar?.stop();
    if (error instanceof OsvImportError) {
      console.error(`import-osv: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
