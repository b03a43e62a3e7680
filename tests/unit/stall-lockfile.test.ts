/**
 * Issue 26 §3: the production server (built app, `node server.js`) answers
 * /healthz in under 100 ms while lockfile uploads of the worst shapes known
 * (deep YAML, JSON and TOML nesting, 400,000 lines, an 8 MB line) and
 * fast-check-generated ones are read; each upload gets the right 4xx
 * (`{ message, code }`) or a stored project (201), never a 5xx.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";
import { CASES, nestedFlow, type HostileLockfile } from "../../bench/lockfile-hostile";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-lockfile-stall-");
  ({ cookie } = await seedAccount(db.file, { plan: "pro" }));
  server = await startServer({ dbFile: db.file });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

type Answer = { status: number; body: { message?: string; code?: string; packages?: number }; ms: number };

/** The multipart body of an upload, built before probing starts: building it is this process's work. */
function formFor({ filename, content }: HostileLockfile, name = filename): FormData {
  const form = new FormData();
  form.set("file", new Blob([content]), filename);
  form.set("name", name);
  return form;
}

async function upload(lockfile: HostileLockfile | FormData, name?: string): Promise<Answer> {
  const form = lockfile instanceof FormData ? lockfile : formFor(lockfile, name);
  const t = performance.now();
  const res = await fetch(`${server.url}/api/vulnerability/dependencies`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
  });
  const text = await res.text();
  let body: Answer["body"];
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text.slice(0, 200) };
  }
  return { status: res.status, body, ms: Math.round(performance.now() - t) };
}

