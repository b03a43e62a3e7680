/**
 * SIEM/SOAR playbooks (issue 15): a trigger on detections (a rule, a tag, a level at or above a threshold) and ordered
 * steps (raise an alert, open an incident, notify a channel, add an indicator to the watchlist, wait for an owner's
 * or admin's approval). Runs start from the detection path and execute on the durable job runner, so a restart
 * resumes them. What other modules and the routes may use; the *.server exports are server-only.
 */
export * from "./types";
export { playbookPermissions, PLAYBOOK_PERMISSION_MESSAGE, type PlaybookAction } from "./permissions";
export {
  listPlaybooks,
  getPlaybook,
  createPlaybook,
  updatePlaybook,
  deletePlaybook,
  setPlaybookEnabled,
  listRuns,
  getRun,
  listIndicators,
  addIndicator,
  searchIndicators,
  playbookView,
  runView,
  MAX_PLAYBOOKS,
  type PlaybookView,
  type RunView,
} from "./playbooks.server";
export {
  triggers,
  eventIndicators,
  startRunsFor,
  executeRun,
  decideRun,
  registerPlaybookJobs,
  startRunsOnDetections,
  PlaybookError,
  PLAYBOOK_RUN_JOB,
} from "./runner.server";
export {
  playbooksPageData,
  checkReferences,
  PLAYBOOK_INTENTS,
  type PlaybooksPageData,
  type PlaybookActionData,
} from "./page-data.server";
export { PlaybooksSection } from "./components/playbooks-section";
