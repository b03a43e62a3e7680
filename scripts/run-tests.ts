/**
 * `npm test`: lint, the Prettier check, the typecheck, vitest, then the Playwright suite against the
 * built app. Every stage runs even when an earlier one fails, so one run shows
 * everything that is wrong; the closing line adds up every suite as
 * `N passed, N failed` and the exit code is non-zero if anything failed.
 *
 * Stages can be named to run only those: `npm test -- typecheck unit`
 * (stages: lint, format, typecheck, unit, e2e).
 *
 * The unit stage first finds or installs nmap (scripts/find-nmap.ts; optional).
 * The end-to-end stage first finds a Chromium (scripts/find-browser.ts),
 * installing one where it can. Without one it prints one line saying what to
 * install and counts the stage as one failure, rather than every spec failing.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { findBrowser, machineProbes } from "./find-browser";
import { ensureNmap } from "./find-nmap";

const STAGES = ["lint", "format", "typecheck", "unit", "e2e"] as const;
type Stage = (typeof STAGES)[number];

const requested = process.argv.slice(2);
const unknown = requested.filter((s) => !(STAGES as readonly string[]).includes(s));
if (unknown.length) {
  console.error(`Unknown stage ${unknown.join(", ")}; stages: ${STAGES.join(", ")}`);
  process.exit(2);
}
const stages = new Set<Stage>(requested.length ? (requested as Stage[]) : STAGES);

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const results = { passed: 0, failed: 0, skipped: 0 };

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) console.log(`=== ${label} failed (exit ${r.status ?? r.signal}) ===`);
  return r.status === 0;
}

type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numFailedTestSuites?: number;
  numPendingTests?: number;
  numTodoTests?: number;
};
type PlaywrightReport = {
  stats?: { expected?: number; flaky?: number; unexpected?: number; skipped?: number };
  errors?: unknown[];
};

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, "utf8")) as T;
}

fs.rmSync("test-results", { recursive: true, force: true });
fs.mkdirSync("test-results", { recursive: true });

if (stages.has("lint")) {
  if (run("lint", bin("eslint"), ["."])) results.passed += 1;
  else results.failed += 1;
}

// Formatting is checked, not fixed: a reformat belongs in its own commit
// (`npm run format`), not in whatever a test run happens to touch.
if (stages.has("format")) {
  if (run("prettier --check", bin("prettier"), ["--check", ".", "--log-level", "warn"])) results.passed += 1;
  else results.failed += 1;
}

if (stages.has("typecheck")) {
  if (run("typecheck", bin("tsc"), ["-p", "."])) results.passed += 1;
  else results.failed += 1;
}

if (stages.has("unit")) {
  // The network tests scan loopback listeners with Debian's nmap when it is there (or installable); else they
  // read the committed scans.
  console.log("\n=== nmap ===");
  const nmap = ensureNmap(machineProbes());
  if (nmap) console.log(`nmap for the network scan tests: ${nmap}`);
  run("vitest", bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    "--outputFile=test-results/vitest.json",
  ]);
  try {
    const v = readJson<VitestReport>("test-results/vitest.json");
    results.passed += v.numPassedTests ?? 0;
    results.failed +=
      (v.numFailedTests ?? 0) + (v.numFailedTestSuites && !v.numFailedTests ? v.numFailedTestSuites : 0);
    results.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  } catch {
    results.failed += 1;
    console.log("vitest wrote no results");
  }
}

if (stages.has("e2e")) {
  console.log("\n=== browser ===");
  const browser = findBrowser(machineProbes());
  if (!browser.ok) {
    console.log(browser.message);
    results.failed += 1;
  } else {
    console.log(`Chromium for the end-to-end tests (${browser.source}): ${browser.executablePath}`);
    const built = run("build", process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      NODE_ENV: "production",
    });
    if (!built) {
      results.failed += 1;
    } else {
      run("playwright", bin("playwright"), ["test"], { RAMPART_CHROMIUM: browser.executablePath });
      try {
        const e = readJson<PlaywrightReport>("test-results/e2e.json");
        results.passed += (e.stats?.expected ?? 0) + (e.stats?.flaky ?? 0);
        results.failed += e.stats?.unexpected ?? 0;
        results.skipped += e.stats?.skipped ?? 0;
        if ((e.errors ?? []).length) results.failed += 1;
      } catch {
        results.failed += 1;
        console.log("playwright wrote no results");
      }
    }
  }
}

console.log(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ""}`,
);
process.exit(results.failed > 0 ? 1 : 0);
