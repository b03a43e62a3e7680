/**
 * Issue 10: the production server (built app, `node server.js`) answers
 * /healthz in under 100 ms while the phishing analyzer works through the
 * worst inputs known for it, posted at the API's size, several at once; and
 * every one of them gets a stored verdict (201), none a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";
import { CASES } from "../../bench/phishing-hostile";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-phish-healthz-");
  ({ cookie } = await seedAccount(db.file, { plan: "pro" }));
  server = await startServer({ dbFile: db.file });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

async function timedHealthz(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${server.url}/healthz`);
  await res.text();
  expect(res.status).toBe(200);
  return performance.now() - t;
}

describe("the phishing analyzer under hostile input", () => {
  it("leaves /healthz answering in under 100 ms and gives every message a verdict", async () => {
    // Warm up: the worker pool starts with the first analysis.
    const warm = await fetch(`${server.url}/api/phishing/analyze`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ raw: "From: a@example.com\r\nSubject: warm\r\n\r\nhello\r\n" }),
    });
    expect(warm.status).toBe(201);

    // Each worst input at about 1.5 MB (the sizes were 100-400 KB).
    const posts = Object.values(CASES).map((make) =>
      fetch(`${server.url}/api/phishing/analyze`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ raw: make(1_500_000) }),
      }).then(async (r) => ({ status: r.status, body: await r.json() })),
    );
    let done = false;
    const all = Promise.all(posts).finally(() => (done = true));
    const times: number[] = [];
    // Probe /healthz while the analyses run, once the request bodies have been read (reading and
    // parsing 7 MB of JSON is the HTTP layer's work, not the analyzer's).
    await new Promise((r) => setTimeout(r, 300));
    while (!done) {
      times.push(await timedHealthz());
      await new Promise((r) => setTimeout(r, 20));
    }
    const results = await all;
    for (const r of results) {
      // 201 for a new message; 200 with alreadyAnalysed when the same message came twice (issue 31).
      expect([200, 201], JSON.stringify(r.body).slice(0, 300)).toContain(r.status);
      expect(["low", "medium", "high"]).toContain(r.body.risk);
    }
    expect(times.length).toBeGreaterThan(0);
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
    console.log(
      JSON.stringify({ healthzProbes: times.length, p95Ms: Math.round(p95), maxMs: Math.round(sorted.at(-1)!) }),
    );
    // Before this work, /healthz waited for each analysis in turn: 8-50 s for these inputs. The bound is on
    // the 95th percentile so that a scheduler stall of the shared test machine (load average 20-30 on 2
    // cores while eight suites run; one probe stalled 1.2 s with the server-runtime suite beside it) cannot
    // fail it, while an analysis on the event loop still would: it delays every probe taken during it.
    expect(p95).toBeLessThan(100);
    // The analyses ran in the worker pool, not in-process on the fallback path.
    expect(server.stderr()).not.toContain("worker pool unavailable");
  }, 120_000);
});
