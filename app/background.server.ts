/**
 * Background work of the server process: every module registers its job
 * handlers here, then the durable job runner (app/lib/jobs.server.ts) starts
 * polling. server.js calls startBackgroundJobs() once the database is ready;
 * tests and scripts never start it by importing a module.
 */
import * as jobs from "~/lib/jobs.server";
import { registerComplianceJobs } from "~/modules/compliance";
import { startAlertingWorker } from "~/modules/alerts";
import { registerIncidentJobs } from "~/modules/incidents";
import { registerBreachFeedJobs } from "~/modules/breach";
import { registerPrivacyJobs } from "~/modules/privacy";
import { registerWebScanJobs } from "~/modules/vulnerability/index.server";
import { registerEventJobs } from "~/modules/events";
import { registerPlaybookJobs } from "~/modules/playbooks";
import { registerFeedJobs } from "~/modules/feeds/index.server";

export function startBackgroundJobs() {
  registerWebScanJobs();
  registerPrivacyJobs(jobs);
  registerComplianceJobs(jobs);
  registerIncidentJobs(jobs);
  registerEventJobs();
  // Playbook runs (started by detections; an interrupted run resumes at its next step).
  registerPlaybookJobs();
  // The daily HIBP breach catalogue sync (HIBP_SYNC=0 turns it off).
  registerBreachFeedJobs(jobs);
  // The intelligence feeds: OSV per ecosystem, CISA KEV, FIRST EPSS (RAMPART_FEEDS=off turns them off).
  registerFeedJobs(jobs);
  jobs.startJobRunner();
  // The notification outbox and escalation timers (app/modules/alerts/worker.server.ts).
  startAlertingWorker();
}
