/** The training module's durable jobs: campaign sending and the daily course reminders. */
import type * as jobs from "~/lib/jobs.server";
import { REMINDER_JOB, sendDueReminders } from "./assignments.server";
import { SEND_JOB } from "./campaigns.server";
import { runSendJob } from "./sending.server";

export function registerTrainingJobs(runner: typeof jobs) {
  runner.registerJobHandler(SEND_JOB, runSendJob);
  runner.registerJobHandler(REMINDER_JOB, async () => {
    await sendDueReminders();
  });
  runner.scheduleRecurringJob({ key: REMINDER_JOB, kind: REMINDER_JOB, intervalMs: 6 * 60 * 60_000 });
}
