/**
 * Nmap uploads are parsed off the main thread (the untrusted-input rules of issue 26): a worker pool
 * (app/lib/worker-pool.server.ts) of one thread (a scan import is rare; the other core stays with the event
 * loop) runs parse-worker.ts. The deadline (PARSE_DEADLINE_MS) counts from the moment the thread takes the
 * file; past it the thread is stopped and the upload answered 413. At most 8 files wait; beyond that, 503.
 * If no worker can start, the parse runs in-process (still linear and capped by nmap-xml.ts's limits).
 */
import { DomainError } from "~/lib/errors";
import { createWorkerPool, ownedBytes } from "~/lib/worker-pool.server";
import { NmapXmlError, parseNmapXml, type NmapScan } from "./nmap-xml";
import type { ParseOutcome, ParseTask } from "./parse-worker";

export const PARSE_DEADLINE_MS = 10_000;

function rejected(status: 400 | 413 | 503, message: string): DomainError {
  return new DomainError(message, { status });
}

const pool = createWorkerPool({
  label: "nmap import",
  source: "app/modules/network/parse-worker.ts",
  bundle: "nmap-worker",
  maxThreads: () => 1,
  maxQueue: 8,
  idleTimeoutMs: 30_000,
  // A 16 MB file's document tree takes a few hundred MB; the cap keeps a hostile one from taking the process.
  maxHeapMb: 768,
  fallbackNote: "parsing in-process",
  errors: {
    deadline: (ms) =>
      rejected(413, `The scan took longer than ${Math.round(ms / 1000)} s to read: split it and upload each part.`),
    busy: () => rejected(503, "The scan importer is busy. Try again in a minute."),
    outOfMemory: () =>
      rejected(413, "The scan needs more memory to read than an import may use: split it and upload each part."),
  },
});

/** Stops the pool's threads (tests, shutdown). */
export function closeNmapPool(): Promise<void> {
  return pool.close();
}

/** Parses Nmap XML in the pool. Throws DomainError: 400 not Nmap XML, 413 too large or past the deadline, 503 busy. */
export async function parseInWorker(xml: string, deadlineMs = PARSE_DEADLINE_MS): Promise<NmapScan> {
  const content = ownedBytes(xml);
  const outcome = await pool.run<ParseOutcome>({
    task: (port): ParseTask => ({ content, port }),
    transfer: [content.buffer],
    deadlineMs,
    inProcess: () => {
      try {
        return { ok: true, scan: parseNmapXml(xml) };
      } catch (error) {
        if (error instanceof NmapXmlError) throw rejected(error.status, error.message);
        throw error;
      }
    },
  });
  if (!outcome.ok) throw rejected(outcome.status, outcome.message);
  return outcome.scan;
}
