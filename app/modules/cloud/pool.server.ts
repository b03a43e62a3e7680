/**
 * Cloud uploads are unzipped, recognised and checked off the main thread: a worker pool (app/lib/worker-pool.server.ts;
 * one thread by default, at most 2) runs parse-worker.ts, so that no upload, however hostile, holds up other
 * requests. The deadline (PARSE_DEADLINE_MS) counts from the moment a thread takes the upload: past it the
 * thread is stopped and the upload answered 413 with nothing stored. If no worker can start, the parse runs
 * in-process (still under the caps of limits.ts).
 */
import { DomainError } from "~/lib/errors";
import { createWorkerPool, ownedBytes, threadsFromCores } from "~/lib/worker-pool.server";
import { PARSE_DEADLINE_MS, PARSE_TOO_SLOW } from "./limits";
import { parseUpload } from "./parse";
import type { ParseTask } from "./parse-worker";
import type { ParseOutcome, Provider } from "./types";

export const PARSE_BUSY = "The cloud upload parser is busy with other uploads. Try again in a minute.";

const pool = createWorkerPool({
  label: "cloud upload",
  source: "app/modules/cloud/parse-worker.ts",
  bundle: "cloud-worker",
  maxThreads: () => threadsFromCores(1, 2),
  maxQueue: 8,
  // 100 MB of inflated JSON parses to a few hundred MB of objects; the cap keeps a hostile one in its thread.
  maxHeapMb: 1024,
  fallbackNote: "parsing in-process",
  errors: {
    deadline: () => new DomainError(PARSE_TOO_SLOW, { status: 413, field: "file" }),
    busy: () => new DomainError(PARSE_BUSY, { status: 503 }),
    outOfMemory: () =>
      new DomainError("The upload needs more memory to read than a parse may use. Split it.", {
        status: 413,
        field: "file",
      }),
  },
});

let deadlineMs = PARSE_DEADLINE_MS;

/** Tests shorten the deadline to see it stop a runaway parse. */
export function setParseDeadlineForTests(ms: number | null) {
  deadlineMs = ms ?? PARSE_DEADLINE_MS;
}

export function closeCloudPool(): Promise<void> {
  return pool.close();
}

/** Parses an upload in the pool. Throws DomainError 413 past the deadline or out of memory, 503 when busy. */
export function parseInPool(filename: string, bytes: Uint8Array, provider: Provider): Promise<ParseOutcome> {
  const owned = ownedBytes(bytes);
  return pool.run<ParseOutcome>({
    task: (port): ParseTask => ({ filename, bytes: owned, provider, port }),
    transfer: [owned.buffer],
    deadlineMs,
    inProcess: () => parseUpload(filename, bytes, provider),
  });
}
