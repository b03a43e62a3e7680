/**
 * Analyses run off the main thread: a small pool of worker threads (piscina,
 * at most 2 by default, PHISHING_WORKERS to change) so that no message, however
 * hostile, holds up other requests (issue 10).
 *
 * The deadline: inside the worker, stages not started within `deadlineMs`
 * (3 s by default, plus the time spent waiting on DNS, at most 2 s) are
 * skipped and the verdict says so. Should a stage itself not return (a parser
 * pathology), the thread is stopped 1.5 s after that deadline and the verdict is built here from the progress the worker
 * reported after each finished stage. Either way the caller gets an Analysis:
 * nothing is lost and nothing throws.
 *
 * The worker's code: analyzer/worker.ts bundled by esbuild (dependencies stay
 * external, resolved from node_modules) into node_modules/.cache/rampart/ on
 * first use, named by a hash of its content; the same file serves vitest,
 * `npm start` and the Playwright server, none of which can load TypeScript
 * in a worker by themselves. If the sources are absent, a prebuilt
 * build/phishing-worker.mjs is used; if no worker can start at all, the
 * analysis runs in-process (still linear and still under its deadline).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import type { Piscina as PiscinaPool } from "piscina";
import { envVar } from "~/lib/env.server";
import { analyzeMessage, DEFAULT_DEADLINE_MS, dnsAllowanceMs } from "./analyze.server";
import { protectedTargets } from "./domains";
import { fallbackAddress, fallbackHeaderLines, headerValue } from "./analyzer/parse.server";
import { emptyState, finishAnalysis } from "./analyzer/score";
import { decodeBytes } from "./analyzer/decode";
import type { Analysis, AnalysisState, AnalyzeOptions } from "./analyzer/types";
import type { MainMessage, WorkerMessage, WorkerTask } from "./analyzer/worker";

/** How long past the deadline a stage may run before its thread is stopped. */
export const GRACE_MS = 1500;
const WORKER_SOURCE = "app/modules/phishing/analyzer/worker.ts";
const PREBUILT = "build/phishing-worker.mjs";

let poolPromise: Promise<PiscinaPool | null> | null = null;

