// Builds what `npm start` runs when it is missing or older than its sources, so
// that `npm start` works on a fresh clone and after an update with no extra step:
// the Remix build (build/index.js, public/build) and the server bundle
// (build/server.js: server.ts and what it imports from app/lib, bundled by
// esbuild with the packages left external, so starting it needs no TypeScript
// loader). `npm run build` builds both unconditionally.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const BUILD = path.resolve("build/index.js");
export const SERVER_BUNDLE = path.resolve("build/server.js");
const SOURCES = ["app", "db", "remix.config.js", "tailwind.config.ts", "package-lock.json", "content"];
const SERVER_SOURCES = ["server.ts", "server", "app", "db", "package-lock.json", "tsconfig.json"];

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

function olderThan(file: string, sources: string[]): boolean {
  if (!fs.existsSync(file)) return true;
  const built = fs.statSync(file).mtimeMs;
  return sources.some((s) => newest(path.resolve(s)) > built);
}

/** `npm run dev` leaves a development build in build/: never served by `npm start`. */
function isDevelopmentBuild(): boolean {
  try {
    return /\bmode = "development"/.test(fs.readFileSync(BUILD, "utf8"));
  } catch {
    return false;
  }
}

export function buildIsStale(): boolean {
  return !fs.existsSync("public/build") || olderThan(BUILD, SOURCES) || isDevelopmentBuild();
}

export function serverBundleIsStale(): boolean {
  return olderThan(SERVER_BUNDLE, SERVER_SOURCES);
}

/** Bundles server.ts into build/server.js (a fraction of a second). */
export async function buildServer(): Promise<void> {
  await build({
    entryPoints: [path.resolve("server.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
}

function log(msg: string) {
  console.log(JSON.stringify({ level: "info", msg }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const always = process.argv.includes("--always");
  if (always || buildIsStale()) {
    if (!always) log("building the app (build missing, older than its sources, or a development build)");
    const r = spawnSync(process.execPath, [path.resolve("node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (always || serverBundleIsStale()) await buildServer();
}
