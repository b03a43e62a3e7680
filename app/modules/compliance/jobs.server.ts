/**
 * Compliance's periodic work, for the durable job runner (app/lib/jobs.server.ts, from the vulnerability
 * branch): every hour, expired evidence is handled for every tenant (requirement back to in progress, one alert)
 * and each adopted framework's daily score snapshot is written, so the trend has a point for days nobody opened
 * the page; the first run, at start-up, also reads the catalogues into the database. The runner's API is passed in, so this module does not depend on where the runner lives:
 *
 *   registerComplianceJobs({ registerJobHandler, scheduleRecurringJob });   // in app/background.server.ts
 */
import { complianceAdoptions } from "./schema";
import { db } from "~/lib/db.server";
import { ensureCatalogs } from "./catalog.server";
import { checkAllEvidenceExpiry, recordScoreSnapshots } from "./compliance.server";

export const COMPLIANCE_JOB = "compliance-daily";
export const COMPLIANCE_JOB_INTERVAL_MS = 60 * 60_000;

/** One pass: expiry for every tenant with evidence due, then today's snapshot for every tenant with a framework. */
export function runComplianceJob(now = Date.now()) {
  // The first run is at start-up: the catalogues are read into the database then (once per database, 1–3 s for
  // the 800-53 YAML), not on the first visit to /compliance-monitoring.
  ensureCatalogs();
  const expiry = checkAllEvidenceExpiry(now);
  const tenants = db.selectDistinct({ tenantId: complianceAdoptions.tenantId }).from(complianceAdoptions).all();
  for (const t of tenants) recordScoreSnapshots(t.tenantId, now);
  return { ...expiry, snapshotTenants: tenants.length };
}

export type JobsApi = {
  registerJobHandler(kind: string, handler: () => void | Promise<void>): void;
  scheduleRecurringJob(input: { key: string; kind: string; intervalMs: number; firstRunAt?: number }): unknown;
};

export function registerComplianceJobs(jobs: JobsApi, now = Date.now()) {
  jobs.registerJobHandler(COMPLIANCE_JOB, () => void runComplianceJob());
  jobs.scheduleRecurringJob({
    key: COMPLIANCE_JOB,
    kind: COMPLIANCE_JOB,
    intervalMs: COMPLIANCE_JOB_INTERVAL_MS,
    firstRunAt: now,
  });
}
