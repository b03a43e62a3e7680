/**
 * The worker-thread side of the Nmap parse pool (parse-pool.server.ts): parses one upload and answers a plain
 * outcome (an error's class does not survive the trip back). It says "start" over the task's port when it
 * takes the file, so that the deadline does not count time spent waiting in the queue.
 */
import type { MessagePort } from "node:worker_threads";
import { NmapXmlError, NOT_NMAP_XML, parseNmapXml, type NmapScan } from "./nmap-xml";

export type ParseTask = { content: Uint8Array; port: MessagePort };
export type ParseOutcome = { ok: true; scan: NmapScan } | { ok: false; status: 400 | 413; message: string };

export default function parseTask(task: ParseTask): ParseOutcome {
  task.port.postMessage("start");
  task.port.close();
  const xml = Buffer.from(task.content.buffer, task.content.byteOffset, task.content.byteLength).toString("utf8");
  try {
    return { ok: true, scan: parseNmapXml(xml) };
  } catch (error) {
    if (error instanceof NmapXmlError) return { ok: false, status: error.status, message: error.message };
    // A parser failing in a way of its own (a stack overflow on absurd nesting) was given a file it cannot read.
    return { ok: false, status: 400, message: NOT_NMAP_XML };
  }
}
