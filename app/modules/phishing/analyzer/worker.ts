/**
 * The worker-thread side of the analyzer pool (pool.server.ts): runs one
 * analysis per task and reports progress after every stage over the task's
 * MessagePort, so that if the thread has to be stopped at the deadline the
 * main thread still has what was done. When the caller gave its own DNS
 * resolver (tests serve records locally), look-ups are asked of the main
 * thread over the same port; otherwise this thread uses the system resolver.
 */
import type { MessagePort } from "node:worker_threads";
import { analyzeMessage } from "../analyze.server";
import { loadMailLibs } from "./parse.server";
import type { Analysis, AnalyzeOptions } from "./types";

export type WorkerTask = {
  raw: Uint8Array;
  opts: Omit<AnalyzeOptions, "resolver" | "onProgress">;
  port: MessagePort;
  remoteResolver: boolean;
};

export type WorkerMessage =
  | { type: "start" }
  | { type: "progress"; state: import("./types").AnalysisState }
  | { type: "dns"; id: number; name: string; rrtype: string };

export type MainMessage = { type: "dns"; id: number; value?: unknown; error?: { message: string; code?: string } };

// The mail libraries load when the thread starts, not during a message's deadline.
const ready = loadMailLibs();

export default async function analyzeTask(task: WorkerTask): Promise<Analysis> {
  const { port } = task;
  await ready;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let nextId = 0;
  port.on("message", (m: MainMessage) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
    else p.resolve(m.value);
  });
  const resolver = task.remoteResolver
    ? (name: string, rrtype: string) =>
        new Promise<unknown>((resolve, reject) => {
          const id = nextId++;
          pending.set(id, { resolve, reject });
          port.postMessage({ type: "dns", id, name, rrtype } satisfies WorkerMessage);
        })
    : undefined;
  port.postMessage({ type: "start" } satisfies WorkerMessage);
  try {
    return await analyzeMessage(Buffer.from(task.raw.buffer, task.raw.byteOffset, task.raw.byteLength), {
      ...task.opts,
      resolver,
      onProgress: (state) => port.postMessage({ type: "progress", state } satisfies WorkerMessage),
    });
  } finally {
    port.close();
  }
}
