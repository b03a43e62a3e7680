// The full-text index's move to a contentless FTS5 table (db/migrations/0015): a database migrated up to
// 0014, holding events indexed the old way (a trigger indexing the whole fields JSON), is searchable after
// the migration, by the same words as events stored afterwards through the store; deleting an event
// removes its index row. Runs on its own SQLite files, built with the committed migrations.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";
import type { Fields } from "./parse";
import { bindSeqWindow, compileQuery, parseQuery } from "./search";
import { fieldsText } from "./store.server";

const NEW_MIGRATION = "0015_events-fts";
const work = fs.mkdtempSync(path.join(process.env.RAMPART_TEST_TMP!, "fts-migration-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The committed migrations as they were before the contentless index. */
function migrationsBefore(): string {
  const dir = path.join(work, "migrations-before");
  fs.cpSync(path.resolve("db/migrations"), dir, { recursive: true });
  fs.rmSync(path.join(dir, `${NEW_MIGRATION}.sql`));
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  // Later migrations go too: the migrator skips one older than the last applied, so a database that had
  // them would never get this one.
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === NEW_MIGRATION),
  );
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const events: { message: string | null; host: string; fields: Fields }[] = [
  {
    message: "Failed password for root from 198.51.100.7 port 22 ssh2",
    host: "bastion",
    fields: { appName: "sshd", pid: "812", facility: "auth" },
  },
  {
    message: null,
    host: "WS-01",
    fields: {
      EventID: 4625,
      Channel: "Security",
      TargetUserName: "carol",
      CommandLine: "powershell.exe -enc AAAA\nsecond line",
      Elevated: true,
      LogonGuid: null,
      Empty: "",
    },
  },
  { message: "GET /admin 403", host: "web-2", fields: { "http.response.status_code": 403, "url.path": "/admin" } },
];

function search(db: Database.Database, query: string): string[] {
  const node = parseQuery(query);
  const compiled: unknown[] = [];
  const where = node ? compileQuery(node, compiled) : "1";
  const params = bindSeqWindow(compiled);
  return (
    db.prepare(`SELECT e.host FROM events e WHERE ${where} ORDER BY e.seq`).all(...params) as { host: string }[]
  ).map((r) => r.host);
}

describe("migration to the contentless full-text index", () => {
  it("rebuilds the index from stored events, by field values, and keeps deletes in step", () => {
    const file = path.join(work, "old.db");
    const db = new Database(file);
    migrate(drizzle(db), { migrationsFolder: migrationsBefore() });
    db.prepare(`INSERT INTO tenants (id, name) VALUES ('t1', 'Acme')`).run();
    const insert = db.prepare(
      `INSERT INTO events (id, tenant_id, received_at, time, host, message, fields, original)
       VALUES (?, 't1', 1, ?, ?, ?, ?, '{}')`,
    );
    events.forEach((e, i) => insert.run(`id-${i}`, 1000 + i, e.host, e.message, JSON.stringify(e.fields)));
    // The old layout indexed the JSON keys too: a field's name found every event carrying it.
    expect(search(db, "Channel")).toEqual(["WS-01"]);
    expect(search(db, "password")).toEqual(["bastion"]);

    migrate(drizzle(db), { migrationsFolder: path.resolve("db/migrations") });
    const sql = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'events_fts'`).get() as { sql: string }).sql;
    expect(sql).toContain("content=''");
    expect(sql).toContain("contentless_delete=1");

    // Messages, hosts and field values are found, as before.
    expect(search(db, "password")).toEqual(["bastion"]);
    expect(search(db, '"failed password"')).toEqual(["bastion"]);
    expect(search(db, "bastion")).toEqual(["bastion"]);
    expect(search(db, "sshd")).toEqual(["bastion"]);
    expect(search(db, "4625")).toEqual(["WS-01"]);
    expect(search(db, "carol")).toEqual(["WS-01"]);
    expect(search(db, "powershell*")).toEqual(["WS-01"]);
    expect(search(db, '"second line"')).toEqual(["WS-01"]);
    expect(search(db, "true")).toEqual(["WS-01"]);
    expect(search(db, "403 admin")).toEqual(["web-2"]);
    expect(search(db, "ssh2 OR carol")).toEqual(["bastion", "WS-01"]);
    // Field names are no longer words of the event: free text matches what an event says.
    expect(search(db, "Channel")).toEqual([]);
    expect(search(db, "TargetUserName")).toEqual([]);

    // The rebuilt rows hold the text the store writes for new events (store.server.ts fieldsText).
    const probe = db.prepare(`SELECT rowid FROM events_fts WHERE events_fts MATCH ?`).pluck();
    const seqs = db.prepare(`SELECT seq FROM events ORDER BY seq`).pluck().all() as number[];
    events.forEach((e, i) => {
      const phrase = `fields : "${fieldsText(e.fields).replaceAll('"', '""')}"`;
      expect(probe.all(phrase)).toEqual([seqs[i]]);
    });

    // Deleting an event (retention, a tenant's deletion) removes it from the index.
    db.prepare(`DELETE FROM events WHERE host = 'bastion'`).run();
    expect(search(db, "password")).toEqual([]);
    expect(probe.all("sshd")).toEqual([]);
    db.close();
  });
});
