// WAL checkpoints from a worker thread: the connection stops checkpointing on commit, the worker copies the
// WAL into the database file on its own, and stopping hands the automatic checkpoint back.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startWalCheckpoints, stopWalCheckpoints } from "./wal-checkpoint.server";

const dir = fs.mkdtempSync(path.join(process.env.RAMPART_TEST_TMP!, "wal-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("WAL checkpoints in a worker thread", () => {
  it("moves committed pages into the database file without the connection checkpointing", async () => {
    const file = path.join(dir, "wal.db");
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.exec("CREATE TABLE t (v TEXT)");
    startWalCheckpoints(db, { everyMs: 50 });
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    const sizeBefore = fs.statSync(file).size;
    const insert = db.prepare("INSERT INTO t (v) VALUES (?)");
    db.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run("x".repeat(1000));
    })();
    // Nothing on this thread checkpoints: the pages reach the database file only through the worker.
    const deadline = Date.now() + 10_000;
    while (fs.statSync(file).size < sizeBefore + 1_000_000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.statSync(file).size).toBeGreaterThan(sizeBefore + 1_000_000);
    stopWalCheckpoints();
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    expect(db.prepare("SELECT count(*) FROM t").pluck().get()).toBe(2000);
    db.close();
  });
});
