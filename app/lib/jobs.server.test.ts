// The durable job runner on a real SQLite file, with a fixed clock.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqlite } from "./db.server";
import {
  backoffMs,
  cancelJob,
  enqueueJob,
  getJob,
  getJobByKey,
  JOB_LEASE_MS,
  registerJobHandler,
  runDueJobs,
  scheduleRecurringJob,
  setJobClock,
} from "./jobs.server";

let now = Date.UTC(2026, 0, 5, 9, 0, 0);
beforeEach(() => {
  now = Date.UTC(2026, 0, 5, 9, 0, 0);
  setJobClock(() => now);
  sqlite().prepare("DELETE FROM jobs").run();
});
afterEach(() => setJobClock());

describe("job runner", () => {
  it("runs a due job once and marks it done; a job not yet due waits", async () => {
    const ran: unknown[] = [];
    registerJobHandler("t-once", (job) => void ran.push(job.payload));
    const id = enqueueJob({ kind: "t-once", payload: { n: 1 } });
    const later = enqueueJob({ kind: "t-once", payload: { n: 2 }, runAt: now + 60_000 });
    expect(await runDueJobs()).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
    expect(getJob(id)?.status).toBe("done");
    expect(getJob(later)?.status).toBe("queued");
    expect(await runDueJobs()).toBe(0);
    now += 60_000;
    expect(await runDueJobs()).toBe(1);
    expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("retries a failing job with exponential backoff, then marks it failed with the last error", async () => {
    let calls = 0;
    registerJobHandler("t-fail", () => {
      calls++;
      throw new Error(`boom ${calls}`);
    });
    const id = enqueueJob({ kind: "t-fail", maxAttempts: 3 });
    await runDueJobs();
    let job = getJob(id)!;
    expect([job.status, job.attempts, job.lastError, job.runAt - now]).toEqual(["queued", 1, "boom 1", backoffMs(1)]);
    expect(await runDueJobs()).toBe(0); // backing off
    now += backoffMs(1);
    await runDueJobs();
    job = getJob(id)!;
    expect([job.attempts, job.runAt - now]).toEqual([2, backoffMs(2)]);
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    now += backoffMs(2);
    await runDueJobs();
    job = getJob(id)!;
    expect([job.status, job.attempts, job.lastError]).toEqual(["failed", 3, "boom 3"]);
    now += 24 * 3600_000;
    expect(await runDueJobs()).toBe(0);
    expect(calls).toBe(3);
  });

  it("resumes after a restart: a job left running by a dead process is claimed again once its lease passes", async () => {
    let calls = 0;
    registerJobHandler("t-crash", () => void calls++);
    const id = enqueueJob({ kind: "t-crash" });
    // A previous process claimed it and died mid-run.
    sqlite()
      .prepare("UPDATE jobs SET status = 'running', attempts = 1, locked_until = ? WHERE id = ?")
      .run(now + JOB_LEASE_MS, id);
    expect(await runDueJobs()).toBe(0);
    now += JOB_LEASE_MS + 1;
    expect(await runDueJobs()).toBe(1);
    expect(calls).toBe(1);
    expect(getJob(id)?.status).toBe("done");
  });

  it("two runners never claim the same job", async () => {
    let calls = 0;
    registerJobHandler("t-race", async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
    });
    enqueueJob({ kind: "t-race" });
    const [a, b] = await Promise.all([runDueJobs(), runDueJobs()]);
    expect(a + b).toBe(1);
    expect(calls).toBe(1);
  });

  it("a recurring job runs on its interval and keeps one row per key", async () => {
    let calls = 0;
    registerJobHandler("t-weekly", () => void calls++);
    const week = 7 * 24 * 3600_000;
    const id = scheduleRecurringJob({ key: "weekly:site:1", kind: "t-weekly", intervalMs: week });
    expect(scheduleRecurringJob({ key: "weekly:site:1", kind: "t-weekly", intervalMs: week })).toBe(id);
    expect(await runDueJobs()).toBe(0);
    now += week;
    expect(await runDueJobs()).toBe(1);
    const job = getJobByKey("weekly:site:1")!;
    expect([job.status, job.runAt]).toEqual(["queued", now + week]);
    now += week;
    await runDueJobs();
    expect(calls).toBe(2);
    expect(cancelJob("weekly:site:1")).toBe(true);
    now += week;
    expect(await runDueJobs()).toBe(0);
  });

  it("enqueueing a named job twice while it waits keeps one job", () => {
    registerJobHandler("t-key", () => {});
    const a = enqueueJob({ kind: "t-key", key: "k1" });
    const b = enqueueJob({ kind: "t-key", key: "k1" });
    expect(a).toBe(b);
  });
});
