/**
 * `npm run dev`: builds the app, then rebuilds it on every change (`remix
 * watch`) and restarts the server whenever the build or the server's own
 * sources change (`tsx watch`). Reload the browser page after a change;
 * there is no live reload. Ctrl-C stops both.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";

const env = { ...process.env, NODE_ENV: "development" as const };
const remix = path.resolve("node_modules/@remix-run/dev/dist/cli.js");
const tsx = path.resolve("node_modules/.bin/tsx");

// A first build, so the server has something to serve while the watcher starts.
const first = spawnSync(process.execPath, [remix, "build"], { stdio: "inherit", env });
if (first.status !== 0) process.exit(first.status ?? 1);

const children: ChildProcess[] = [
  spawn(process.execPath, [remix, "watch"], { stdio: "inherit", env }),
  spawn(tsx, ["watch", "--clear-screen=false", "--include", "build/index.js", "server.ts"], { stdio: "inherit", env }),
];

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
