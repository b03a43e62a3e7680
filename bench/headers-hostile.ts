// The worst inputs known for the pasted-headers grader (issue 26 §2), graded
// once in-process at a given size, reporting the time and the grade.
//   npx tsx --tsconfig tsconfig.json bench/headers-hostile.ts -- [--scale 1] [--only name]
import { pathToFileURL } from "node:url";

export type PasteCase = { headers: string; html?: string };

const BASE = "HTTP/2 200\ncontent-type: text/html\nstrict-transport-security: max-age=63072000\n";
const fill = (unit: string, bytes: number) => unit.repeat(Math.max(1, Math.ceil(bytes / unit.length)));

/** Each case builds a paste of about `n` bytes (HTML for the page cases, header text for the others). */
export const CASES: Record<string, (n: number) => PasteCase> = {
  // 2 MB of unclosed <div>: a tree builder's open-element stack as deep as the input.
  "nested-divs": (n) => ({ headers: BASE, html: fill("<div>", n) }),
  // 2 MB of <meta http-equiv> policies: one CSP policy each, merged one by one.
  "meta-csp": (n) => ({
    headers: BASE,
    html: fill('<meta http-equiv="Content-Security-Policy" content="img-src a; script-src \'self\'">', n),
  }),
  // One Content-Security-Policy header of many comma-separated policies.
  "csp-header-policies": (n) => ({ headers: `${BASE}content-security-policy: img-src a${fill(",img-src a", n)}\n` }),
  // One Content-Security-Policy header with one long source list.
  "csp-header-sources": (n) => ({ headers: `${BASE}content-security-policy: img-src ${fill("a ", n)}\n` }),
  // One policy with many directives.
  "csp-header-directives": (n) => ({
    headers: `${BASE}content-security-policy: ${Array.from({ length: Math.ceil(n / 12) }, (_, i) => `d${i}-src a`).join(";")}\n`,
  }),
  // Many Content-Security-Policy header lines.
  "csp-many-headers": (n) => ({ headers: BASE + fill("content-security-policy: img-src a b\n", n) }),
  // Nested <form> elements (a tree builder checks for an open form at each one).
  "nested-forms": (n) => ({ headers: BASE, html: fill("<form>", n) }),
  // Deep nesting then a stray end tag for every element.
  "nested-then-stray-ends": (n) => ({ headers: BASE, html: fill("<div>", n / 2) + fill("</x>", n / 2) }),
  // Many external scripts (SRI checks each).
  "many-scripts": (n) => ({ headers: BASE, html: fill('<script src="https://cdn.example.net/a.js"></script>', n) }),
  // Many Set-Cookie headers.
  "many-cookies": (n) => ({ headers: BASE + fill("set-cookie: a=b; Domain=example.com; SameSite=Lax\n", n) }),
};

/** The sizes of the issue (2 MB of HTML, a 37 KB header; the header text is capped at 256 KB). */
export const SIZES: Record<string, number> = {
  "nested-divs": 2_000_000,
  "meta-csp": 2_000_000,
  "csp-header-policies": 37_000,
  "csp-header-sources": 60_000,
  "csp-header-directives": 60_000,
  "csp-many-headers": 240_000,
  "nested-forms": 2_000_000,
  "nested-then-stray-ends": 2_000_000,
  "many-scripts": 2_000_000,
  "many-cookies": 240_000,
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string, dflt: string) =>
    process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : dflt;
  const scale = Number(arg("--scale", "1"));
  const only = arg("--only", "");
  const { gradePastedResponse } = await import("../app/modules/vulnerability/web/paste");
  const grade = (c: PasteCase) => gradePastedResponse({ url: "https://example.com/", ...c });
  await grade({ headers: BASE, html: "<p>warm up</p>" });
  const results: Record<string, { inputKB: number; ms: number; longestBlockMs: number; grade: string }> = {};
  for (const [name, make] of Object.entries(CASES)) {
    if (only && !only.split(",").includes(name)) continue;
    const c = make(Math.round(SIZES[name]! * scale));
    // The longest time the event loop was held (what a /healthz request waiting alongside would wait):
    // the longest gap between the ticks of a 1 ms timer.
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const t = performance.now();
    const r = await grade(c);
    const ms = performance.now() - t;
    await new Promise((resolve) => setTimeout(resolve, 5));
    clearInterval(timer);
    results[name] = {
      inputKB: Math.round((c.headers.length + (c.html?.length ?? 0)) / 1024),
      ms: Math.round(ms),
      longestBlockMs: Math.round(longest),
      grade: r.grade,
    };
    console.error(name, JSON.stringify(results[name]));
  }
  console.log(JSON.stringify({ node: process.version, scale, results }, null, 2));
}
