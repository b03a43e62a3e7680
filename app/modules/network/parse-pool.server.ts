/**
 * Nmap uploads are parsed off the main thread (the untrusted-input rules of issue 26): a piscina pool of one
 * worker thread (a scan import is rare; the other core stays with the event loop) runs parse-worker.ts, modelled
 * on the lockfile scan pool (app/modules/vulnerability/deps/scan-pool.server.ts). The deadline
 * (PARSE_DEADLINE_MS) counts from the moment the thread takes the file; past it the thread is stopped and the
 * upload answered 413. At most MAX_QUEUE files wait; beyond that, 503. If no worker can start, the parse runs
 * in-process (still linear and capped by nmap-xml.ts's limits).
 */
import { MessageChannel } from "node:worker_threads";
import type { Piscina as PiscinaPool } from "piscina";
import { DomainError } from "~/lib/errors";
import { workerFile } from "~/lib/worker-bundle.server";
import { NmapXmlError, parseNmapXml, type NmapScan } from "./nmap-xml";
import type { ParseOutcome, ParseTask } from "./parse-worker";

const WORKER_SOURCE = "app/modules/network/parse-worker.ts";
export const PARSE_DEADLINE_MS = 10_000;
const MAX_QUEUE = 8;

let poolPromise: Promise<PiscinaPool | null> | null = null;

function getPool(): Promise<PiscinaPool | null> {
  poolPromise ??= (async () => {
    try {
      const [{ Piscina }, filename] = await Promise.all([import("piscina"), workerFile(WORKER_SOURCE, "nmap-worker")]);
      const pool = new Piscina({
        filename,
        execArgv: [],
        minThreads: 0,
        maxThreads: 1,
        maxQueue: MAX_QUEUE,
        idleTimeout: 30_000,
        // A 16 MB file's document tree takes a few hundred MB; the cap keeps a hostile one from taking the process.
        resourceLimits: { maxOldGenerationSizeMb: 768 },
      });
      pool.on("error", (error: unknown) =>
        console.error(
          JSON.stringify({
            level: "error",
            msg: "nmap import: worker thread failed",
            error: error instanceof Error ? error.message : String(error),
          }),
        ),
      );
      return pool;
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "warn",
          msg: "nmap import: worker pool unavailable, parsing in-process",
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      return null;
    }
  })();
  return poolPromise;
}

/** Stops the pool's threads (tests, shutdown). */
export async function closeNmapPool(): Promise<void> {
  const p = await poolPromise;
  poolPromise = null;
  await p?.destroy();
}

function rejected(status: 400 | 413 | 503, message: string): DomainError {
  return new DomainError(message, { status });
}

/** Parses Nmap XML in the pool. Throws DomainError: 400 not Nmap XML, 413 too large or past the deadline, 503 busy. */
export async function parseInWorker(xml: string, deadlineMs = PARSE_DEADLINE_MS): Promise<NmapScan> {
  const pool = await getPool();
  if (!pool) {
    try {
      return parseNmapXml(xml);
    } catch (error) {
      if (error instanceof NmapXmlError) throw rejected(error.status, error.message);
      throw error;
    }
  }
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  port1.once("message", () => {
    timer = setTimeout(() => abort.abort(), deadlineMs);
  });
  const bytes = Uint8Array.from(Buffer.from(xml, "utf8"));
  const task: ParseTask = { content: bytes, port: port2 };
  let outcome: ParseOutcome;
  try {
    outcome = (await pool.run(task, {
      transferList: [port2, bytes.buffer] as never,
      signal: abort.signal,
    })) as ParseOutcome;
  } catch (error) {
    if (abort.signal.aborted)
      throw rejected(
        413,
        `The scan took longer than ${Math.round(deadlineMs / 1000)} s to read: split it and upload each part.`,
      );
    const message = error instanceof Error ? error.message : String(error);
    if (/queue is at limit/i.test(message)) throw rejected(503, "The scan importer is busy. Try again in a minute.");
    if ((error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY")
      throw rejected(413, "The scan needs more memory to read than an import may use: split it and upload each part.");
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
    port1.close();
  }
  if (!outcome.ok) throw rejected(outcome.status, outcome.message);
  return outcome.scan;
}
