/**
 * Periodic work of the events module on the durable job runner
 * (app/lib/jobs.server.ts): retention, hourly (events older than their
 * tenant's retention, counted from receipt, are deleted in bounded chunks).
 */
import { registerJobHandler, scheduleRecurringJob } from "~/lib/jobs.server";
import { purgeExpiredEvents } from "./store.server";

export const EVENTS_RETENTION_JOB = "events.retention";
export const EVENTS_RETENTION_INTERVAL_MS = 60 * 60_000;

export function registerEventJobs(now = Date.now()) {
  registerJobHandler(EVENTS_RETENTION_JOB, async () => {
    await purgeExpiredEvents();
  });
  scheduleRecurringJob({
    kind: EVENTS_RETENTION_JOB,
    key: EVENTS_RETENTION_JOB,
    intervalMs: EVENTS_RETENTION_INTERVAL_MS,
    firstRunAt: now,
  });
}
