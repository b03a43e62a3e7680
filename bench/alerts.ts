// Alert notifications through the durable outbox to a loopback webhook:
//  1. throughput: a burst of alerts, each routed by a rule to a signed webhook,
//     timed until the receiver has every delivery (notifications per second);
//  2. latency: alerts raised one at a time (every 20 ms), time from raiseAlert()
//     to the receiver reading the request (median, p99).
// A fresh migrated SQLite file in a temporary directory; the receiver runs in
// the same process (it shares the event loop, so the figures are conservative).
//   npm run bench:alerts [-- --count 1000 --latency 200]
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) || fallback : fallback;
};
const COUNT = arg("count", 1000);
const LATENCY_COUNT = arg("latency", 200);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rampart-alerts-bench-"));
process.env.DATABASE_URL = path.join(dir, "rampart.db");
process.env.RAMPART_ALLOW_PRIVATE_TARGETS = "1";
process.env.NODE_ENV = "production";
const { migrateDatabase } = await import("~/lib/db.server");
migrateDatabase(process.env.DATABASE_URL);

const { createUser } = await import("~/modules/accounts/accounts.server");
const alerting = await import("~/modules/alerts");
const { sqlite } = await import("~/lib/db.server");

const received = new Map<string, number>();
let waiter: (() => void) | null = null;
let target = 0;
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const at = performance.now();
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { alert: { title: string } };
    received.set(body.alert.title, at);
    res.writeHead(204).end();
    if (waiter && received.size >= target) waiter();
  });
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

const { tenantId } = await createUser(`bench-${Date.now()}@example.com`, "a long bench passphrase 123456");
const channel = await alerting.createChannel(tenantId, { type: "webhook", name: "bench", url }, null);
alerting.createRule(tenantId, {
  name: "all",
  matchSource: null,
  minSeverity: "low",
  matchText: null,
  escalationPolicyId: null,
  channelIds: [channel.id],
  mode: "all",
});
alerting.startAlertingWorker();

const done = (n: number) =>
  new Promise<void>((resolve) => {
    target = n;
    if (received.size >= n) return resolve();
    waiter = resolve;
  });

// 1. throughput
const t0 = performance.now();
for (let i = 0; i < COUNT; i++)
  alerting.raiseAlert({ tenantId, source: "bench", severity: "high", title: `burst ${i}`, entity: `e${i}` });
const raisedAt = performance.now();
await done(COUNT);
const t1 = performance.now();

// 2. latency
const sentAt = new Map<string, number>();
for (let i = 0; i < LATENCY_COUNT; i++) {
  const title = `latency ${i}`;
  sentAt.set(title, performance.now());
  alerting.raiseAlert({ tenantId, source: "bench", severity: "high", title, entity: `l${i}` });
  await new Promise((r) => setTimeout(r, 20));
}
await done(COUNT + LATENCY_COUNT);
const latencies = [...sentAt].map(([title, at]) => received.get(title)! - at).sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
const attempts = (sqlite().prepare("SELECT count(*) AS n FROM notification_attempts").get() as { n: number }).n;

console.log(
  JSON.stringify(
    {
      burst: {
        alerts: COUNT,
        raiseMs: Math.round(raisedAt - t0),
        deliveredMs: Math.round(t1 - t0),
        notificationsPerSecond: Math.round((COUNT / (t1 - t0)) * 1000),
      },
      latency: {
        alerts: LATENCY_COUNT,
        medianMs: Number(pct(50).toFixed(1)),
        p99Ms: Number(pct(99).toFixed(1)),
        maxMs: Number(latencies.at(-1)!.toFixed(1)),
      },
      attemptsRecorded: attempts,
    },
    null,
    2,
  ),
);
alerting.stopAlertingWorker();
server.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
