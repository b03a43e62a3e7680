/**
 * Issue 26 §2: the production server (built app, `node server.js`) answers
 * /healthz in under 100 ms while the pasted-response grader works through the
 * worst inputs known for it, posted to the API (POST /api/vulnerability/headers)
 * and to the page's form (POST /vulnerability, intent=paste), and through
 * generated ones (deep nesting, many policies, long directive lists); every
 * paste gets a grade. Before the fix, 2 MB of nested <div> held the server
 * 107 s and 2 MB of <meta> policies more than 300 s.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";
import { CASES, SIZES, type PasteCase } from "../../bench/headers-hostile";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-stall-headers-");
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

/** The request body of a paste, built before the probing starts (building 2 MB strings here would delay the probes' own timing). */
const pasteBody = (c: PasteCase) => JSON.stringify({ url: "https://example.com/", ...c });

function postPaste(c: PasteCase | string) {
  return fetch(`${server.url}/api/vulnerability/headers`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: typeof c === "string" ? c : pasteBody(c),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { grade?: string; tests?: unknown[] } }));
}

/** The page's paste form, as a browser sends it (multipart/form-data: the form's encType). */
function postForm(c: PasteCase) {
  const form = new FormData();
  form.set("intent", "paste");
  form.set("url", "https://example.com/");
  form.set("headers", c.headers);
  form.set("html", c.html ?? "");
  return fetch(`${server.url}/vulnerability`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
  }).then(async (r) => ({ status: r.status, text: await r.text() }));
}

/** Runs `work`, probing /healthz every 20 ms meanwhile; the 95th percentile of the probes. */
async function probeWhile<T>(
  work: () => Promise<T>,
  firstProbeAfterMs = 200,
): Promise<{ result: T; p95: number; probes: number; max: number; times: number[] }> {
  let done = false;
  const running = work().finally(() => (done = true));
  const times: number[] = [];
  // The first probe once the request bodies are on their way (reading and parsing a few MB of
  // JSON is the HTTP layer's work, not the grader's).
  await new Promise((r) => setTimeout(r, firstProbeAfterMs));
  while (!done) {
    times.push(await timedHealthz());
    await new Promise((r) => setTimeout(r, 20));
  }
  const result = await running;
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! : 0;
  return { result, p95, probes: times.length, max: sorted.at(-1) ?? 0, times };
}

