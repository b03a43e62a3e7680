/** /readyz's check: ready only when the database file answers a query. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createReadinessCheck } from "../../server/readiness";

describe("readiness check", () => {
  it("is ready with the app's open connection, and not once it is closed and the file is gone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-ready-"));
    const file = path.join(dir, "db.sqlite");
    const conn = new Database(file);
    conn.exec("CREATE TABLE t (x)");
    let current: Database.Database | null = conn;
    const check = createReadinessCheck({ file, getConnection: () => current });
    expect(check()).toEqual({ ok: true });
    conn.close();
    current = null;
    // Falls back to its own connection while the file is there...
    expect(check()).toEqual({ ok: true });
    fs.rmSync(dir, { recursive: true, force: true });
    // ...and reports not ready when the database cannot be opened.
    const missing = createReadinessCheck({ file: path.join(dir, "gone.sqlite") });
    const r = missing();
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/unable to open|directory does not exist|SQLITE_CANTOPEN/i);
  });

  it("is not ready when the file is not a database", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-ready-"));
    const file = path.join(dir, "junk.sqlite");
    fs.writeFileSync(file, "this is not a database, just 64 bytes of text that SQLite rejects....");
    const r = createReadinessCheck({ file })();
    expect(r.ok).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
