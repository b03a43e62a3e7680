// Builds the app when the build is missing or older than its sources, so that
// `npm start` works on a fresh clone and after an update with no extra step.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const BUILD = path.resolve("build/index.js");
const SOURCES = ["app", "db", "remix.config.js", "tailwind.config.ts", "package-lock.json", "content"];

function newest(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Test files are not part of the build: editing one must not trigger a rebuild.
  let max = 0;
  for (const entry of fs.readdirSync(p)) {
    if (/\.test\.[cm]?[jt]sx?$/.test(entry)) continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

export function buildIsStale() {
  if (!fs.existsSync(BUILD) || !fs.existsSync("public/build")) return true;
  const built = fs.statSync(BUILD).mtimeMs;
  return SOURCES.some((s) => newest(path.resolve(s)) > built);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (buildIsStale()) {
    console.log(JSON.stringify({ level: "info", msg: "building the app (build missing or older than its sources)" }));
    const r = spawnSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