describe("the pasted-response grader under hostile input", () => {
  it("leaves /healthz answering in under 100 ms and grades every worst paste (API)", async () => {
    // Warm up: each case once at a twentieth of its size (the grader's code compiled, as on a running server).
    for (const [name, make] of Object.entries(CASES))
      expect((await postPaste(make(SIZES[name]! / 20))).status).toBe(200);
    const bodies = Object.entries(CASES).map(([name, make]) => [name, pasteBody(make(SIZES[name]!))] as const);
    // One at a time, each body built beforehand.
    const { result, p95, probes, max, times } = await probeWhile(async () => {
      const out: { name: string; status: number; grade?: string }[] = [];
      for (const [name, body] of bodies) {
        const r = await postPaste(body);
        out.push({ name, status: r.status, grade: r.body.grade });
      }
      return out;
    });
    console.log(
      JSON.stringify({
        healthzProbes: probes,
        p95Ms: Math.round(p95),
        maxMs: Math.round(max),
        all: times.map(Math.round),
      }),
    );
    for (const r of result) {
      expect(r, r.name).toMatchObject({ status: 200 });
      expect(r.grade, r.name).toMatch(/^[A-F][+-]?$/);
    }
    expect(probes).toBeGreaterThan(0);
    // On the 95th percentile so that one scheduler stall of the shared 2-core test machine cannot fail it,
    // while a grader holding the event loop (107 s for the first case before the fix) would delay every probe.
    expect(p95).toBeLessThan(100);
  }, 180_000);

  it("the page's paste form grades the worst pages without holding up /healthz", async () => {
    // Warm up: the page's first render loads its code.
    expect((await postForm({ headers: "x-warm: up", html: "<p>warm</p>" })).status).toBe(200);
    const pages = [CASES["nested-divs"]!(1_900_000), CASES["meta-csp"]!(1_900_000)];
    const { result, p95, probes, times } = await probeWhile(async () => [
      await postForm(pages[0]!),
      await postForm(pages[1]!),
    ]);
    console.log(
      JSON.stringify({ form: true, healthzProbes: probes, p95Ms: Math.round(p95), all: times.map(Math.round) }),
    );
    for (const r of result) {
      expect(r.status).toBe(200);
      expect(r.text).toContain("subresource-integrity");
    }
    expect(p95).toBeLessThan(100);
  }, 180_000);

  it("generated worst cases (deep nesting, many policies, long directive lists) stay under the bound", async () => {
    const tag = fc.constantFrom("div", "span", "form", "svg", "math", "table", "p", "li", "select", "a", "x-y");
    const nesting = fc
      .tuple(fc.array(tag, { minLength: 1, maxLength: 6 }), fc.integer({ min: 500_000, max: 1_900_000 }), fc.boolean())
      .map(([tags, bytes, strayEnds]): PasteCase => {
        const unit = tags.map((t) => `<${t}>`).join("") + (strayEnds ? tags.map((t) => `</${t}z>`).join("") : "");
        return {
          headers: "content-type: text/html",
          html: unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes),
        };
      });
    const directives = fc
      .tuple(
        fc.uniqueArray(fc.constantFrom("img-src", "script-src", "default-src", "style-src"), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 1, max: 8 }),
      )
      .map(([names, n]) =>
        names.map((d) => `${d} ${Array.from({ length: n }, (_, i) => `https://h${i}.example/p/`).join(" ")}`),
      );
    const manyPolicies = fc
      .tuple(directives, fc.integer({ min: 100, max: 3000 }), fc.boolean())
      .map(([dirs, count, asMeta]): PasteCase => {
        const policy = dirs.join("; ");
        if (asMeta) {
          const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
          return {
            headers: "content-type: text/html",
            html: meta.repeat(Math.min(count * 10, Math.floor(1_900_000 / meta.length))),
          };
        }
        const line = `content-security-policy: ${policy}\n`;
        return { headers: line.repeat(Math.min(count, Math.floor(250_000 / line.length))) };
      });
    const longDirectives = fc
      .tuple(fc.integer({ min: 1000, max: 60_000 }), fc.constantFrom("a ", "https://x.example/ ", "'self' ", "%41/ "))
      .map(([bytes, unit]): PasteCase => ({
        headers: `content-security-policy: img-src ${unit.repeat(Math.ceil(bytes / unit.length)).slice(0, 60_000)}\n`,
      }));
    const pastes = fc.sample(fc.oneof(nesting, manyPolicies, longDirectives), { numRuns: 12, seed: 26 }).map(pasteBody);
    const { result, p95, probes } = await probeWhile(async () => {
      const out = [];
      for (const p of pastes) out.push(await postPaste(p));
      return out;
    });
    console.log(JSON.stringify({ generated: pastes.length, healthzProbes: probes, p95Ms: Math.round(p95) }));
    for (const r of result) expect(r.status, JSON.stringify(r.body).slice(0, 200)).toBe(200);
    expect(p95).toBeLessThan(100);
  }, 240_000);

  it("a paste over a size limit is a 413 {message, code}", async () => {
    const html = await postPaste({ headers: "a: b", html: "x".repeat(2 * 1024 * 1024 + 1) });
    expect(html).toEqual({
      status: 413,
      body: { message: "html is too long (2 MB at most)", code: "PAYLOAD_TOO_LARGE" },
    });
    const value = await postPaste({ headers: `content-security-policy: ${"a".repeat(70_000)}` });
    expect(value).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    // A body over the route's 5 MB limit is refused before it is read.
    const body = await fetch(`${server.url}/api/vulnerability/headers`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify({ url: "https://example.com/", headers: "a: b", html: "x".repeat(6 * 1024 * 1024) }),
    });
    expect(body.status).toBe(413);
    expect(await body.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: expect.any(String) });
  }, 60_000);
});
