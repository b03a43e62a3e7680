/**
 * Issue 26, item 1: a Sigma rule `CommandLine|re: '^(a+)+$'` and a 30-character event field held the event loop
 * for 3.8 s (doubling per character) in streaming detection and in retro-hunts. Against the production server (built
 * app, `node server.js`): rules with nested-quantifier patterns (the issue's and fast-check's) are added through the
 * API, events whose fields are the worst inputs for them are ingested, a retro-hunt runs over them, and /healthz
 * answers in under 100 ms (p95) throughout. A pattern the linear-time engine cannot run is a 400 naming it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RE_INPUT_CAP } from "~/modules/detection/sigma/regex";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";

let server: RunningServer;
let cookie: string;
let token: string;

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-stall-sigma-");
  // Business: the lowest plan with threat hunting and API tokens
  ({ cookie } = await seedAccount(db.file, { plan: "business" }));
  server = await startServer({ dbFile: db.file });
  const res = await fetch(`${server.url}/api/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ name: "stall test", scopes: ["events:write"] }),
  });
  expect(res.status).toBe(201);
  ({ token } = (await res.json()) as { token: string });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

const ruleYaml = (title: string, patterns: string[]) =>
  [
    `title: ${title}`,
    "level: low",
    "logsource:",
    "  product: test",
    "detection:",
    "  sel:",
    "    CommandLine|re:",
    ...patterns.map((p) => `      - '${p.replaceAll("'", "''")}'`),
    "  condition: sel",
    "",
  ].join("\n");

async function post(path: string, body: unknown, auth: Record<string, string> = { Cookie: cookie }) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...auth },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Runs `work` while probing /healthz every 20 ms; answers the work's result and the probe times. */
async function probing<T>(work: () => Promise<T>): Promise<{ result: T; times: number[]; ms: number }> {
  const started = performance.now();
  let done = false;
  const running = work().finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${server.url}/healthz`);
    await res.text();
    expect(res.status).toBe(200);
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { result: await running, times, ms: performance.now() - started };
}

const p95 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};

// Nested quantifiers (exponential for a backtracking engine) and the inputs that make them fail slowly: each input
// ends in a character no pattern accepts, so the generated rules never match (nothing to record, all matching work).
const patterns = fc.sample(
  fc
    .tuple(
      fc.constantFrom("a", "aa", "a?", "\\w", "[ab]", "(?:a|aa)", "(?:a|a?)", "\\s?a", "[^#]"),
      fc.constantFrom("+", "*", "{1,9}"),
      fc.constantFrom("+", "*", "{2,}"),
      fc.constantFrom("$", "!$", "b$"),
    )
    .map(([atom, q1, q2, end]) => `^((?:${atom})${q1})${q2}${end}`),
  { numRuns: 20, seed: 26 },
);
const inputs = fc.sample(
  fc
    .tuple(fc.constantFrom("a", "aa", "a ", "ab"), fc.integer({ min: 30, max: 4000 }), fc.constantFrom("#", "a#"))
    .map(([unit, n, tail]) => unit.repeat(n).slice(0, n) + tail),
  { numRuns: 40, seed: 1 },
);

describe("Sigma |re under hostile rules and events", () => {
  it("refuses a pattern that needs backtracking with a 400 naming the construct", async () => {
    const r = await post("/api/detection/rules", { yaml: ruleYaml("lookahead", ["^(?=a)(a+)+$"]) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(String(r.body.message)).toMatch(/lookahead \(\?=…\) is not supported/);
  });

  it("keeps /healthz under 100 ms while detection and a retro-hunt run the worst patterns over long fields", async () => {
    const issueRule = ruleYaml("the issue's rule", ["^(a+)+$"]);
    // one rule per generated pattern, as SigmaHQ rules mostly have one or two
    const ids: string[] = [];
    for (const yaml of [issueRule, ...[...new Set(patterns)].map((p, i) => ruleYaml(`generated ${i}`, [p]))]) {
      const r = await post("/api/detection/rules", { yaml });
      expect(r, JSON.stringify(r.body)).toMatchObject({ status: 201 });
      ids.push(r.body.id as string);
    }

    // 30 and 34 characters (the issue's figures) up to the 4,096 a pattern reads; a few that match.
    const values = ["a".repeat(30) + "!", "a".repeat(34) + "!", "a".repeat(4000) + "!", ...inputs, "a".repeat(34)];
    const events = Array.from({ length: 120 }, (_, i) => ({
      "@timestamp": new Date(Date.now() - 60_000 + i).toISOString(),
      host: "web-1",
      product: "test",
      message: `event ${i}`,
      CommandLine: values[i % values.length],
    }));
    // Streaming detection finds the events whose first RE_INPUT_CAP characters match `^(a+)+$`.
    const expected = events.filter((e) => /^a+$/.test(e.CommandLine.slice(0, RE_INPUT_CAP))).length;
    expect(expected).toBeGreaterThan(0);
    const detected = async () => {
      const res = await fetch(`${server.url}/api/detections?limit=1000&ruleId=${ids[0]}`, {
        headers: { Cookie: cookie },
      });
      return ((await res.json()) as { detections: unknown[] }).detections.length;
    };
    const ingest = await probing(async () => {
      const r = await post("/api/events", events, { Authorization: `Bearer ${token}` });
      expect(r.status).toBe(202);
      expect(r.body.accepted).toBe(events.length);
      // detection may still be running after the 202: wait for it (bounded by the test's timeout)
      while ((await detected()) < expected) await new Promise((done) => setTimeout(done, 100));
      return r;
    });
    expect(await detected()).toBe(expected);

    const hunt = await probing(() => post("/api/threat-hunting/sigma", { yaml: issueRule }));
    expect(hunt.result.status).toBe(200);
    expect(hunt.result.body.scanned).toBe(events.length);
    expect((hunt.result.body.matches as unknown[]).length).toBe(expected);

    const times = [...ingest.times, ...hunt.times];
    // the same probes with nothing running: how loaded the machine is (for the log line only)
    const idle = (await probing(() => new Promise<void>((done) => setTimeout(done, 1000)))).times;
    console.log(
      JSON.stringify({
        patterns: new Set(patterns).size,
        events: events.length,
        ingestMs: Math.round(ingest.ms),
        huntMs: Math.round(hunt.ms),
        healthzProbes: times.length,
        p95Ms: Math.round(p95(times)),
        idleP95Ms: Math.round(p95(idle)),
        maxMs: Math.round(Math.max(...times)),
      }),
    );
    expect(times.length).toBeGreaterThan(0);
    // p95, not max: a scheduler stall of the shared 2-core test machine must not fail it, while matching on the
    // event loop would (before: 3.8 s per 30-character field, every probe taken meanwhile delayed).
    expect(p95(times)).toBeLessThan(100);
  }, 240_000);
});