/** Runs the uploads while probing /healthz; answers the uploads' results and the probes' p95. */
async function whileProbing(uploads: () => Promise<Answer[]>) {
  let done = false;
  const all = uploads().finally(() => (done = true));
  const times: number[] = [];
  // Probing starts once the request bodies are on their way (sending 20 MB is the client's work, not the server's).
  await new Promise((r) => setTimeout(r, 300));
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${server.url}/healthz`);
    await res.text();
    expect(res.status).toBe(200);
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  const results = await all;
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! : 0;
  // How long /healthz was kept waiting beyond 100 ms, summed over the probes: a parse on the event loop
  // adds its whole duration here, while a busy machine's scheduler stalls add a little.
  const stalledMs = times.reduce((sum, t) => sum + Math.max(0, t - 100), 0);
  return {
    results,
    probes: times.length,
    p95: Math.round(p95),
    max: Math.round(sorted.at(-1) ?? 0),
    stalledMs: Math.round(stalledMs),
  };
}

const EXPECTED: Record<keyof typeof CASES, { status: number; code?: string; message?: RegExp }> = {
  "yarn-berry-deep-flow": { status: 400, code: "VALIDATION_ERROR", message: /nested more than 100 levels/ },
  "yarn-berry-deep-map": { status: 400, code: "VALIDATION_ERROR", message: /nested more than 100 levels/ },
  "pnpm-deep-block-seq": { status: 400, code: "VALIDATION_ERROR", message: /nested more than 100 levels/ },
  "requirements-400k-lines": { status: 413, code: "PAYLOAD_TOO_LARGE", message: /more than 300,000 lines/ },
  "package-lock-deep-json": { status: 400, code: "VALIDATION_ERROR", message: /nested more than 100 levels/ },
  "cargo-deep-array": { status: 400, code: "VALIDATION_ERROR", message: /nested more than 100 levels/ },
  "requirements-long-line": { status: 201 },
  "yarn-berry-large-real": { status: 201 },
};

describe("lockfile uploads under hostile input", () => {
  it("leave /healthz under 100 ms and answer the right 4xx or a stored project", async () => {
    // Warm up: the worker pool starts with the first upload.
    const warm = await upload({ filename: "requirements.txt", content: "requests==2.19.0\n" });
    expect(warm.status).toBe(201);

    const names = Object.keys(CASES) as (keyof typeof CASES)[];
    const forms = names.map((n) => formFor(CASES[n]!(), n));
    // Two at a time: one being read by the pool's thread (one on this 2-core machine), one waiting.
    const run = await whileProbing(async () => {
      const out: Answer[] = [];
      for (let i = 0; i < names.length; i += 2)
        out.push(...(await Promise.all(forms.slice(i, i + 2).map((f) => upload(f)))));
      return out;
    });
    console.log(
      JSON.stringify({
        cases: Object.fromEntries(names.map((n, i) => [n, `${run.results[i]!.status} in ${run.results[i]!.ms} ms`])),
        healthzProbes: run.probes,
        p95Ms: run.p95,
        maxMs: run.max,
        stalledMs: run.stalledMs,
      }),
    );
    names.forEach((n, i) => {
      const r = run.results[i]!;
      const want = EXPECTED[n];
      expect({ case: n, status: r.status }, JSON.stringify(r.body).slice(0, 300)).toEqual({
        case: n,
        status: want.status,
      });
      if (want.code) expect(r.body.code).toBe(want.code);
      if (want.message) expect(r.body.message).toMatch(want.message);
    });
    expect(run.results[names.indexOf("yarn-berry-large-real")]!.body.packages).toBeGreaterThan(5000);
    expect(run.probes).toBeGreaterThan(0);
    // Before the fix: p95 96 ms but the longest probe 19.6 s, 19 s stalled in all. The bounds are on the
    // 95th percentile and on the summed stall so that a scheduler stall of the shared 2-core test machine
    // cannot fail them, while parsing on the event loop would.
    expect(run.p95).toBeLessThan(100);
    expect(run.stalledMs).toBeLessThan(2000);
    expect(server.stderr()).not.toContain("worker pool unavailable");
  }, 180_000);

  it("answers fast-check-generated worst cases (nesting depth, line counts, long lines) without a 5xx", async () => {
    const depthCase = fc
      .record({
        depth: fc.integer({ min: 20, max: 20_000 }),
        shape: fc.constantFrom("berry-seq", "berry-map", "pnpm-seq", "json", "cyclonedx", "toml"),
      })
      .map(({ depth, shape }): HostileLockfile & { kind: string; n: number } => {
        const d = Math.min(depth, 700); // YAML deeper than this overflows the parser's stack: cheaper, not worse
        const content = {
          "berry-seq": `__metadata:\n  version: 8\n\n"a@npm:1":\n  version: ${nestedFlow(d)}\n`,
          "berry-map": `__metadata:\n  version: 8\n\n"a@npm:1":\n  version: ${nestedFlow(d, "{a: ", "}")}\n`,
          "pnpm-seq": `lockfileVersion: "9.0"\n\npackages:\n  a@1.0.0:\n    x: ${nestedFlow(d)}\n`,
          json: `{"lockfileVersion":1,"dependencies":{"a":${'{"version":"1.0.0","dependencies":{"a":'.repeat(depth)}{"version":"1.0.0"}${"}}".repeat(depth)}}}`,
          cyclonedx: `{"bomFormat":"CycloneDX","components":${'[{"purl":"pkg:npm/a@1","components":'.repeat(depth)}[]${"}]".repeat(depth)}}`,
          toml: `version = 3\n[[package]]\nname = "a"\nversion = "1.0.0"\nx = ${nestedFlow(depth)}\n`,
        }[shape];
        const filename = { json: "package-lock.json", cyclonedx: "bom.cdx.json", toml: "Cargo.lock" }[shape as string];
        return {
          kind: `depth:${shape}`,
          n: shape.startsWith("berry") || shape === "pnpm-seq" ? d : depth,
          filename: filename ?? (shape === "pnpm-seq" ? "pnpm-lock.yaml" : "yarn.lock"),
          content,
        };
      });
    const linesCase = fc
      .record({
        lines: fc.integer({ min: 1_000, max: 450_000 }),
        shape: fc.constantFrom("requirements", "go.sum", "yarn-v1", "gemfile"),
      })
      .map(({ lines, shape }) => {
        const line = {
          requirements: (i: number) => `p${i}==1.${i}\n`,
          "go.sum": (i: number) => `example.com/m${i} v1.0.${i} h1:abc=\n`,
          "yarn-v1": (i: number) => (i % 2 ? `  version "1.0.${i}"\n` : `p${i}@^1:\n`),
          gemfile: (i: number) =>
            i === 0 ? "GEM\n  remote: https://rubygems.org/\n  specs:\n" : `    g${i} (1.0.${i})\n`,
        }[shape];
        const filename = {
          requirements: "requirements.txt",
          "go.sum": "go.sum",
          "yarn-v1": "yarn.lock",
          gemfile: "Gemfile.lock",
        }[shape];
        return {
          kind: `lines:${shape}`,
          n: lines,
          filename,
          content: Array.from({ length: lines }, (_, i) => line(i)).join(""),
        };
      });
    const longLineCase = fc
      .record({
        length: fc.integer({ min: 10_000, max: 6_000_000 }),
        shape: fc.constantFrom("requirements", "go.sum", "yarn-v1", "pnpm-key"),
      })
      .map(({ length, shape }) => {
        const filler = "a".repeat(length);
        const content = {
          requirements: `${filler}[${filler.slice(0, 1000)} ==1.0 ; python_version < "3" # ${filler.slice(0, 1000)}\n`,
          "go.sum": `example.com/${filler} v1.0.0 h1:abc=\n`,
          "yarn-v1": `"${filler}@^1":\n  version "1.0.0"\n`,
          "pnpm-key": `lockfileVersion: "9.0"\n\npackages:\n  /@${filler}/1.0.0:\n    resolution: {integrity: x}\n`,
        }[shape];
        const filename = {
          requirements: "requirements.txt",
          "go.sum": "go.sum",
          "yarn-v1": "yarn.lock",
          "pnpm-key": "pnpm-lock.yaml",
        }[shape];
        return { kind: `long-line:${shape}`, n: length, filename, content };
      });
    const samples = fc.sample(fc.oneof(depthCase, linesCase, longLineCase), { numRuns: 12, seed: 26 });
    const forms = samples.map((s) => formFor(s));

    // Two at a time, as above.
    const results: Answer[] = [];
    const run = await whileProbing(async () => {
      for (let i = 0; i < samples.length; i += 2)
        results.push(...(await Promise.all(forms.slice(i, i + 2).map((f) => upload(f)))));
      return results;
    });
    console.log(
      JSON.stringify({
        generated: samples.map((s, i) => `${s.kind} n=${s.n}: ${results[i]!.status} in ${results[i]!.ms} ms`),
        healthzProbes: run.probes,
        p95Ms: run.p95,
        maxMs: run.max,
        stalledMs: run.stalledMs,
      }),
    );
    samples.forEach((s, i) => {
      const r = results[i]!;
      const label = `${s.kind} n=${s.n}: ${JSON.stringify(r.body).slice(0, 200)}`;
      expect([201, 400, 413], label).toContain(r.status);
      if (r.status >= 400)
        expect(typeof r.body.message === "string" && typeof r.body.code === "string", label).toBe(true);
      if (s.kind.startsWith("depth:") && s.n > 100) expect(r.status, label).toBe(400);
      if (s.kind.startsWith("lines:") && s.n > 300_000) expect(r.status, label).toBe(413);
    });
    expect(run.p95).toBeLessThan(100);
    expect(run.stalledMs).toBeLessThan(2000);
  }, 240_000);

  it("refuses bodies that cost per value (nested JSON, a form of millions of fields) without holding /healthz", async () => {
    // Before: 20 MB of nested brackets as the JSON upload held the event loop in JSON.parse for about 8 s,
    // 10.8 MB of "a=1&" posted to the page for about 2 s.
    // Encoded before probing starts, as the other bodies are built.
    const nested = new Blob(['{"filename":"a","content":' + "[".repeat(10_000_000) + "]".repeat(10_000_000) + "}"]);
    const fields = new Blob(["a=1&".repeat(2_700_000)]);
    const post = async (path: string, type: string, body: Blob): Promise<Answer> => {
      const t = performance.now();
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": type },
        body,
      });
      await res.text();
      return { status: res.status, body: {}, ms: Math.round(performance.now() - t) };
    };
    // Three rounds, one after the other: enough probes for a 95th percentile.
    const run = await whileProbing(async () => {
      const out: Answer[] = [];
      for (let round = 0; round < 3; round++) {
        out.push(await post("/api/vulnerability/dependencies", "application/json", nested));
        out.push(await post("/vulnerability", "application/x-www-form-urlencoded", fields));
      }
      return out;
    });
    console.log(
      JSON.stringify({
        answers: run.results.map((r) => `${r.status} in ${r.ms} ms`),
        p95Ms: run.p95,
        maxMs: run.max,
        stalledMs: run.stalledMs,
      }),
    );
    expect(run.results.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    // Not the 95th percentile here: the server reads each 20 MB body into memory and decodes it on the event
    // loop (the HTTP layer's work, 100-200 ms a body on the loaded machine), and these runs are short. The
    // summed stall tells parsing on the loop apart: before, over 20 s.
    expect(run.stalledMs).toBeLessThan(2000);
    expect(run.max).toBeLessThan(1000);
  }, 120_000);
});
