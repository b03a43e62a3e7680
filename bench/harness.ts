// Shared by the benchmarks (bench/*.ts) and the tests that run the real
// server (tests/unit/server-*.test.ts, tests/crash/*): a migrated temporary
// database seeded straight through SQL (like tests/e2e/fixtures.ts), a signed
// session cookie, and the built production server as a child process.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { createCookie } from "@remix-run/node";
import { migrateDatabase } from "~/lib/db.server";
import type { Plan } from "~/lib/plans";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SESSION_SECRET = "bench-session-secret-not-for-production-0123456789";

const BUILD_LOCK = path.join(
  os.tmpdir(),
  `rampart-build-${createHash("sha256").update(ROOT).digest("hex").slice(0, 8)}.lock`,
);

/**
 * Builds the app when the build is missing or stale (never skips). Test files
 * run in parallel, so one build at a time: a lock directory (mkdir is atomic),
 * taken over when older than five minutes.
 */
export async function ensureBuild(): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(BUILD_LOCK);
      break;
    } catch {
      try {
        if (Date.now() - fs.statSync(BUILD_LOCK).mtimeMs > 5 * 60_000)
          fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      if (Date.now() > deadline) throw new Error("waited too long for another build");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    const r = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/ensure-build.ts")], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`ensure-build failed:\n${r.stdout}\n${r.stderr}`);
  } finally {
    fs.rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

export function tempDir(prefix = "rampart-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sessionCookie = createCookie("rampart_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: [SESSION_SECRET],
});

/**
 * Inserts a user, an owned tenant on `plan` and a session; answers the Cookie
 * header value. The password hash is a placeholder: these users never sign in
 * with a password (the bench and crash tests use the session directly).
 */
export async function seedAccount(
  dbFile: string,
  { plan = "free", email, tenantName = "Personal" }: { plan?: Plan; email?: string; tenantName?: string } = {},
): Promise<{ userId: string; tenantId: string; cookie: string }> {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  const userId = randomUUID();
  const tenantId = randomUUID();
  const sessionId = randomBytes(32).toString("base64url");
  const now = Date.now();
  try {
    db.transaction(() => {
      db.prepare("INSERT INTO users (id, email, password_hash) VALUES (?, ?, ?)").run(
        userId,
        email ?? `bench-${userId.slice(0, 8)}@example.com`,
        "scrypt$placeholder",
      );
      db.prepare("INSERT INTO tenants (id, name, plan) VALUES (?, ?, ?)").run(tenantId, tenantName, plan);
      db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'owner')").run(
        randomUUID(),
        userId,
        tenantId,
      );
      db.prepare(
        "INSERT INTO sessions (id_hash, user_id, selected_tenant_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(createHash("sha256").update(sessionId).digest("hex"), userId, tenantId, now, now, now + 30 * 86_400_000);
    })();
  } finally {
    db.close();
  }
  const header = await sessionCookie.serialize(sessionId);
  return { userId, tenantId, cookie: header.split(";")[0] };
}

/** Some module data so the dashboard computes from real rows: alerts and phishing items. */
export function seedModuleData(
  dbFile: string,
  tenantId: string,
  { alerts = 40, phishing = 40 }: { alerts?: number; phishing?: number } = {},
): void {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 5000");
  const sev = ["low", "medium", "high", "critical"];
  const risk = ["low", "medium", "high"];
  const now = Date.now();
  try {
    db.transaction(() => {
      const a = db.prepare(
        "INSERT INTO alerts (id, tenant_id, source, severity, title, detail, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      );
      for (let i = 0; i < alerts; i++) {
        a.run(
          randomUUID(),
          tenantId,
          i % 2 ? "phishing" : "dark-web",
          sev[i % 4],
          `Seeded alert ${i}`,
          "Seeded for the benchmark",
          i % 5 === 0 ? "resolved" : "active",
          now - i * 3_600_000,
        );
      }
      const p = db.prepare(
        "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, status, rationale, analysis, size_bytes, created_at) VALUES (?, ?, ?, ?, ?, ?, 'detected', ?, ?, ?, ?)",
      );
      for (let i = 0; i < phishing; i++) {
        p.run(
          randomUUID(),
          tenantId,
          `Invoice ${i}`,
          `billing${i}@example.net`,
          risk[i % 3],
          (i * 7) % 100,
          JSON.stringify(["Seeded"]),
          JSON.stringify({}),
          1000,
          now - i * 7_200_000,
        );
      }
    })();
  } finally {
    db.close();
  }
}

/** A migrated database in a fresh temporary directory. */
export function freshDatabase(prefix = "rampart-bench-") {
  const dir = tempDir(prefix);
  const file = path.join(dir, "rampart.db");
  migrateDatabase(file);
  return { dir, file };
}

/** Resident set size of a process in bytes (Linux /proc), or null. */
export function rssOf(pid: number | undefined): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in milliseconds (Linux /proc), or null. */
export function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the command).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export type ExitStatus = { code: number | null; signal: NodeJS.Signals | null };
export type RunningServer = {
  child: ChildProcess;
  port: number;
  url: string;
  lines: string[];
  exited: Promise<ExitStatus>;
  stderr(): string;
  rss(): number | null;
  cpuMs(): number | null;
  stop(signal?: NodeJS.Signals): Promise<ExitStatus>;
};

/** How the production server is started (as `npm start` does, after the build). */
export const SERVER_COMMAND = [path.join(ROOT, "build/server.js")];

/**
 * Starts the production server on a loopback port and waits for /healthz.
 * Collects stdout lines (the JSON request log) in `lines`.
 */
export async function startServer({
  dbFile,
  port,
  env = {},
  quietLog = false,
  nodeArgs = [],
}: {
  dbFile?: string;
  port?: number;
  env?: Record<string, string>;
  quietLog?: boolean;
  nodeArgs?: string[];
} = {}): Promise<RunningServer> {
  port ??= await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_COMMAND], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: dbFile,
      SESSION_SECRET,
      ...env,
    },
    stdio: ["ignore", quietLog ? "ignore" : "pipe", "pipe"],
  });
  const lines: string[] = [];
  let stderr = "";
  if (!quietLog) {
    let buf = "";
    child.stdout!.on("data", (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        lines.push(buf.slice(0, i));
        buf = buf.slice(i + 1);
      }
    });
  }
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<ExitStatus>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited early (${child.exitCode}): ${stderr}\n${lines.join("\n")}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy: ${stderr}\n${lines.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    url,
    lines,
    exited,
    stderr: () => stderr,
    rss: () => rssOf(child.pid),
    cpuMs: () => cpuMsOf(child.pid),
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
