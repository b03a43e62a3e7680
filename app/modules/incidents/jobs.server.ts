/**
 * The periodic SLA check on the durable job runner (app/lib/jobs.server.ts); the runner's functions are passed in
 * so the module can be tested without starting it. Every five minutes: the tightest default target is 15 minutes.
 */
import { checkAllSlaBreaches } from "./sla.server";

export const INCIDENT_SLA_JOB = "incidents.sla";
export const INCIDENT_SLA_INTERVAL_MS = 5 * 60_000;

type Runner = {
  registerJobHandler(kind: string, handler: () => Promise<void> | void): void;
  scheduleRecurringJob(input: { kind: string; key: string; intervalMs: number; firstRunAt?: number }): unknown;
};

export function registerIncidentJobs(runner: Runner, clock: () => number = () => Date.now()) {
  runner.registerJobHandler(INCIDENT_SLA_JOB, () => {
    checkAllSlaBreaches(clock());
  });
  runner.scheduleRecurringJob({
    kind: INCIDENT_SLA_JOB,
    key: INCIDENT_SLA_JOB,
    intervalMs: INCIDENT_SLA_INTERVAL_MS,
    firstRunAt: clock(),
  });
}
