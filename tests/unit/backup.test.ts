/**
 * `npm run db:backup -- FILE` while the server serves and writes continue;
 * then a server started on the backup file (the documented restore) reads
 * the data back.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  ensureBuild,
  freshDatabase,
  ROOT,
  seedAccount,
  startServer,
  tempDir,
  type RunningServer,
} from "../../bench/harness";

const servers: RunningServer[] = [];
beforeAll(async () => {
  await ensureBuild();
}, 300_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop("SIGKILL")));
});

function runBackup(dbFile: string, target: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/backup.ts"), target], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: dbFile },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

it("backs up online while writes go on, and a server started on the backup serves the data", async () => {
  const { file } = freshDatabase("rampart-backup-");
  const acct = await seedAccount(file, { plan: "enterprise" });
  const server = await startServer({ dbFile: file, quietLog: true });
  servers.push(server);
  const create = async (name: string) => {
    const res = await fetch(`${server.url}/api/tenants`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: acct.cookie },
      body: JSON.stringify({ name }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; name: string };
  };
  const before: string[] = [];
  for (let i = 0; i < 30; i++) before.push((await create(`Before backup ${i}`)).id);

  // Writes keep coming while the backup runs.
  let writing = true;
  let during = 0;
  const writer = (async () => {
    while (writing) {
      await create(`During backup ${during++}`);
    }
  })();
  const target = path.join(tempDir("rampart-backup-out-"), "nested", "rampart-backup.db");
  const result = await runBackup(file, target);
  writing = false;
  await writer;
  expect(result.code, result.out).toBe(0);
  expect(JSON.parse(result.out.trim().split("\n").pop()!)).toMatchObject({ msg: "backup complete", integrity: "ok" });
  expect(during).toBeGreaterThan(0);
  expect(fs.readdirSync(path.dirname(target)).filter((f) => f.includes(".partial-"))).toEqual([]);
  // The copy holds password and session hashes: readable by the operator's user only (issue 10).
  expect(fs.statSync(target).mode & 0o777).toBe(0o600);

  const copy = new Database(target, { readonly: true });
  try {
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
  } finally {
    copy.close();
  }

  // Restore = start a server on the backup file.
  const restored = await startServer({ dbFile: target, quietLog: true });
  servers.push(restored);
  expect((await fetch(`${restored.url}/readyz`)).status).toBe(200);
  const list = await (await fetch(`${restored.url}/api/tenants`, { headers: { cookie: acct.cookie } })).json();
  const ids = new Set(list.map((t: { tenantId: string }) => t.tenantId));
  for (const id of [acct.tenantId, ...before]) expect(ids.has(id)).toBe(true);
  // A consistent snapshot: never more organizations than were created by the end.
  expect(list.length).toBeLessThanOrEqual(1 + before.length + during);
}, 120_000);

it("refuses to run without a file or onto the database itself", async () => {
  const { file } = freshDatabase("rampart-backup-args-");
  expect((await runBackup(file, "")).code).toBe(1);
  const same = await runBackup(file, file);
  expect(same.code).toBe(1);
  expect(same.out).toContain("must not be the database itself");
});
