// Analysis time per message: the phishing analyzer run over the labelled
// fixture corpus until 100 messages (or `--count N`) have been analysed, one
// at a time, reporting the median and p95. DNS is served by an in-process
// resolver that answers NXDOMAIN at once, so the figure is the analyzer's own
// cost (messages without a DKIM signature never touch DNS anyway).
//   node bench/phishing.js [--count 100]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const count = Number(process.argv[process.argv.indexOf("--count") + 1]) || 100;

// Bundle the TypeScript module (dependencies stay external) so plain node can run it.
const outfile = path.join(os.tmpdir(), `rampart-phishing-bench-${process.pid}.mjs`);
await build({
  entryPoints: [path.join(root, "app/modules/phishing/analyze.server.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile,
  logLevel: "silent",
});
// Resolve the externals from the project's node_modules.
const bundled = path.join(root, "bench", `.phishing-bench-${process.pid}.mjs`);
fs.copyFileSync(outfile, bundled);
fs.rmSync(outfile);
try {
  const { analyzeMessage } = await import(pathToFileURL(bundled).href);
  const dir = path.join(root, "app/modules/phishing/fixtures");
  const files = ["legit", "phishing"].flatMap((k) =>
    fs.readdirSync(path.join(dir, k)).map((f) => path.join(dir, k, f)),
  );
  const messages = files.map((f) => fs.readFileSync(f));
  const resolver = async () => {
    const e = new Error("NXDOMAIN");
    e.code = "ENOTFOUND";
    throw e;
  };
  const opts = {
    orgDomains: ["northwindtraders.com"],
    orgNames: ["Northwind Traders"],
    orgAddresses: ["jane.doe@northwindtraders.com"],
    resolver,
  };
  for (const m of messages.slice(0, 5)) await analyzeMessage(m, opts); // warm-up (JIT, lazy requires)
  const times = [];
  for (let i = 0; i < count; i++) {
    const m = messages[i % messages.length];
    const t = performance.now();
    await analyzeMessage(m, opts);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const result = {
    messages: count,
    corpusFiles: files.length,
    medianMs: Number(q(0.5).toFixed(2)),
    p95Ms: Number(q(0.95).toFixed(2)),
    maxMs: Number(times[times.length - 1].toFixed(2)),
    perMinuteSingleThread: Math.round(60_000 / q(0.5)),
    node: process.version,
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  fs.rmSync(bundled, { force: true });
}
