#!/usr/bin/env node
// `npm test`: the typecheck, vitest, then the Playwright suite against the
// built app. Every stage runs even when an earlier one fails, so one run shows
// everything that is wrong; the closing line adds up every suite as
// `N passed, N failed` and the exit code is non-zero if anything failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const bin = (name) => path.resolve("node_modules/.bin", name);
const results = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) {
    exitCode = 1;
    console.log(`=== ${label} failed (exit ${r.status ?? r.signal}) ===`);
  }
  return r.status === 0;
}

fs.rmSync("test-results", { recursive: true, force: true });
fs.mkdirSync("test-results", { recursive: true });

if (run("typecheck", bin("tsc"), ["-p", "."])) results.passed += 1;
else results.failed += 1;

run("vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile=test-results/vitest.json"]);
try {
  const v = JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8"));
  results.passed += v.numPassedTests ?? 0;
  results.failed += (v.numFailedTests ?? 0) + (v.numFailedTestSuites && !v.numFailedTests ? v.numFailedTestSuites : 0);
  results.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} catch {
  results.failed += 1;
  console.log("vitest wrote no results");
}

if (
  run("build", process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    NODE_ENV: "production",
  })
) {
  run("playwright", bin("playwright"), ["test"]);
  try {
    const e = JSON.parse(fs.readFileSync("test-results/e2e.json", "utf8"));
    results.passed += (e.stats?.expected ?? 0) + (e.stats?.flaky ?? 0);
    results.failed += e.stats?.unexpected ?? 0;
    results.skipped += e.stats?.skipped ?? 0;
    if ((e.errors ?? []).length) results.failed += 1;
  } catch {
    results.failed += 1;
    console.log("playwright wrote no results");
  }
} else {
  results.failed += 1;
}

if (results.failed > 0) exitCode = 1;
console.log(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ""}`,
);
process.exit(exitCode);
