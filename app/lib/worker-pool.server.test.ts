/**
 * The worker pool every untrusted-input module runs in (worker-pool.server.ts): a task past its deadline is
 * stopped with a typed 413 and the pool serves the next task; beyond the queue limit a task is refused with a
 * typed 503 at once; without a worker the module's in-process fallback answers.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { TestTask } from "../../tests/fixtures/worker-pool/test-worker";
import { DomainError } from "./errors";
import { createWorkerPool, WorkerBusyError, WorkerDeadlineError, type WorkerPool } from "./worker-pool.server";

const SOURCE = "tests/fixtures/worker-pool/test-worker.ts";
let pool: WorkerPool | null = null;

afterEach(async () => {
  await pool?.close();
  pool = null;
});

function onePool(extra: Partial<Parameters<typeof createWorkerPool>[0]> = {}): WorkerPool {
  pool = createWorkerPool({
    label: "worker pool test",
    source: SOURCE,
    bundle: "worker-pool-test",
    maxThreads: () => 1,
    maxHeapMb: 64,
    fallbackNote: "answering in-process",
    ...extra,
  });
  return pool;
}

function task(p: WorkerPool, kind: TestTask["kind"], value: number, deadlineMs: number, onStart?: () => void) {
  return p.run<number>({
    task: (port): TestTask => ({ kind, value, port }),
    deadlineMs,
    onMessage: onStart,
    inProcess: () => -1,
  });
}

describe("the worker pool", () => {
  it("stops a task past its deadline with a typed 413, and the same single thread then serves the next task", async () => {
    const p = onePool();
    await expect(task(p, "spin", 1, 300)).rejects.toSatisfy(
      (e) => e instanceof WorkerDeadlineError && e.status === 413 && e.code === "PAYLOAD_TOO_LARGE",
    );
    // One thread only: this answers only because the spinning thread was terminated and replaced.
    expect(await task(p, "double", 21, 10_000)).toBe(42);
  }, 30_000);

  it("answers with the module's own error at the deadline", async () => {
    const p = onePool({ errors: { deadline: (ms) => new DomainError(`slower than ${ms} ms`, { status: 413 }) } });
    await expect(task(p, "spin", 1, 200)).rejects.toMatchObject({ status: 413, message: "slower than 200 ms" });
  }, 30_000);

  it("refuses a task beyond the queue limit with a typed 503 at once; those that waited run after the deadline", async () => {
    const p = onePool({ maxQueue: 2 });
    let spinSettled = false;
    const spinning = task(p, "spin", 0, 1_000).finally(() => (spinSettled = true));
    const waited = [task(p, "double", 5, 10_000), task(p, "double", 6, 10_000)];
    await expect(task(p, "double", 7, 10_000)).rejects.toSatisfy(
      (e) => e instanceof WorkerBusyError && e.status === 503 && e.code === "SERVICE_UNAVAILABLE",
    );
    // Refused at once, not when the spinning task's thread is stopped.
    expect(spinSettled).toBe(false);
    await expect(spinning).rejects.toBeInstanceOf(WorkerDeadlineError);
    // The pool keeps no idle thread (minThreads 0): the tasks that waited behind the stopped one still run.
    expect(await Promise.all(waited)).toEqual([10, 12]);
  }, 30_000);

  it("runs the task in-process when no worker can start", async () => {
    const p = onePool({ source: "tests/fixtures/worker-pool/absent-worker.ts", bundle: "absent-worker" });
    expect(await task(p, "double", 1, 1_000)).toBe(-1);
  });
});
