/**
 * Durable background jobs: a table in SQLite (`jobs` in db/schema.ts) and an
 * in-process runner. Jobs survive restarts: a job is claimed with one atomic
 * UPDATE that also sets a lease (`locked_until`); a job whose process died
 * while running is claimed again once its lease has passed.
 *
 * The API, for every module (web scans, alert outbox, OSV re-checks, retention):
 *
 *   registerJobHandler("web-scan", async (job) => { ... });   // at module load
 *   enqueueJob({ kind: "web-scan", payload: { scanId }, tenantId });
 *   scheduleRecurringJob({ key: `web-scan:site:${id}`, kind: "web-scan",
 *                          payload: { siteId: id }, tenantId, intervalMs: WEEK });
 *   cancelJob(key);
 *   startJobRunner();        // once, from the server start-up (server.js)
 *   await runDueJobs();      // one pass by hand (tests, scripts)
 *
 * A handler that throws is retried with exponential backoff (30 s, 1 min,
 * 2 min... capped at 1 h) until `maxAttempts`, then the job is `failed` with
 * its last error. A recurring job goes back to `queued` for its next run
 * either way. The clock is injectable (`setJobClock`) so tests run on fixed time.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { jobs } from "./jobs.schema";
import { db } from "./db.server";
import { now as appNow } from "./clock.server";

export type JobRecord = {
  id: string;
  kind: string;
  key: string | null;
  tenantId: string | null;
  payload: unknown;
  attempt: number;
};
export type JobHandler = (job: JobRecord) => Promise<void> | void;

const handlers = new Map<string, JobHandler>();
/** How long a claimed job is ours; a crash leaves it claimable after this. */
export const JOB_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

// The app clock (clock.server.ts): a job due "in one day" runs when the app's day has passed, also under a test clock.
let clock: () => number = appNow;
/** Tests pass a fixed clock; `setJobClock()` restores the app clock. */
export function setJobClock(now?: () => number) {
  clock = now ?? appNow;
}

export function registerJobHandler(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

type EnqueueInput = {
  kind: string;
  payload?: unknown;
  tenantId?: string | null;
  /** Unix ms; default now. */
  runAt?: number;
  maxAttempts?: number;
  /** A name for the job: enqueueing the same key again while it waits keeps one row. */
  key?: string;
};

/** Adds a job; answers its id (the existing one when `key` is already queued). */
export function enqueueJob(input: EnqueueInput): string {
  const id = randomUUID();
  const now = clock();
  const values = {
    id,
    kind: input.kind,
    key: input.key ?? null,
    tenantId: input.tenantId ?? null,
    payload: JSON.stringify(input.payload ?? {}),
    status: "queued" as const,
    runAt: input.runAt ?? now,
    maxAttempts: input.maxAttempts ?? 5,
    updatedAt: now,
  };
  if (!input.key) {
    db.insert(jobs).values(values).run();
    return id;
  }
  const existing = db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.key, input.key)).get();
  if (existing && (existing.status === "queued" || existing.status === "running")) return existing.id;
  if (existing) {
    db.update(jobs)
      .set({ ...values, id: existing.id, attempts: 0, lastError: null, lockedUntil: null, intervalMs: null })
      .where(eq(jobs.id, existing.id))
      .run();
    return existing.id;
  }
  db.insert(jobs).values(values).run();
  return id;
}

/** Creates or updates a recurring job (one row per key). The first run is `firstRunAt` (default now + interval). */
export function scheduleRecurringJob(input: EnqueueInput & { key: string; intervalMs: number; firstRunAt?: number }) {
  const now = clock();
  const runAt = input.firstRunAt ?? now + input.intervalMs;
  const payload = JSON.stringify(input.payload ?? {});
  const existing = db.select({ id: jobs.id }).from(jobs).where(eq(jobs.key, input.key)).get();
  if (existing) {
    db.update(jobs)
      .set({
        kind: input.kind,
        payload,
        tenantId: input.tenantId ?? null,
        intervalMs: input.intervalMs,
        updatedAt: now,
      })
      .where(eq(jobs.id, existing.id))
      .run();
    return existing.id;
  }
  const id = randomUUID();
  db.insert(jobs)
    .values({
      id,
      kind: input.kind,
      key: input.key,
      tenantId: input.tenantId ?? null,
      payload,
      runAt,
      intervalMs: input.intervalMs,
      maxAttempts: input.maxAttempts ?? 3,
      updatedAt: now,
    })
    .run();
  return id;
}

