// npm run bench: the built app in production mode on a loopback port with a
// seeded temporary database; autocannon, 10 s at 50 connections each, against
// the landing page, the signed-in /dashboard, /api/dashboard/data and /healthz
// (the floor), and the dashboard rendered without the page cache (a query string
// is never cached) to show the render's own cost. Writes bench/results/server.json
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
import autocannon, { type Options, type Result } from "autocannon";
import { ensureBuild, freshDatabase, ROOT, seedAccount, seedModuleData, startServer } from "./harness";

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
};

// No progress bar: the output is a table.
function run(opts: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function main() {
  await ensureBuild();
  const loadBefore = os.loadavg();
  const { dir, file } = freshDatabase();
  const { tenantId, cookie } = await seedAccount(file, { plan: "business" });
  seedModuleData(file, tenantId);
  const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = await startServer({ dbFile: file, quietLog: true, env: { ...EXTRA_ENV }, nodeArgs: NODE_ARGS });

  const targets = [
    { name: "healthz", path: "/healthz" } as { name: string; path: string; headers?: Record<string, string> },
    { name: "landing", path: "/" },
    { name: "dashboard", path: "/dashboard", headers: { cookie } },
    { name: "api-dashboard-data", path: "/api/dashboard/data", headers: { cookie } },
    // The same page rendered on every request: a query string is never looked up in
    // the page cache (docs/decisions/012), so this shows what a render costs.
    { name: "dashboard-render", path: "/dashboard?render=1", headers: { cookie } },
  ].filter((t) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(",").includes(t.name));

  // Sanity: every target answers 200 before it is measured (a redirect to /login would flatter /dashboard).
  for (const t of targets) {
    const r = await fetch(server.url + t.path, {
      headers: { ...(t.headers ?? {}), "accept-encoding": "gzip" },
      redirect: "manual",
    });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${t.path} answered ${r.status} before the benchmark`);
  }

  // peakRss covers the four targets (and their warm-ups); the extra
  // dashboard-render run, which renders on every request, is reported in its own row
  // and in peakRssMbWithRender.
  let peakRss = server.rss() ?? 0;
  let renderPeak = 0;
  let inRenderRun = false;
  let targetPeak = 0;
  const sampler = setInterval(() => {
    const rss = server.rss();
    if (rss && !inRenderRun && rss > peakRss) peakRss = rss;
    if (rss && rss > renderPeak) renderPeak = rss;
    if (rss && rss > targetPeak) targetPeak = rss;
  }, 100);

  const results: Record<string, TargetResult> = {};
  try {
    for (const t of targets) {
      inRenderRun = t.name === "dashboard-render";
      // Short warm-up so the JIT and SQLite page cache are the steady state being measured.
      await run({
        url: server.url + t.path,
        connections: 10,
        duration: 2,
        headers: { ...(t.headers ?? {}), "accept-encoding": "gzip, deflate, br" },
      });
      targetPeak = 0;
      const cpuBefore = server.cpuMs();
      const r = await run({
        url: server.url + t.path,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { ...(t.headers ?? {}), "accept-encoding": "gzip, deflate, br" },
      });
      const cpuAfter = server.cpuMs();
      const non2xx = r.non2xx ?? 0;
      results[t.name] = {
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
  } finally {
    clearInterval(sampler);
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const floor = results.healthz?.requestsPerSecond;
  for (const r of Object.values(results))
    r.ratioToHealthz = floor ? Math.round((r.requestsPerSecond / floor) * 100) / 100 : null;
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
    peakRssMbWithRender: Math.round(renderPeak / 1048576),
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
    "x healthz": r.ratioToHealthz,
    "server CPU ms/req": r.serverCpuMsPerRequest,
    "peak RSS MB": r.peakRssMb,
  }));
  console.table(rows);
  console.log(
    `load average ${report.loadAverage.before} -> ${report.loadAverage.after} on ${report.machine.cpus} cores; peak RSS ${report.peakRssMb} MB (${report.peakRssMbWithRender} MB with the render run); ${DURATION} s at ${CONNECTIONS} connections each; written to ${path.relative(ROOT, OUT)}`,
  );
  if (report.targets)
    for (const [k, v] of Object.entries(report.targets))
      console.log(`${v.met ? "met " : "MISS"} ${k}: ${v.value} (target ${v.target})`);
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
