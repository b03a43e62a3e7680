/**
 * The periodic deadline check, for the durable job runner (app/lib/jobs.server.ts, when present): the runner's
 * functions are passed in, so this module does not depend on the runner being merged. Hourly is enough: a state
 * changes at most once a day per request, in the tenant's time zone.
 */
import { checkAllPrivacyDeadlines } from "./deadlines.server";

export const PRIVACY_DEADLINES_JOB = "privacy.deadlines";
export const PRIVACY_DEADLINES_INTERVAL_MS = 60 * 60_000;

type Runner = {
  registerJobHandler(kind: string, handler: () => Promise<void> | void): void;
  scheduleRecurringJob(input: { kind: string; key: string; intervalMs: number; firstRunAt?: number }): unknown;
};

export function registerPrivacyJobs(runner: Runner, now = Date.now()) {
  runner.registerJobHandler(PRIVACY_DEADLINES_JOB, () => {
    checkAllPrivacyDeadlines(Date.now());
  });
  runner.scheduleRecurringJob({
    kind: PRIVACY_DEADLINES_JOB,
    key: PRIVACY_DEADLINES_JOB,
    intervalMs: PRIVACY_DEADLINES_INTERVAL_MS,
    firstRunAt: now,
  });
}
