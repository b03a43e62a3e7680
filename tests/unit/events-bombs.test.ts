/**
 * Issue 26 §8 through the production server (built app, `node build/server.js`): a few kilobytes of gzip that
 * inflate past the 10 MB cap, or into more than 50,000 events, answer 413 and store nothing, to /api/events and
 * to the Splunk HEC endpoint, while /healthz keeps answering in under 100 ms (p95); and the day's quota in stored
 * bytes holds. Bomb shapes are generated with fast-check: repeated lines, nested JSON, long fields.
 */
import fs from "node:fs";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import { gzip } from "node:zlib";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";

const DAILY_MB = 2;
let server: RunningServer;
let dbFile: string;
let token: string;
let tenantId: string;

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-events-bombs-");
  dbFile = db.file;
  const account = await seedAccount(db.file, { plan: "business" });
  tenantId = account.tenantId;
  server = await startServer({ dbFile: db.file, env: { RAMPART_EVENTS_DAILY_MB: String(DAILY_MB) } });
  const res = await fetch(`${server.url}/api/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: account.cookie },
    body: JSON.stringify({ name: "shipper", scopes: ["events:write"] }),
  });
  expect(res.status).toBe(201);
  ({ token } = (await res.json()) as { token: string });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

function storedEvents(): number {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare("SELECT count(*) n FROM events WHERE tenant_id = ?").get(tenantId) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The database's bytes on disk, write-ahead log included. */
function databaseBytes(): number {
  let n = 0;
  for (const f of [dbFile, `${dbFile}-wal`]) if (fs.existsSync(f)) n += fs.statSync(f).size;
  return n;
}

type Bomb = { name: string; endpoint: "events" | "hec"; contentType: string; inflated: () => Buffer };

/** Text repeated to `bytes` (built once as a Buffer, so 64 MB costs one allocation). */
const repeated = (unit: string, bytes: number, head = "", tail = "") => {
  const out = Buffer.alloc(bytes);
  out.write(head);
  out.fill(unit, Buffer.byteLength(head), bytes - Buffer.byteLength(tail));
  out.write(tail, bytes - Buffer.byteLength(tail));
  return out;
};
const MB = 1024 * 1024;

const bombs: fc.Arbitrary<Bomb> = fc.oneof(
  // Repeated lines under the 10 MB cap: what 18.7 KB once made 600,000 events of.
  fc
    .record({
      line: fc.constantFrom('{"a":1}', '{"message":"x","host":"h"}', "<13>Nov 27 08:00:00 host app: x"),
      count: fc.integer({ min: 50_001, max: 300_000 }),
    })
    .map(({ line, count }) => ({
      name: `${count} lines of ${line}`,
      endpoint: "events" as const,
      contentType: line.startsWith("{") ? "application/x-ndjson" : "text/plain",
      inflated: () => Buffer.from(`${line}\n`.repeat(count)),
    })),
  fc.integer({ min: 50_001, max: 300_000 }).map((count) => ({
    name: `${count} HEC envelopes`,
    endpoint: "hec" as const,
    contentType: "application/json",
    inflated: () => Buffer.from('{"event":"x"}'.repeat(count)),
  })),
  fc.integer({ min: 50_001, max: 300_000 }).map((count) => ({
    name: `a JSON array of ${count} events`,
    endpoint: "events" as const,
    contentType: "application/json",
    inflated: () => Buffer.from(`[${Array(count).fill('{"a":1}').join(",")}]`),
  })),
  // Past the cap: nested JSON and one long field, 11-64 MB inflated.
  fc
    .record({
      shape: fc.constantFrom("nested arrays", "nested objects", "long field"),
      mb: fc.integer({ min: 11, max: 64 }),
      endpoint: fc.constantFrom("events" as const, "hec" as const),
    })
    .map(({ shape, mb, endpoint }) => ({
      name: `${mb} MB of ${shape} to ${endpoint}`,
      endpoint,
      contentType: endpoint === "hec" ? "application/json" : "application/x-ndjson",
      inflated: () =>
        shape === "nested arrays"
          ? repeated("[", mb * MB, endpoint === "hec" ? '{"event":' : "")
          : shape === "nested objects"
            ? repeated('{"a":', mb * MB, endpoint === "hec" ? '{"event":' : "")
            : repeated("A", mb * MB, endpoint === "hec" ? '{"event":"' : '{"message":"', '"}'),
    })),
);

/** Always tried, whatever the random draw: each over-the-cap shape at 64 MB, and the issue's own shape. */
const EXAMPLES: [Bomb][] = [
  ...(["events", "hec"] as const).flatMap((endpoint) =>
    [
      ["nested arrays", "["],
      ["long field", "A"],
    ].map(([shape, unit]): [Bomb] => [
      {
        name: `64 MB of ${shape} to ${endpoint}`,
        endpoint,
        contentType: "application/json",
        inflated: () => repeated(unit!, 64 * MB, unit === "A" ? '{"event":"' : '{"event":', unit === "A" ? '"}' : ""),
      },
    ]),
  ),
  [
    {
      name: "600,000 tiny events",
      endpoint: "events",
      contentType: "application/x-ndjson",
      inflated: () => Buffer.from('{"m":"AAAAAAAA"}\n'.repeat(600_000)),
    },
  ],
];

async function post(bomb: Bomb, body: Buffer) {
  const res = await fetch(`${server.url}${bomb.endpoint === "hec" ? "/services/collector/event" : "/api/events"}`, {
    method: "POST",
    headers: {
      Authorization: bomb.endpoint === "hec" ? `Splunk ${token}` : `Bearer ${token}`,
      "Content-Type": bomb.contentType,
      "Content-Encoding": "gzip",
    },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const gzipAsync = promisify(gzip);

/**
 * Probes /healthz every 20 ms from a worker thread until stopped, and answers the latencies: the probes' clock
 * is not held up by this file's own work (building and compressing 64 MB bombs), only by the server's.
 */
function probeHealthz(url: string): { stop: () => Promise<number[]> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const times = [];
     let on = true;
     parentPort.on("message", () => { on = false; });
     (async () => {
       while (on) {
         const t = performance.now();
         const res = await fetch(workerData + "/healthz");
         await res.text();
         times.push(res.status === 200 ? performance.now() - t : Infinity);
         await new Promise((r) => setTimeout(r, 20));
       }
       parentPort.postMessage(times);
     })();`,
    { eval: true, workerData: url },
  );
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once("message", (times: number[]) => void worker.terminate().then(() => resolve(times)));
        worker.once("error", reject);
        worker.postMessage("stop");
      }),
  };
}

