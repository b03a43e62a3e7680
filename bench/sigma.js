// Sigma engine bench: 100 rules over evtx_dump-shaped events, events per CPU second and rule load time.
//   npm run bench:sigma   (SIGMA_BENCH_EVENTS=300000 by default)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// Bundle the TypeScript (dependencies stay external, resolved from the project's node_modules).
const bundled = path.join(root, "bench", `.sigma-bench-${process.pid}.mjs`);
await build({
  entryPoints: [path.join(root, "bench/sigma-bench.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  outfile: bundled,
  logLevel: "silent",
});
try {
  await import(pathToFileURL(bundled).href);
} finally {
  fs.rmSync(bundled, { force: true });
}
