// npm run bench: the built app in production mode on a loopback port with a
// seeded temporary database and a configured PUBLIC_URL (as in production: without
// it no page is public); autocannon, 10 s at 50 connections each, against two public
// pages (landing, pricing), the signed-in /dashboard, /api/dashboard/data and /healthz
// (the floor), and five signed-in pages rendered on every request (the dashboard
// with a query string, phishing, dark-web monitoring, alerts on a plan that has
// them, settings) beside a stock trivial Remix page (bench/stock) built and served
// in the same run: each row prints its ratio to that page, a figure that holds on
// a loaded machine where absolute ones do not; the stock page is measured again
// right before each of those five pages, and the target is checked on the ratio to
// that adjacent run (load on the shared machine drifts within a run). The p99 target
// is absolute (250 ms); the table also prints each page's p99 as a multiple of the
// adjacent stock run's, which carries over between machines of different speeds. Writes bench/results/server.json
// and prints a table.
//
// Options (environment): BENCH_DURATION (s, default 10), BENCH_CONNECTIONS
// (default 50), BENCH_ONLY (comma-separated target names), BENCH_ENV (extra
// server environment as k=v,k=v — used for the layer measurements in
// docs/decisions/011-server-layers.md), BENCH_NODE_ARGS (flags for the server's
// node, e.g. --max-old-space-size=192), BENCH_OUT (results file).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { spawn, spawnSync } from "node:child_process";
import autocannon, { type Options, type Result } from "autocannon";
import {
  cpuMsOf,
  ensureBuild,
  freePort,
  freshDatabase,
  ROOT,
  rssOf,
  seedAccount,
  seedModuleData,
  startServer,
} from "./harness";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const OUT = path.resolve(ROOT, process.env.BENCH_OUT ?? "bench/results/server.json");
const EXTRA_ENV = Object.fromEntries(
  (process.env.BENCH_ENV ?? "")
    .split(",")
    .filter(Boolean)
    .map((kv) => kv.split("=")),
);
const TARGETS_MS = { dashboardRps: 800, dashboardP99: 100, rssMb: 250 };
// Issue 12: every signed-in page, uncached, at least half the stock page's rate, p99 under 250 ms.
const UNCACHED = { minRatioToStock: 0.5, p99Ms: 250 };
const STOCK_DIR = path.join(ROOT, "bench/stock");

/** Builds bench/stock when its build is missing or older than its sources. */
function ensureStockBuild() {
  const built = path.join(STOCK_DIR, "build/index.js");
  const newest = Math.max(
    ...["remix.config.js", "app/root.tsx", "app/routes/_index.tsx"].map(
      (f) => fs.statSync(path.join(STOCK_DIR, f)).mtimeMs,
    ),
  );
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= newest) return;
  const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: STOCK_DIR,
    env: { ...process.env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`stock build failed:\n${r.stdout}\n${r.stderr}`);
}

/** Serves bench/stock as remix-serve would, in its own process like the app. */
async function startStock() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(STOCK_DIR, "server.ts")], {
    cwd: STOCK_DIR,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url + "/")).ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("the stock Remix server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, rss: () => rssOf(child.pid), cpuMs: () => cpuMsOf(child.pid), stop: () => child.kill("SIGTERM") };
}

type TargetResult = {
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  bytesPerSecond: number;
  peakRssMb: number;
  serverCpuMsPerRequest: number | null;
  capacityOneCoreRps: number | null;
  ratioToHealthz?: number | null;
  ratioToStock?: number | null;
  /** Uncached pages: the stock page's rate in the run just before, and the ratio to it (the figure the target uses). */
  adjacentStockRps?: number;
  ratioToAdjacentStock?: number;
  /** The adjacent stock run's p99, and this page's p99 as a multiple of it (the 250 ms was ~2.6-3x the stock p99 of its machine). */
  adjacentStockP99Ms?: number;
  p99ToAdjacentStock?: number;
};

