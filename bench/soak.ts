// npm run bench:soak (not in CI): five minutes of moderate load on the built
// app in production mode — signed-in pages and API calls, the landing page,
// and writes — then checks that RSS after the run is within 10% of RSS after
// the first minute (no leak) and that nothing failed. Writes
// bench/results/soak.json.
//
// Options (environment): SOAK_SECONDS (default 300), SOAK_CONNECTIONS (default 10),
// SOAK_NODE_ARGS (flags for the server's node, e.g. --max-old-space-size=192), SOAK_OUT.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon, { type Result } from "autocannon";
import { ensureBuild, freshDatabase, ROOT, seedAccount, seedModuleData, startServer } from "./harness";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 10);
const OUT = path.resolve(ROOT, process.env.SOAK_OUT ?? "bench/results/soak.json");
const MB = 1048576;

export async function main() {
  await ensureBuild();
  const { dir, file } = freshDatabase("rampart-soak-");
  // Enterprise, so every module route in the mix is open. The writes rotate
  // over ten more accounts: writes are limited per user (600 a minute), and the
  // soak measures the app, not the limiter.
  const { tenantId, cookie } = await seedAccount(file, { plan: "enterprise" });
  seedModuleData(file, tenantId);
  const writers: { cookie: string }[] = [];
  for (let i = 0; i < 10; i++) writers.push(await seedAccount(file, { plan: "enterprise" }));
  const nodeArgs = (process.env.SOAK_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = await startServer({ dbFile: file, quietLog: true, nodeArgs });
  const samples: { t: number; rss: number | null }[] = [];
  const started = Date.now();
  const sampler = setInterval(
    () => samples.push({ t: Math.round((Date.now() - started) / 1000), rss: server.rss() }),
    1000,
  );
  let writes = 0;

  const result = await new Promise<Result>((resolve, reject) => {
    autocannon(
      {
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        // A request slower than 30 s counts as an error (autocannon's default is 10 s,
        // which a 2-core machine busy with other work can exceed without any fault here).
        timeout: 30,
        headers: { cookie, "accept-encoding": "gzip" },
        // Each connection cycles through a signed-in session's typical requests.
        requests: [
          { method: "GET", path: "/dashboard" },
          { method: "GET", path: "/api/dashboard/data" },
          { method: "GET", path: "/api/alerts/active" },
          { method: "GET", path: "/" },
          { method: "GET", path: "/alerts" },
          { method: "GET", path: "/api/user/plan" },
          {
            // A stored write: each analysed message becomes a phishing item.
            method: "POST",
            path: "/api/phishing/analyze",
            setupRequest: (req: { headers?: Record<string, string> }) => {
              const w = writers[++writes % writers.length];
              return {
                ...req,
                headers: { ...req.headers, "content-type": "application/json", cookie: w.cookie },
                body: JSON.stringify({
                  raw: `From: "IT desk" <it-${writes}@example.net>\r\nTo: you@example.com\r\nSubject: Password expires ${writes}\r\n\r\nReset it at http://example.net/reset/${writes}`,
                }),
              };
            },
          },
          { method: "GET", path: "/healthz" },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
  clearInterval(sampler);
  // Let in-flight work settle, then take the after-run figure.
  await new Promise((r) => setTimeout(r, 2000));
  const after = server.rss() ?? 0;
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });

  const atMinute = samples.find((s) => s.t >= Math.min(60, Math.floor(SECONDS / 5)))?.rss ?? samples[0]?.rss;
  const growth = atMinute ? (after - atMinute) / atMinute : null;
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    seconds: SECONDS,
    connections: CONNECTIONS,
    serverNodeArgs: nodeArgs,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors,
    non2xx: result.non2xx ?? 0,
    timeouts: result.timeouts,
    writesSent: writes,
    rssAfterFirstMinuteMb: atMinute ? Math.round((atMinute / MB) * 10) / 10 : null,
    rssAfterRunMb: Math.round((after / MB) * 10) / 10,
    peakRssMb: Math.round((Math.max(...samples.map((s) => s.rss ?? 0)) / MB) * 10) / 10,
    rssGrowthPercent: growth === null ? null : Math.round(growth * 1000) / 10,
    passed: errors === 0 && growth !== null && growth <= 0.1,
    rssEvery10s: samples
      .filter((s) => s.t % 10 === 0)
      .map((s) => ({ t: s.t, mb: Math.round(((s.rss ?? 0) / MB) * 10) / 10 })),
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(report, null, 2) + "\n");
  console.log(
    `soak ${SECONDS} s at ${CONNECTIONS} connections: ${report.requests} requests (${report.requestsPerSecond}/s), p99 ${report.p99Ms} ms, errors ${errors}; ` +
      `RSS ${report.rssAfterFirstMinuteMb} MB after the first minute, ${report.rssAfterRunMb} MB after the run (${report.rssGrowthPercent}%): ${report.passed ? "PASS" : "FAIL"}`,
  );
  if (!report.passed) process.exitCode = 1;
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