const p95 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};

describe("compression bombs through the real server", () => {
  it("answer 413 and store nothing, to /api/events and HEC, with /healthz under 100 ms", async () => {
    const probes = probeHealthz(server.url);
    let times: number[];
    const sent: { name: string; gzip: number; inflated: number; status: number }[] = [];
    try {
      await fc.assert(
        fc.asyncProperty(bombs, async (bomb) => {
          const inflated = bomb.inflated();
          const gz = await gzipAsync(inflated, { level: 9 });
          const rows = storedEvents();
          const bytes = databaseBytes();
          const answer = await post(bomb, gz);
          sent.push({ name: bomb.name, gzip: gz.length, inflated: inflated.length, status: answer.status });
          expect(answer.status, `${bomb.name}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(413);
          // { message, code } on /api/events; HEC's own { text, code: 6 } for every refusal (issue 28).
          if (bomb.endpoint === "events") {
            expect(answer.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
            expect(typeof answer.body.message).toBe("string");
          } else expect(answer.body).toMatchObject({ code: 6, text: expect.any(String) });
          expect(storedEvents(), bomb.name).toBe(rows);
          // The bomb's events would be hundreds of MB; the WAL may still grow by a few pages from the server's own
          // bookkeeping (sessions, jobs) while the request runs, so the bound is 2 MB, not zero.
          expect(databaseBytes() - bytes, bomb.name).toBeLessThan(2 * 1024 * 1024);
        }),
        {
          numRuns: Number(process.env.BOMB_RUNS ?? 8),
          // The issue's shape, always tried: ~19 KB of gzip, 600,000 events' worth under 10 MB.
          examples: EXAMPLES,
        },
      );
    } finally {
      times = await probes.stop();
    }
    console.log(
      JSON.stringify({
        bombs: sent,
        healthzProbes: times.length,
        p95Ms: Math.round(p95(times)),
        slowest: [...times]
          .sort((a, b) => b - a)
          .slice(0, 8)
          .map(Math.round),
      }),
    );
    expect(times.length).toBeGreaterThan(5);
    // The bound is on the 95th percentile, as in phishing-healthz.test.ts: a stall of the shared machine may
    // delay one probe, work on the event loop would delay every probe taken during it.
    expect(p95(times)).toBeLessThan(100);
  }, 300_000);

  it("a request with more than 50,000 events answers the documented 413, uncompressed too", async () => {
    const res = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      body: '{"a":1}\n'.repeat(50_001),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      message: "A request may carry at most 50,000 events: send smaller batches",
      code: "PAYLOAD_TOO_LARGE",
    });
  });
});

describe("the daily quota in stored bytes", () => {
  it(`stops at RAMPART_EVENTS_DAILY_MB=${DAILY_MB} with a 429 that says so`, async () => {
    const before = storedEvents();
    const line = JSON.stringify({ message: "x".repeat(60_000), host: "h" });
    // 40 events of ~78 KB stored each (3 MB): about 26 fit in 2 MB.
    const first = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      body: Array(40).fill(line).join("\n"),
    });
    expect(first.status).toBe(202);
    const result = (await first.json()) as { accepted: number; rejected: { line: number; message: string }[] };
    expect(result.accepted).toBeGreaterThan(10);
    expect(result.accepted).toBeLessThan(40);
    expect(result.rejected[0]).toEqual({ line: result.accepted + 1, message: "The daily event quota is reached" });
    const over = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      body: line,
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await over.json()).toEqual({
      message: `The daily event quota (${DAILY_MB} MB stored) is reached; it resets at midnight UTC`,
      code: "RATE_LIMITED",
    });
    const hec = await fetch(`${server.url}/services/collector/event`, {
      method: "POST",
      headers: { Authorization: `Splunk ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ event: "x".repeat(100_000) }),
    });
    expect(hec.status).toBe(503);
    expect(await hec.json()).toEqual({ text: "Server is busy", code: 9 });
    expect(storedEvents() - before).toBe(result.accepted);
  }, 60_000);
});
