/**
 * Cloud uploads are unzipped, recognised and checked off the main thread: a piscina pool (one thread by
 * default, at most 2; modelled on the lockfile scan pool, app/modules/vulnerability/deps/scan-pool.server.ts)
 * runs parse-worker.ts, so that no upload, however hostile, holds up other requests. The deadline
 * (PARSE_DEADLINE_MS) counts from the moment a thread takes the upload: past it the thread is stopped and
 * the upload answered 413 with nothing stored. If no worker can start, the parse runs in-process (still
 * under the caps of limits.ts).
 */
import os from "node:os";
import { MessageChannel } from "node:worker_threads";
import type { Piscina as PiscinaPool } from "piscina";
import { DomainError } from "~/lib/errors";
import { workerFile } from "~/lib/worker-bundle.server";
import { PARSE_DEADLINE_MS, PARSE_TOO_SLOW } from "./limits";
import { parseUpload } from "./parse";
import type { ParseTask } from "./parse-worker";
import type { ParseOutcome, Provider } from "./types";

const WORKER_SOURCE = "app/modules/cloud/parse-worker.ts";
const MAX_QUEUE = 8;
export const PARSE_BUSY = "The cloud upload parser is busy with other uploads. Try again in a minute.";

let poolPromise: Promise<PiscinaPool | null> | null = null;
let deadlineMs = PARSE_DEADLINE_MS;

/** Tests shorten the deadline to see it stop a runaway parse. */
export function setParseDeadlineForTests(ms: number | null) {
  deadlineMs = ms ?? PARSE_DEADLINE_MS;
}

function getPool(): Promise<PiscinaPool | null> {
  poolPromise ??= (async () => {
    try {
      const [{ Piscina }, filename] = await Promise.all([import("piscina"), workerFile(WORKER_SOURCE, "cloud-worker")]);
      const pool = new Piscina({
        filename,
        execArgv: [],
        minThreads: 0,
        maxThreads: Math.max(1, Math.min(2, (os.availableParallelism?.() ?? os.cpus().length) - 1)),
        maxQueue: MAX_QUEUE,
        idleTimeout: 60_000,
        // 100 MB of inflated JSON parses to a few hundred MB of objects; the cap keeps a hostile one in its thread.
        resourceLimits: { maxOldGenerationSizeMb: 1024 },
      });
      pool.on("error", (error: unknown) =>
        console.error(
          JSON.stringify({
            level: "error",
            msg: "cloud upload: worker thread failed",
            error: error instanceof Error ? error.message : String(error),
          }),
        ),
      );
      return pool;
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "warn",
          msg: "cloud upload: worker pool unavailable, parsing in-process",
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      return null;
    }
  })();
  return poolPromise;
}

export async function closeCloudPool(): Promise<void> {
  const p = await poolPromise;
  poolPromise = null;
  await p?.destroy();
}

/** Parses an upload in the pool. Throws DomainError 413 past the deadline or out of memory, 503 when busy. */
export async function parseInPool(filename: string, bytes: Uint8Array, provider: Provider): Promise<ParseOutcome> {
  const pool = await getPool();
  if (!pool) return parseUpload(filename, bytes, provider);
  const limitMs = deadlineMs;
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  port1.once("message", () => {
    timer = setTimeout(() => abort.abort(), limitMs);
  });
  const owned = Uint8Array.from(bytes);
  const task: ParseTask = { filename, bytes: owned, provider, port: port2 };
  try {
    return (await pool.run(task, {
      transferList: [port2, owned.buffer] as never,
      signal: abort.signal,
    })) as ParseOutcome;
  } catch (error) {
    if (abort.signal.aborted) throw new DomainError(PARSE_TOO_SLOW, { status: 413, field: "file" });
    const message = error instanceof Error ? error.message : String(error);
    if (/queue is at limit/i.test(message)) throw new DomainError(PARSE_BUSY, { status: 503 });
    if ((error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY")
      throw new DomainError("The upload needs more memory to read than a parse may use. Split it.", {
        status: 413,
        field: "file",
      });
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
    port1.close();
  }
}
