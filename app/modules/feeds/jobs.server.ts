/** The feeds' durable jobs: one per OSV ecosystem (every 6 hours), KEV and EPSS (daily); first runs at start. */
import type * as JobsApi from "~/lib/jobs.server";
import { EPSS_JOB, EXPLOIT_FEED_INTERVAL_MS, KEV_JOB, syncEpss, syncKev } from "./exploit.server";
import { OSV_FEED_INTERVAL_MS, OSV_FEED_JOB, osvEcosystems, syncOsvEcosystem } from "./osv.server";
import { feedsEnabled } from "./state.server";

export function registerFeedJobs(jobs: typeof JobsApi) {
  jobs.registerJobHandler(OSV_FEED_JOB, async (job) => {
    const { ecosystem } = (job.payload ?? {}) as { ecosystem?: string };
    if (ecosystem) await syncOsvEcosystem(ecosystem);
  });
  jobs.registerJobHandler(KEV_JOB, async () => void (await syncKev()));
  jobs.registerJobHandler(EPSS_JOB, async () => void (await syncEpss()));
  if (!feedsEnabled()) {
    // Air-gapped: drop schedules a previous configuration left.
    for (const e of osvEcosystems()) jobs.cancelJob(`${OSV_FEED_JOB}:${e}`);
    jobs.cancelJob(KEV_JOB);
    jobs.cancelJob(EPSS_JOB);
    return;
  }
  const now = Date.now();
  for (const ecosystem of osvEcosystems())
    jobs.scheduleRecurringJob({
      kind: OSV_FEED_JOB,
      key: `${OSV_FEED_JOB}:${ecosystem}`,
      payload: { ecosystem },
      intervalMs: OSV_FEED_INTERVAL_MS,
      firstRunAt: now,
    });
  jobs.scheduleRecurringJob({ kind: KEV_JOB, key: KEV_JOB, intervalMs: EXPLOIT_FEED_INTERVAL_MS, firstRunAt: now });
  jobs.scheduleRecurringJob({ kind: EPSS_JOB, key: EPSS_JOB, intervalMs: EXPLOIT_FEED_INTERVAL_MS, firstRunAt: now });
}
