// Several builds or configurations served at once, each page measured on each in turn (the same page across
// configurations within seconds, so they share the machine's load), AB_ROUNDS rounds (default 3), AB_DURATION s
// (default 5) at AB_CONNECTIONS (default 50); prints and writes one row per run: req/s, p99, server CPU ms per
// request, the 1-minute load average. Used to measure each piece of the performance machinery
// (bench/results/027-performance-machinery.md).
//
//   node --import tsx bench/ab.ts OUT.json 'NAME|ROOT|ENV=v;ENV=v|NODE ARGS|page,page' ...
//
// ROOT is a checkout with its build (build/server.js); NAME "stock" serves ROOT/bench/stock. Pages: the keys of
// PATHS below. Every server gets its own seeded database and PUBLIC_URL=http://127.0.0.1.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import autocannon, { type Result } from "autocannon";
import { cpuMsOf, freePort, freshDatabase, seedAccount, seedModuleData, SESSION_SECRET } from "./harness";

const OUT = process.argv[2];
const DURATION = Number(process.env.AB_DURATION ?? 5);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const CONN = Number(process.env.AB_CONNECTIONS ?? 50);
type Cfg = { name: string; root: string; env: Record<string, string>; nodeArgs: string[]; pages: string[] };
const cfgs: Cfg[] = process.argv.slice(3).map((a) => {
  const [name, root, envs, args, pages] = a.split("|");
  if (!pages) throw new Error(`expected NAME|ROOT|ENV|NODE ARGS|PAGES, got ${a}`);
  return {
    name,
    root,
    env: Object.fromEntries(
      (envs || "")
        .split(";")
        .filter(Boolean)
        .map((kv) => kv.split("=") as [string, string]),
    ),
    nodeArgs: (args || "").split(" ").filter(Boolean),
    pages: pages.split(","),
  };
});
const PATHS: Record<string, string> = {
  stock: "/",
  landing: "/",
  pricing: "/pricing",
  dashboard: "/dashboard",
  "dashboard-render": "/dashboard?render=1",
  phishing: "/phishing",
  settings: "/settings",
  alerts: "/alerts",
};

async function start(c: Cfg) {
  const port = await freePort();
  let cookie = "";
  let child;
  if (c.name === "stock") {
    child = spawn(process.execPath, ["--import", "tsx", path.join(c.root, "bench/stock/server.ts")], {
      cwd: path.join(c.root, "bench/stock"),
      env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
      stdio: "ignore",
    });
  } else {
    const { file } = freshDatabase();
    const s = await seedAccount(file, { plan: "business" });
    seedModuleData(file, s.tenantId);
    cookie = s.cookie;
    child = spawn(process.execPath, [...c.nodeArgs, path.join(c.root, "build/server.js")], {
      cwd: c.root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: file,
        SESSION_SECRET,
        PUBLIC_URL: "http://127.0.0.1",
        ...c.env,
      },
      stdio: "ignore",
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url + "/")).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600) throw new Error("no start " + c.name);
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const p of c.pages) {
    const r = await fetch(url + PATHS[p], { headers: { cookie }, redirect: "manual" });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${c.name} ${p} answered ${r.status}`);
  }
  return { ...c, url, cookie, child };
}

const run = (url: string, cookie: string, connections: number, duration: number) =>
  new Promise<Result>((res, rej) =>
    autocannon({ url, connections, duration, headers: { cookie, "accept-encoding": "gzip, deflate, br" } }, (e, r) =>
      e ? rej(e) : res(r),
    ),
  );

const servers = [];
for (const c of cfgs) servers.push(await start(c));
const pages = [...new Set(cfgs.flatMap((c) => c.pages))];
const rows: unknown[] = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const p of pages) {
      for (const s of servers) {
        if (!s.pages.includes(p)) continue;
        const url = s.url + PATHS[p];
        if (round === 1) await run(url, s.cookie, 10, 2);
        const load = os.loadavg()[0];
        const before = cpuMsOf(s.child.pid);
        const r = await run(url, s.cookie, CONN, DURATION);
        const after = cpuMsOf(s.child.pid);
        const row = {
          round,
          page: p,
          cfg: s.name,
          rps: Math.round(r.requests.average),
          p99: r.latency.p99,
          cpu:
            before !== null && after !== null ? Math.round(((after - before) / r.requests.total) * 1000) / 1000 : null,
          errors: r.errors + r.timeouts + (r.non2xx ?? 0),
          load: Math.round(load * 10) / 10,
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    }
  }
} finally {
  for (const s of servers) s.child.kill("SIGTERM");
}
fs.writeFileSync(
  OUT,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      duration: DURATION,
      connections: CONN,
      rows,
    },
    null,
    2,
  ),
);
process.exit(0);
