/**
 * A piscina pool of worker threads with a per-task deadline: the one way Rampart runs untrusted input off
 * the main thread (the untrusted-input rules of issues 10 and 26), so that no upload or message, however
 * hostile, holds up other requests. Used by the phishing analyzer, the lockfile scan, the Nmap import and the
 * cloud upload parser; each module keeps only its task (what it sends, what comes back, its messages).
 *
 * What the pool owns, the same for every module:
 * - Lazy creation: the worker's code (worker-bundle.server.ts) is bundled and the pool started on first use.
 *   If no worker can start, `run` calls the module's in-process fallback instead.
 * - The deadline counts from the moment a thread takes the task (the worker's first message over the task's
 *   port, by convention "start"), not while it waits in the queue. Past it the task is aborted: piscina
 *   terminates the thread (a runaway parser cannot be stopped any other way) and starts a fresh one for the
 *   next task, and `run` throws the module's deadline error (a DomainError, 413 by default).
 * - The queue: a task waits here, not in piscina, until a thread is free, and beyond `maxQueue` waiting tasks
 *   `run` throws the busy error (503 by default) at once. Piscina 5 enforces neither for tasks with an abort
 *   signal: it queues them without limit and, with minThreads 0, strands them for good once the thread
 *   running before them is terminated at its deadline (no thread is started for them again).
 * - A thread over its heap cap fails its task with the out-of-memory error (413 by default).
 * - `close` stops the threads (tests, shutdown); the next `run` starts a new pool.
 */
import os from "node:os";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import type { Piscina as PiscinaPool } from "piscina";
import { DomainError } from "~/lib/errors";
import { workerFile } from "~/lib/worker-bundle.server";

/** A task stopped at its deadline; its thread was terminated. */
export class WorkerDeadlineError extends DomainError {
  constructor(message: string, field?: string) {
    super(message, { status: 413, field });
  }
}

/** More tasks are waiting than the pool's queue takes. */
export class WorkerBusyError extends DomainError {
  constructor(message: string) {
    super(message, { status: 503 });
  }
}

/** The errors `run` throws; a module gives its own words (and may use its own DomainError subclass). */
export type WorkerPoolErrors = {
  deadline: (deadlineMs: number) => DomainError;
  busy: () => DomainError;
  outOfMemory: () => DomainError;
};

export type WorkerPoolOptions = {
  /** How logs name the pool ("cloud upload"). */
  label: string;
  /** The worker's TypeScript source, from the repository root, and the bundle's name (worker-bundle.server.ts). */
  source: string;
  bundle: string;
  /** Read when the pool starts, so that configuration read from the environment is current. */
  maxThreads: () => number;
  minThreads?: number;
  /** Tasks that may wait for a thread beyond those running; unlimited when absent. */
  maxQueue?: number;
  idleTimeoutMs?: number;
  /** A thread's heap cap: a hostile input fails its own task, not the process. */
  maxHeapMb: number;
  /** What the log says happens without a pool ("parsing in-process"). */
  fallbackNote: string;
  errors?: Partial<WorkerPoolErrors>;
};

export type WorkerRun<R> = {
  /** The task for the worker, given the port over which the worker says "start" (and anything else). */
  task: (port: MessagePort) => object;
  /** Buffers moved to the worker rather than copied (the task's port is added). */
  transfer?: ArrayBufferLike[];
  deadlineMs: number;
  /** Every message the worker sends (the first one also starts the deadline); `port` answers it. */
  onMessage?: (message: unknown, port: MessagePort) => void;
  /** The same work on the main thread, for when no worker can start. */
  inProcess: () => R | Promise<R>;
};

export type WorkerPool = {
  run<R>(run: WorkerRun<R>): Promise<R>;
  /** Starts the pool (and its first threads) ahead of the first task. */
  warm(): Promise<void>;
  /** How many tasks the threads have completed (tests and diagnostics); 0 before the pool starts. */
  completed(): Promise<number>;
  close(): Promise<void>;
};

/** Threads by default: the cores less `spare` (left to the event loop), at least 1 and at most `max`. */
export function threadsFromCores(spare: number, max: number): number {
  return Math.max(1, Math.min(max, (os.availableParallelism?.() ?? os.cpus().length) - spare));
}