/** Removes a named job (a deleted site's schedule). */
export function cancelJob(key: string): boolean {
  return db.delete(jobs).where(eq(jobs.key, key)).run().changes > 0;
}

export function getJob(id: string) {
  return db.select().from(jobs).where(eq(jobs.id, id)).get() ?? null;
}

export function getJobByKey(key: string) {
  return (
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, key)))
      .get() ?? null
  );
}

type Claimed = NonNullable<ReturnType<typeof claimOne>>;

/**
 * Claims one due job of a kind this process handles: queued and due, or
 * running with an expired lease (its worker died). One UPDATE ... RETURNING,
 * so two runners never claim the same job.
 */
function claimOne(now: number) {
  const kinds = [...handlers.keys()];
  if (kinds.length === 0) return null;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        or(
          and(eq(jobs.status, "queued"), lte(jobs.runAt, now)),
          and(eq(jobs.status, "running"), lt(jobs.lockedUntil, now)),
        ),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(1);
  const row = db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, lockedUntil: now + JOB_LEASE_MS, updatedAt: now })
    .where(eq(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      key: jobs.key,
      tenantId: jobs.tenantId,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      intervalMs: jobs.intervalMs,
    })
    .get();
  return row ?? null;
}

function finish(job: Claimed, error: unknown) {
  const now = clock();
  const update = (set: Partial<typeof jobs.$inferInsert>) =>
    db
      .update(jobs)
      .set({ lockedUntil: null, updatedAt: now, ...set })
      .where(eq(jobs.id, job.id))
      .run();
  if (error === null) {
    if (job.intervalMs) update({ status: "queued", attempts: 0, runAt: now + job.intervalMs, lastError: null });
    else update({ status: "done", lastError: null });
    return;
  }
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  if (job.attempts < job.maxAttempts) {
    update({ status: "queued", runAt: now + backoffMs(job.attempts), lastError: message });
  } else if (job.intervalMs) {
    // Out of retries this time; try again at the next scheduled run.
    update({ status: "queued", attempts: 0, runAt: now + job.intervalMs, lastError: message });
  } else {
    update({ status: "failed", lastError: message });
  }
}

/** Runs every due job once (up to `limit`); answers how many ran. */
export async function runDueJobs(limit = 20): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const job = claimOne(clock());
    if (!job) break;
    ran++;
    const handler = handlers.get(job.kind);
    let payload: unknown;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      payload = {};
    }
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler({
        id: job.id,
        kind: job.kind,
        key: job.key,
        tenantId: job.tenantId,
        payload,
        attempt: job.attempts,
      });
      finish(job, null);
    } catch (error) {
      finish(job, error);
    }
  }
  return ran;
}

let timer: NodeJS.Timeout | null = null;
let running = false;

/** Starts the poll loop (idempotent). Called by server.js after the database is ready. */
export function startJobRunner(options: { pollMs?: number } = {}) {
  if (timer) return;
  const pollMs = options.pollMs ?? 2_000;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueJobs();
    } catch (error) {
      console.error(JSON.stringify({ level: "error", msg: "job runner pass failed", error: String(error) }));
    } finally {
      running = false;
    }
  };
  timer = setInterval(tick, pollMs);
  timer.unref();
  void tick();
}

export function stopJobRunner() {
  if (timer) clearInterval(timer);
  timer = null;
}

/**
 * The queue per kind, for the operator console (issue 32): how many jobs wait, run, failed; the next due run and
 * the latest failure. No payloads (they may hold tenant data).
 */
export function jobSummary() {
  return db
    .select({
      kind: jobs.kind,
      queued: sql<number>`sum(${jobs.status} = 'queued')`,
      running: sql<number>`sum(${jobs.status} = 'running')`,
      failed: sql<number>`sum(${jobs.status} = 'failed')`,
      done: sql<number>`sum(${jobs.status} = 'done')`,
      nextRunAt: sql<number | null>`min(case when ${jobs.status} = 'queued' then ${jobs.runAt} end)`,
      lastError: sql<
        string | null
      >`(select j2.last_error from jobs j2 where j2.kind = ${jobs.kind} and j2.last_error is not null order by j2.updated_at desc limit 1)`,
    })
    .from(jobs)
    .groupBy(jobs.kind)
    .orderBy(jobs.kind)
    .all();
}