// No progress bar: the output is a table.
function run(opts: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function main() {
  await ensureBuild();
  ensureStockBuild();
  const loadBefore = os.loadavg();
  const { dir, file } = freshDatabase();
  const { tenantId, cookie } = await seedAccount(file, { plan: "business" });
  seedModuleData(file, tenantId);
  const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = await startServer({
    dbFile: file,
    quietLog: true,
    // Plain http, so the seeded session cookie keeps its plain name.
    env: { PUBLIC_URL: "http://127.0.0.1", ...EXTRA_ENV },
    nodeArgs: NODE_ARGS,
  });

  const stock = await startStock();
  type Target = { name: string; path: string; headers?: Record<string, string>; url?: string; uncached?: boolean };
  const targets = (
    [
      { name: "stock-remix", path: "/", url: stock.url },
      { name: "healthz", path: "/healthz" },
      { name: "landing", path: "/" },
      { name: "pricing", path: "/pricing" },
      { name: "dashboard", path: "/dashboard", headers: { cookie } },
      { name: "api-dashboard-data", path: "/api/dashboard/data", headers: { cookie } },
      // The same page rendered on every request: a query string is never looked up in
      // the page cache (docs/decisions/012), so this shows what a render costs.
      { name: "dashboard-render", path: "/dashboard?render=1", headers: { cookie }, uncached: true },
      { name: "phishing", path: "/phishing", headers: { cookie }, uncached: true },
      { name: "dark-web-monitoring", path: "/dark-web-monitoring", headers: { cookie }, uncached: true },
      { name: "alerts", path: "/alerts", headers: { cookie }, uncached: true },
      { name: "settings", path: "/settings", headers: { cookie }, uncached: true },
    ] as Target[]
  ).filter((t) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(",").includes(t.name));

  // Sanity: every target answers 200 before it is measured (a redirect to /login would flatter /dashboard).
  for (const t of targets) {
    const r = await fetch((t.url ?? server.url) + t.path, {
      headers: { ...(t.headers ?? {}), "accept-encoding": "gzip" },
      redirect: "manual",
    });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${t.path} answered ${r.status} before the benchmark`);
  }

  // peakRss covers every run against the app, including the pages rendered on every request.
  let peakRss = server.rss() ?? 0;
  let targetPeak = 0;
  const sampler = setInterval(() => {
    const rss = server.rss();
    if (rss && rss > peakRss) peakRss = rss;
    if (rss && rss > targetPeak) targetPeak = rss;
  }, 100);

  const results: Record<string, TargetResult> = {};
  async function measure(t: Target): Promise<TargetResult> {
    const base = t.url ?? server.url;
    // Short warm-up so the JIT and SQLite page cache are the steady state being measured.
    await run({
      url: base + t.path,
      connections: 10,
      duration: 2,
      headers: { ...(t.headers ?? {}), "accept-encoding": "gzip, deflate, br" },
    });
    targetPeak = 0;
    const cpuBefore = t.url ? stock.cpuMs() : server.cpuMs();
    const r = await run({
      url: base + t.path,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { ...(t.headers ?? {}), "accept-encoding": "gzip, deflate, br" },
    });
    const cpuAfter = t.url ? stock.cpuMs() : server.cpuMs();
    const non2xx = r.non2xx ?? 0;
    return {
      path: t.path,
      requestsPerSecond: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      errors: r.errors + r.timeouts + non2xx,
      non2xx,
      requests: r.requests.total,
      bytesPerSecond: Math.round(r.throughput.average),
      peakRssMb: Math.round(targetPeak / 1048576),
      // The server's own CPU time per answered request: much less sensitive than
      // requests/s to other work on the machine, so layers can be compared.
      serverCpuMsPerRequest:
        cpuBefore !== null && cpuAfter !== null && r.requests.total
          ? Math.round(((cpuAfter - cpuBefore) / r.requests.total) * 1000) / 1000
          : null,
      capacityOneCoreRps:
        cpuBefore !== null && cpuAfter !== null && cpuAfter > cpuBefore
          ? Math.round(r.requests.total / ((cpuAfter - cpuBefore) / 1000))
          : null,
    };
  }

  try {
    for (const t of targets) {
      // The machine is shared: the stock page is measured again right before each page rendered on every
      // request, and that page's ratio is to this adjacent run, so a change of load between the first stock run
      // and a later page does not show up as the page's speed.
      const stockTarget = targets.find((x) => x.name === "stock-remix");
      const adjacent = t.uncached && stockTarget ? await measure(stockTarget) : null;
      results[t.name] = await measure(t);
      if (adjacent) {
        results[t.name].adjacentStockRps = adjacent.requestsPerSecond;
        results[t.name].ratioToAdjacentStock =
          Math.round((results[t.name].requestsPerSecond / Math.max(adjacent.requestsPerSecond, 1)) * 100) / 100;
        results[t.name].adjacentStockP99Ms = adjacent.p99Ms;
        results[t.name].p99ToAdjacentStock =
          Math.round((results[t.name].p99Ms / Math.max(adjacent.p99Ms, 1)) * 100) / 100;
      }
    }
  } finally {
    clearInterval(sampler);
    stock.stop();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const floor = results.healthz?.requestsPerSecond;
  const stockRps = results["stock-remix"]?.requestsPerSecond;
  for (const r of Object.values(results)) {
    r.ratioToHealthz = floor ? Math.round((r.requestsPerSecond / floor) * 100) / 100 : null;
    r.ratioToStock = stockRps ? Math.round((r.requestsPerSecond / stockRps) * 100) / 100 : null;
  }
  const uncached = targets.filter((t) => t.uncached && results[t.name]).map((t) => [t.name, results[t.name]] as const);
  const d = results.dashboard;
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      node: process.version,
      memoryMb: Math.round(os.totalmem() / 1048576),
    },
    // Other work on the machine skews every figure: the 1-minute load average before and after the run.
    loadAverage: { before: Math.round(loadBefore[0] * 100) / 100, after: Math.round(os.loadavg()[0] * 100) / 100 },
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    serverEnv: EXTRA_ENV,
    serverNodeArgs: (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
    peakRssMb: Math.round(peakRss / 1048576),
    results,
    targets: d
      ? {
          dashboardRps: {
            target: `>= ${TARGETS_MS.dashboardRps}`,
            value: d.requestsPerSecond,
            met: d.requestsPerSecond >= TARGETS_MS.dashboardRps,
          },
          dashboardP99Ms: {
            target: `< ${TARGETS_MS.dashboardP99}`,
            value: d.p99Ms,
            met: d.p99Ms < TARGETS_MS.dashboardP99,
          },
          dashboardErrors: { target: 0, value: d.errors, met: d.errors === 0 },
          peakRssMb: {
            target: `< ${TARGETS_MS.rssMb}`,
            value: Math.round(peakRss / 1048576),
            met: peakRss / 1048576 < TARGETS_MS.rssMb,
          },
          ...Object.fromEntries(
            uncached.flatMap(([name, r]) => [
              [
                `${name}RatioToStock`,
                {
                  target: `>= ${UNCACHED.minRatioToStock}`,
                  value: r.ratioToAdjacentStock ?? r.ratioToStock,
                  met: (r.ratioToAdjacentStock ?? r.ratioToStock ?? 0) >= UNCACHED.minRatioToStock,
                },
              ],
              [`${name}P99Ms`, { target: `< ${UNCACHED.p99Ms}`, value: r.p99Ms, met: r.p99Ms < UNCACHED.p99Ms }],
              [`${name}Errors`, { target: 0, value: r.errors, met: r.errors === 0 }],
            ]),
          ),
        }
      : undefined,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(report, null, 2) + "\n");

  const rows = Object.entries(results).map(([name, r]) => ({
    target: name,
    "req/s": r.requestsPerSecond,
    "p50 ms": r.p50Ms,
    "p99 ms": r.p99Ms,
    errors: r.errors,
    "x stock": r.ratioToStock,
    "x adjacent stock": r.ratioToAdjacentStock ?? "",
    "p99 x adj. stock": r.p99ToAdjacentStock ?? "",
    "x healthz": r.ratioToHealthz,
    "server CPU ms/req": r.serverCpuMsPerRequest,
    "peak RSS MB": r.peakRssMb,
  }));
  console.table(rows);
  console.log(
    `load average ${report.loadAverage.before} -> ${report.loadAverage.after} on ${report.machine.cpus} cores; peak RSS ${report.peakRssMb} MB; ${DURATION} s at ${CONNECTIONS} connections each; written to ${path.relative(ROOT, OUT)}`,
  );
  if (report.targets)
    for (const [k, v] of Object.entries(report.targets) as [
      string,
      { met: boolean; value: unknown; target: unknown },
    ][])
      console.log(`${v.met ? "met " : "MISS"} ${k}: ${v.value} (target ${v.target})`);
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