function logLine(level: "error" | "warn", msg: string, error: unknown) {
  console.error(JSON.stringify({ level, msg, error: error instanceof Error ? error.message : String(error) }));
}

function defaultErrors(): WorkerPoolErrors {
  return {
    deadline: (ms) =>
      new WorkerDeadlineError(`The task took longer than ${Math.round(ms / 1000)} s, so it was stopped.`),
    busy: () => new WorkerBusyError("The server is busy with other uploads. Try again in a minute."),
    outOfMemory: () => new DomainError("The input needs more memory to read than one task may use.", { status: 413 }),
  };
}

type Started = { pool: PiscinaPool; threads: number };

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const errors: WorkerPoolErrors = { ...defaultErrors(), ...options.errors };
  const maxQueue = options.maxQueue ?? Infinity;
  let poolPromise: Promise<Started | null> | null = null;
  // Tasks handed to piscina (at most one per thread) and those waiting for a thread, first come first served.
  let running = 0;
  const waiting: Array<() => void> = [];

  function getPool(): Promise<Started | null> {
    poolPromise ??= (async () => {
      try {
        const [{ Piscina }, filename] = await Promise.all([
          import("piscina"),
          workerFile(options.source, options.bundle),
        ]);
        const threads = options.maxThreads();
        const pool = new Piscina({
          filename,
          // The bundle is plain JavaScript: the threads need none of the process's loaders (a script run by
          // tsx passes `--import …asset-imports.ts`, which a worker cannot load).
          execArgv: [],
          minThreads: options.minThreads ?? 0,
          maxThreads: threads,
          idleTimeout: options.idleTimeoutMs ?? 60_000,
          resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
        });
        // A thread that fails to start fails its task (answered by run); it must not take the process.
        pool.on("error", (error: unknown) => logLine("error", `${options.label}: worker thread failed`, error));
        return { pool, threads };
      } catch (error) {
        logLine("warn", `${options.label}: worker pool unavailable, ${options.fallbackNote}`, error);
        return null;
      }
    })();
    return poolPromise;
  }

  /** Waits for a free thread; throws the busy error when the queue is full. */
  async function acquire(threads: number): Promise<void> {
    if (running < threads) {
      running++;
      return;
    }
    if (waiting.length >= maxQueue) throw errors.busy();
    // The slot is handed over by release: `running` already counts this task when it wakes.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  async function run<R>(work: WorkerRun<R>): Promise<R> {
    const started = await getPool();
    if (!started) return work.inProcess();
    await acquire(started.threads);
    try {
      return await runOnThread(started.pool, work);
    } finally {
      release();
    }
  }

  async function runOnThread<R>(pool: PiscinaPool, { task, transfer = [], deadlineMs, onMessage }: WorkerRun<R>) {
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | null = null;
    port1.once("message", () => {
      timer = setTimeout(() => abort.abort(), deadlineMs);
    });
    if (onMessage) port1.on("message", (message: unknown) => onMessage(message, port1));
    try {
      return (await pool.run(task(port2), {
        transferList: [port2, ...transfer] as never,
        signal: abort.signal,
      })) as R;
    } catch (error) {
      if (abort.signal.aborted) throw errors.deadline(deadlineMs);
      if ((error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY") throw errors.outOfMemory();
      throw error;
    } finally {
      if (timer) clearTimeout(timer);
      port1.close();
    }
  }

  return {
    run,
    warm: () => getPool().then(() => undefined),
    completed: async () => (await poolPromise)?.pool.completed ?? 0,
    async close() {
      const p = await poolPromise;
      poolPromise = null;
      await p?.pool.destroy();
    },
  };
}

/** Bytes the worker may own: a fresh buffer when `Buffer.from` gave one of its own (large strings do), else a copy. */
export function ownedBytes(content: string | Uint8Array): Uint8Array {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : null;
  if (bytes && bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length)
    return new Uint8Array(bytes.buffer, 0, bytes.length);
  return Uint8Array.from(bytes ?? (content as Uint8Array));
}
