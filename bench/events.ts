/**
 * Event ingestion and search benchmark (issue 14): generates N realistic
 * events (sshd, Windows 4624/4625/4688, web access lines in JSON), stores them
 * through the real store (batches of 1,000, FTS5, anomaly detection on), and
 * reports events/s, RSS, database size per million events and the longest
 * event-loop stall during ingestion; then runs a mix of /logs searches over
 * the last 24 hours and reports their median and p95.
 *   npm run bench:events -- [--events 1000000] [--searches 60] [--no-detect] [--checkpoint-on-commit]
 * Uses a temporary database directory; nothing else is touched.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? Number(process.argv[i + 1]) || dflt : dflt;
};
const N = arg("events", 1_000_000);
const SEARCHES = arg("searches", 60);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-events-bench-"));
process.env.DATABASE_URL = path.join(dir, "rampart.db");
process.env.NODE_ENV = "test";
process.env.RAMPART_EVENTS_DAILY_QUOTA = String(N * 2);

const { sqlite, closeDatabase, checkpointInBackground } = await import("../app/lib/db.server");
const { createUser } = await import("../app/modules/accounts/accounts.server");
const { normalize, flatten } = await import("../app/modules/events/parse");
const { storeEvents, setEventsClock, onEventsStored } = await import("../app/modules/events/store.server");
const { detectAnomalies } = await import("../app/modules/events/anomalies.server");
const { searchEvents } = await import("../app/modules/events/search.server");

// As the server runs it (server.ts): WAL checkpoints in a worker thread, not on the loop.
if (!process.argv.includes("--checkpoint-on-commit")) checkpointInBackground();
const { tenantId } = await createUser(`bench-${Date.now()}@example.com`, "a long bench passphrase 1234");
// The events module's own reaction, as app/modules/registry.server.ts subscribes it in the server.
if (!process.argv.includes("--no-detect"))
  onEventsStored(({ tenantId: t, events }) => {
    detectAnomalies(t, events);
  });
const NOW = Date.UTC(2026, 2, 10, 12);
setEventsClock(() => NOW);
const SPAN = 7 * 86_400_000;
const users = Array.from({ length: 200 }, (_, i) => `user${i}`);
const hosts = Array.from({ length: 50 }, (_, i) => `host-${i}`);
const procs = ["svchost.exe", "explorer.exe", "chrome.exe", "powershell.exe", "cmd.exe", "teams.exe", "outlook.exe"];
const paths = ["/", "/login", "/api/items", "/static/app.js", "/admin", "/health", "/search?q=x"];

let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pickOf = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;

function gen(i: number) {
  const time = NOW - SPAN + Math.floor((i / N) * SPAN);
  const host = pickOf(hosts);
  const user = pickOf(users);
  const kind = rnd();
  let fields: Record<string, unknown>;
  let message: string | null = null;
  if (kind < 0.3) {
    fields = {
      EventID: 4688,
      Channel: "Security",
      Computer: host,
      Provider_Name: "Microsoft-Windows-Security-Auditing",
      SubjectUserName: user,
      NewProcessName: `C:\\Windows\\System32\\${pickOf(procs)}`,
      ParentProcessName: `C:\\Windows\\${pickOf(procs)}`,
      CommandLine: `${pickOf(procs)} /c task ${i % 97}`,
    };
  } else if (kind < 0.45) {
    fields = {
      EventID: rnd() < 0.9 ? 4624 : 4625,
      Channel: "Security",
      Computer: host,
      Provider_Name: "Microsoft-Windows-Security-Auditing",
      TargetUserName: user,
      IpAddress: `10.0.${i % 255}.${(i >> 8) % 255}`,
      LogonType: 3,
    };
  } else if (kind < 0.6) {
    message =
      rnd() < 0.8
        ? `Accepted publickey for ${user} from 192.0.2.${i % 255} port ${1000 + (i % 60000)} ssh2`
        : `Failed password for ${user} from 198.51.100.${i % 255} port 22 ssh2`;
    fields = { appName: "sshd", pid: String(1000 + (i % 5000)), facility: "auth" };
  } else {
    const status = rnd() < 0.95 ? 200 : pickOf([301, 403, 404, 500]);
    message = `GET ${pickOf(paths)} ${status}`;
    fields = {
      "http.request.method": "GET",
      "url.path": pickOf(paths),
      "http.response.status_code": status,
      "user_agent.original": "Mozilla/5.0",
      "source.ip": `203.0.113.${i % 255}`,
      "user.name": user,
    };
  }
  const flat = flatten(fields);
  const original = JSON.stringify({ ...fields, message, time });
  return normalize(flat, original, NOW, {
    time,
    host,
    message: message ?? undefined,
    source: kind >= 0.45 && kind < 0.6 ? "sshd" : undefined,
  });
}

// Event-loop stalls while ingesting: a 5 ms timer's lateness, as a page request waiting for the loop would
// see it. The generator below yields every GEN_SLICE events, as a request body's parsing would between
// requests, so what is measured is the store (transactions, FTS, anomaly detection), not the generator.
const stalls: number[] = [];
let last = performance.now();
const timer = setInterval(() => {
  const t = performance.now();
  stalls.push(Math.max(0, t - last - 5));
  last = t;
}, 5);
const GEN_SLICE = 500;
const loadBefore = os.loadavg();

const CHUNK = 10_000; // one request's worth of events at a time
const start = performance.now();
const cpuStart = process.cpuUsage();
let peakRss = 0;
for (let i = 0; i < N; i += CHUNK) {
  const batch = [];
  for (let j = i; j < Math.min(N, i + CHUNK); j += 1) {
    batch.push(gen(j));
    if (j % GEN_SLICE === GEN_SLICE - 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await storeEvents(tenantId, batch, { receivedAt: NOW });
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if ((i / CHUNK) % 20 === 0) process.stderr.write(`\r${i.toLocaleString("en")} events`);
}
const seconds = (performance.now() - start) / 1000;
// CPU time of the whole process (the checkpoint worker included): what the ingestion costs, whatever share of
// the machine the process got. Events per CPU-second is what one free core would sustain (minus I/O waits).
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
clearInterval(timer);
const loadAfter = os.loadavg();
stalls.sort((a, b) => a - b);
const stallPct = (p: number) => stalls[Math.min(stalls.length - 1, Math.floor((p / 100) * stalls.length))] ?? 0;
// The whole WAL into the database file before measuring its size and searching (busy-waits for the worker's
// checkpoint if one is running).
sqlite().pragma("busy_timeout = 10000");
const checkpoint = sqlite().pragma("wal_checkpoint(TRUNCATE)", { simple: false }) as { busy: number; log: number }[];
const dbBytes = fs.statSync(process.env.DATABASE_URL).size;
const walBytes = fs.existsSync(`${process.env.DATABASE_URL}-wal`)
  ? fs.statSync(`${process.env.DATABASE_URL}-wal`).size
  : 0;
process.stderr.write(`\ncheckpoint ${JSON.stringify(checkpoint)} wal ${walBytes} bytes`);
process.stderr.write("\n");

const queries = [
  "",
  "password",
  '"failed password"',
  "EventID:4625",
  "host:host-1*",
  "user.name:user42",
  "EventID:4688 AND NewProcessName:*powershell.exe",
  "http.response.status_code:500 OR http.response.status_code:403",
  "sshd -accepted",
  "TargetUserName:user7 AND NOT LogonType:2",
];
const times: number[] = [];
for (let k = 0; k < SEARCHES; k += 1) {
  const q = queries[k % queries.length]!;
  const t0 = performance.now();
  searchEvents({ tenantId, query: q, from: NOW - 86_400_000, to: NOW + 1 });
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
const perQuery = queries.map((q) => {
  const t0 = performance.now();
  const r = searchEvents({ tenantId, query: q, from: NOW - 86_400_000, to: NOW + 1 });
  return { query: q || "(everything)", ms: Math.round(performance.now() - t0), matches: r.total };
});

console.log(
  JSON.stringify(
    {
      events: N,
      seconds: Math.round(seconds * 10) / 10,
      eventsPerSecond: Math.round(N / seconds),
      cpuSeconds: Math.round(cpuSeconds * 10) / 10,
      eventsPerCpuSecond: Math.round(N / cpuSeconds),
      peakRssMB: Math.round(peakRss / 1048576),
      dbMBPerMillion: Math.round((dbBytes / 1048576) * (1_000_000 / N)),
      maxEventLoopStallMs: Math.round(stalls[stalls.length - 1] ?? 0),
      p99EventLoopStallMs: Math.round(stallPct(99)),
      stallsOver50Ms: stalls.filter((x) => x > 50).length,
      loadAverage: {
        before: loadBefore.map((x) => Math.round(x * 10) / 10),
        after: loadAfter.map((x) => Math.round(x * 10) / 10),
      },
      search: {
        range: "last 24 hours",
        runs: SEARCHES,
        medianMs: Math.round(pct(50)),
        p95Ms: Math.round(pct(95)),
        perQuery,
      },
    },
    null,
    2,
  ),
);
closeDatabase();
fs.rmSync(dir, { recursive: true, force: true });