async function bundleWorker(root: string): Promise<string> {
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [path.join(root, WORKER_SOURCE)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  const code = out.outputFiles[0]!.contents;
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const dir = path.join(root, "node_modules", ".cache", "rampart");
  const file = path.join(dir, `phishing-worker-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    // Written under a temporary name and renamed: parallel processes never load a half-written file.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
  }
  return file;
}

/** Where the worker's code is: bundled from the sources, else prebuilt. */
export async function workerFile(root = process.cwd()): Promise<string> {
  if (fs.existsSync(path.join(root, WORKER_SOURCE))) return bundleWorker(root);
  const prebuilt = path.join(root, PREBUILT);
  if (fs.existsSync(prebuilt)) return prebuilt;
  throw new Error(`the phishing worker is missing (${WORKER_SOURCE} or ${PREBUILT})`);
}

function threads(): number {
  const n = envVar("PHISHING_WORKERS");
  if (n !== undefined) return n;
  return Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
}

function getPool(): Promise<PiscinaPool | null> {
  poolPromise ??= (async () => {
    try {
      const [{ Piscina }, filename] = await Promise.all([import("piscina"), workerFile()]);
      return new Piscina({
        filename,
        minThreads: 1,
        maxThreads: threads(),
        idleTimeout: 60_000,
        // Each worker loads the mail libraries once; a thread's heap is capped so a hostile message cannot take the process.
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "warn",
          msg: "phishing analyzer: worker pool unavailable, analysing in-process",
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      return null;
    }
  })();
  return poolPromise;
}

/** Starts the pool (and its first thread) ahead of the first message. */
export function warmPhishingPool(): Promise<void> {
  return getPool().then(() => undefined);
}

/** How many analyses the pool's threads have completed (tests and diagnostics). */
export async function phishingPoolCompleted(): Promise<number> {
  const p = await poolPromise;
  return p?.completed ?? 0;
}

/** Stops the pool's threads (tests, shutdown). */
export async function closePhishingPool(): Promise<void> {
  const p = await poolPromise;
  poolPromise = null;
  await p?.destroy();
}

/** The little the main thread can know without analysing: From and Subject from the first 64 KB, read linearly. */
function headerOnlyState(raw: Buffer | string): AnalysisState {
  const buf = typeof raw === "string" ? Buffer.from(raw.slice(0, 65_536)) : raw.subarray(0, 65_536);
  const state = emptyState(typeof raw === "string" ? Buffer.byteLength(raw) : raw.length);
  const text = decodeBytes(buf);
  const end = text.search(/\r?\n\r?\n/);
  const lines = fallbackHeaderLines(end >= 0 ? text.slice(0, end) : text);
  const from = fallbackAddress(headerValue(lines, "from"));
  state.sender = from?.address ?? "";
  state.senderName = from?.name ?? "";
  state.subject = headerValue(lines, "subject")?.slice(0, 998) || "(no subject)";
  state.messageId = headerValue(lines, "message-id")?.slice(0, 300) ?? null;
  return state;
}

/**
 * Analyses one message in the worker pool; same options and result as
 * analyzeMessage. Never throws for any input.
 */
export async function analyzeInWorker(raw: Buffer | string, opts: AnalyzeOptions): Promise<Analysis> {
  const pool = await getPool();
  if (!pool) return analyzeMessage(raw, opts);
  const limitMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const started = performance.now();
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  let last: AnalysisState | null = null;
  let hardTimer: NodeJS.Timeout | null = null;
  const { resolver, onProgress, textModel: _inProcessOnly, ...plain } = opts;

  port1.on("message", (m: WorkerMessage) => {
    if (m.type === "start") {
      // The deadline counts from the moment a thread takes the message, not while it waits in the queue.
      // The worker extends its deadline by the time it waits on DNS (at most dnsAllowanceMs): so does this.
      hardTimer = setTimeout(() => abort.abort(), limitMs + dnsAllowanceMs(opts) + GRACE_MS);
    } else if (m.type === "progress") {
      last = m.state;
      onProgress?.(m.state);
    } else if (m.type === "dns" && resolver) {
      const reply = (r: Omit<MainMessage, "type" | "id">) => {
        try {
          port1.postMessage({ type: "dns", id: m.id, ...r } satisfies MainMessage);
        } catch {
          // The worker is gone (stopped at its deadline): nobody is waiting for the answer.
        }
      };
      resolver(m.name, m.rrtype).then(
        (value) => reply({ value }),
        (e: unknown) =>
          reply({
            error: {
              message: e instanceof Error ? e.message : String(e),
              code: (e as { code?: string } | null)?.code,
            },
          }),
      );
    }
  });

  // The worker gets bytes it owns, transferred rather than cloned: a string's own fresh buffer when it has
  // one (large strings do), else a copy (the caller's Buffer, or a small one in Node's shared pool).
  const fresh = typeof raw === "string" ? Buffer.from(raw, "utf8") : null;
  const owned = fresh && fresh.byteOffset === 0 && fresh.buffer.byteLength === fresh.length;
  const copy = owned ? new Uint8Array(fresh.buffer, 0, fresh.length) : Uint8Array.from(fresh ?? (raw as Buffer));
  const task: WorkerTask = { raw: copy, opts: plain, port: port2, remoteResolver: !!resolver };
  try {
    return (await pool.run(task, { transferList: [port2, copy.buffer] as never, signal: abort.signal })) as Analysis;
  } catch (error) {
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const state: AnalysisState = last ?? headerOnlyState(raw);
    if (!abort.signal.aborted) {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "phishing analyzer: worker failed, verdict from the stages that finished",
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    return finishAnalysis(state, protectedTargets(opts.orgDomains), { limitMs }, durationMs);
  } finally {
    if (hardTimer) clearTimeout(hardTimer);
    port1.close();
  }
}
