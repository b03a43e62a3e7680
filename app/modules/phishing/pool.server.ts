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
 * The pool itself (lazy start, the worker's bundled code, the deadline that
 * stops a thread) is app/lib/worker-pool.server.ts; if no worker can start at
 * all, the analysis runs in-process (still linear and still under its deadline).
 */
import type { MessagePort } from "node:worker_threads";
import { envVar } from "~/lib/env.server";
import { createWorkerPool, ownedBytes, threadsFromCores, WorkerDeadlineError } from "~/lib/worker-pool.server";
import { analyzeMessage, DEFAULT_DEADLINE_MS, dnsAllowanceMs } from "./analyze.server";
import { protectedTargets } from "./domains";
import { fallbackAddress, fallbackHeaderLines, headerValue } from "./analyzer/parse.server";
import { emptyState, finishAnalysis } from "./analyzer/score";
import { decodeBytes } from "./analyzer/decode";
import type { Analysis, AnalysisState, AnalyzeOptions } from "./analyzer/types";
import type { MainMessage, WorkerMessage, WorkerTask } from "./analyzer/worker";

/** How long past the deadline a stage may run before its thread is stopped. */
export const GRACE_MS = 1500;

const pool = createWorkerPool({
  label: "phishing analyzer",
  source: "app/modules/phishing/analyzer/worker.ts",
  bundle: "phishing-worker",
  maxThreads: () => envVar("PHISHING_WORKERS") ?? threadsFromCores(0, 2),
  minThreads: 1,
  // Each worker loads the mail libraries once; a thread's heap is capped so a hostile message cannot take the process.
  maxHeapMb: 512,
  fallbackNote: "analysing in-process",
});

/** Starts the pool (and its first thread) ahead of the first message. */
export function warmPhishingPool(): Promise<void> {
  return pool.warm();
}

/** How many analyses the pool's threads have completed (tests and diagnostics). */
export function phishingPoolCompleted(): Promise<number> {
  return pool.completed();
}

/** Stops the pool's threads (tests, shutdown). */
export function closePhishingPool(): Promise<void> {
  return pool.close();
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
  const limitMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const started = performance.now();
  let last: AnalysisState | null = null;
  const { resolver, onProgress, textModel: _inProcessOnly, ...plain } = opts;

  const onMessage = (message: unknown, port: MessagePort) => {
    const m = message as WorkerMessage;
    if (m.type === "progress") {
      last = m.state;
      onProgress?.(m.state);
    } else if (m.type === "dns" && resolver) {
      const reply = (r: Omit<MainMessage, "type" | "id">) => {
        try {
          port.postMessage({ type: "dns", id: m.id, ...r } satisfies MainMessage);
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
  };

  const copy = ownedBytes(raw);
  try {
    return await pool.run<Analysis>({
      task: (port): WorkerTask => ({ raw: copy, opts: plain, port, remoteResolver: !!resolver }),
      transfer: [copy.buffer],
      // The worker's first message ("start") comes when a thread takes the message, not while it waits in the
      // queue. The worker extends its deadline by the time it waits on DNS (at most dnsAllowanceMs): so does this.
      deadlineMs: limitMs + dnsAllowanceMs(opts) + GRACE_MS,
      onMessage,
      inProcess: () => analyzeMessage(raw, opts),
    });
  } catch (error) {
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const state: AnalysisState = last ?? headerOnlyState(raw);
    if (!(error instanceof WorkerDeadlineError)) {
      console.error(
        JSON.stringify({
          level: "error",
          msg: "phishing analyzer: worker failed, verdict from the stages that finished",
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    return finishAnalysis(state, protectedTargets(opts.orgDomains), { limitMs }, durationMs);
  }
}
