/**
 * The worker-thread side of the cloud upload pool (pool.server.ts): parses one upload and answers a plain
 * outcome. It says "start" over the task's port when it takes the upload, so that the deadline does not
 * count the time spent waiting in the queue.
 */
import type { MessagePort } from "node:worker_threads";
import { parseUpload } from "./parse";
import type { ParseOutcome, Provider } from "./types";

export type ParseTask = { filename: string; bytes: Uint8Array; provider: Provider; port: MessagePort };

export default function parseTask(task: ParseTask): ParseOutcome {
  task.port.postMessage("start");
  task.port.close();
  return parseUpload(task.filename, task.bytes, task.provider);
}
