// Analysis time per message: the phishing analyzer run over the labelled
// fixture corpus and the written evaluation set (tests/fixtures/phishing-eval,
// issue 29's harder part included) until 400 messages (or `--count N`) have
// been analysed, one at a time, reporting the median and p95 wall time and
// the median CPU time (the wall time on a shared machine includes waiting for
// a core). DNS is served by an in-process resolver that answers NXDOMAIN at
// once, so the figure is the analyzer's own cost. Goal: median < 20 ms.
//   npm run bench:phishing [-- --count 400]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeMessage } from "~/modules/phishing/analyze.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const count = Number(process.argv[process.argv.indexOf("--count") + 1]) || 400;

{
  const dir = path.join(root, "app/modules/phishing/fixtures");
  const evalDir = path.join(root, "tests/fixtures/phishing-eval");
  const files = [
    ...["legit", "phishing"].flatMap((k) => fs.readdirSync(path.join(dir, k)).map((f) => path.join(dir, k, f))),
    ...["legitimate", "phishing"].flatMap((k) =>
      fs
        .readdirSync(path.join(evalDir, k))
        .filter((f) => f.endsWith(".eml"))
        .map((f) => path.join(evalDir, k, f)),
    ),
  ];
  const messages = files.map((f) => fs.readFileSync(f));
  const resolver = async () => {
    throw Object.assign(new Error("NXDOMAIN"), { code: "ENOTFOUND" });
  };
  const opts = {
    orgDomains: ["northwindtraders.com"],
    orgNames: ["Northwind Traders"],
    orgAddresses: ["jane.doe@northwindtraders.com"],
    resolver,
  };
  for (const m of messages.slice(0, 5)) await analyzeMessage(m, opts); // warm-up (JIT, lazy requires)
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < count; i++) {
    const m = messages[i % messages.length];
    const t = performance.now();
    const c = process.cpuUsage();
    await analyzeMessage(m, opts);
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const result = {
    messages: count,
    corpusFiles: files.length,
    medianMs: Number(q(0.5).toFixed(2)),
    p95Ms: Number(q(0.95).toFixed(2)),
    medianCpuMs: Number(cpu[Math.floor(cpu.length / 2)].toFixed(2)),
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(1))),
    maxMs: Number(times[times.length - 1].toFixed(2)),
    perMinuteSingleThread: Math.round(60_000 / q(0.5)),
    node: process.version,
  };
  console.log(JSON.stringify(result, null, 2));
}
