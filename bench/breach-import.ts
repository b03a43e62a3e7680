#!/usr/bin/env -S npx tsx
// npm run bench:breach [-- --accounts 300000 --watched 200]
//
// The breach import's hot path (scripts/import-breach.ts): a CSV of generated
// addresses into a fresh database, hashed and inserted in batches, then
// matched against watchlists (verified domains and e-mails of a few tenants).
// Imported twice: the second run is the idempotent re-import (every account
// already there). Everything goes to a temporary directory, removed afterwards.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { tenants, watchedIdentities } from "@db/schema";
import { openDatabase } from "~/lib/db.server";
import { hashEmail, readOrCreateHmacKey } from "../app/modules/breach/match";
import { runImport } from "../scripts/import-breach";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

const ACCOUNTS = arg("accounts", 300_000);
const WATCHED = arg("watched", 200);
const DOMAINS = 50;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-bench-breach-"));
const dbFile = path.join(dir, "rampart.db");
const csv = path.join(dir, "bench-breach.csv");
try {
  const key = readOrCreateHmacKey(dir);
  const lines = [
    "# Name: BenchBreach",
    "# BreachDate: 2024-01-02",
    "# DataClasses: Email addresses;Passwords",
    "email",
  ];
  for (let i = 0; i < ACCOUNTS; i++) lines.push(`user${i}@domain${i % DOMAINS}.example`);
  fs.writeFileSync(csv, lines.join("\n") + "\n");

  // A few tenants watching e-mails and (verified) domains that the breach holds.
  const { sqlite, db } = openDatabase(dbFile);
  db.transaction(() => {
    for (let t = 0; t < 5; t++) {
      const tenantId = randomUUID();
      db.insert(tenants)
        .values({ id: tenantId, name: `Bench ${t}` })
        .run();
      for (let w = 0; w < WATCHED / 5; w++) {
        const n = t * 1000 + w;
        const domain = `domain${n % DOMAINS}.example`;
        const email = `user${n}@${domain}`;
        db.insert(watchedIdentities)
          .values(
            w % 10 === 0
              ? { id: randomUUID(), tenantId, type: "domain", value: domain, domain, verified: true }
              : { id: randomUUID(), tenantId, type: "email", value: email, domain, emailHash: hashEmail(key, email) },
          )
          .run();
      }
    }
  });
  sqlite.close();

  for (const label of ["first import", "re-import"]) {
    const started = performance.now();
    const r = await runImport(csv, { dbFile });
    const ms = performance.now() - started;
    console.log(
      `${label}: ${ACCOUNTS.toLocaleString("en")} addresses in ${(ms / 1000).toFixed(2)} s ` +
        `(${Math.round(ACCOUNTS / (ms / 1000)).toLocaleString("en")}/s); ${r.accountsAdded} added, ${r.newExposures} new exposures`,
    );
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
