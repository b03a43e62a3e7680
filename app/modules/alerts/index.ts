/**
 * Alerting: alerts raised by every module, their lifecycle and timeline,
 * maintenance windows, alert rules, notification channels (e-mail, signed
 * webhooks, in-app) with a durable outbox, escalation policies and the
 * real-time stream. What other modules and the routes may use; the *.server
 * exports are server-only.
 */
export * from "./types";
export { alertSourceLink } from "./source-link";
export { alertPermissions } from "./permissions";
export {
  raiseAlert,
  raiseAlertDetailed,
  raiseAlerts,
  fingerprintOf,
  getAlert,
  getAlerts,
  getAlertByDedupeKey,
  openAlertsByDedupePrefix,
  listAlerts,
  listActiveAlerts,
  alertSources,
  effectiveStatus,
  transitionAlert,
  silenceAlert,
  setAlertStatus,
  resolveAlertByDedupeKey,
  resolveAlertsForObject,
  alertForObject,
  alertObjectKey,
  openSevereAlerts,
  type AlertObject,
  inMaintenance,
  createMaintenanceWindow,
  listMaintenanceWindows,
  deleteMaintenanceWindow,
  type RaiseAlertInput,
  type RaiseResult,
  type AlertTransition,
  type AlertFilters,
} from "./alerts.server";
export { alertTimeline, alertTimelines, alertEventsAfter, lastAlertEventId, recordAlertEvent } from "./timeline.server";
export { subscribeAlertEvents } from "./bus.server";
// Figures and search over the alerts table for other modules (dashboard, executive, threat hunting).
export {
  alertHistory,
  alertsFromSource,
  alertsUsageSince,
  alertTotal,
  meanAlertResolutionMs,
  openAlertCount,
  openAlertsBySeverity,
  resolvedAlertCount,
  searchAlerts,
} from "./reads.server";
export { alertStreamStats } from "./stream-admission.server";
export { setAlertingClock } from "./clock.server";
export {
  createChannel,
  listChannels,
  getChannel,
  deleteChannel,
  channelDeliveries,
  enqueueNotification,
  deliverDueNotifications,
  bellFor,
  markBellRead,
  ChannelError,
  deliveryBackoffMs,
} from "./channels.server";
export { listRules, createRule, deleteRule, moveRule, testRule, ruleMatches, matchingRules } from "./rules.server";
export {
  createPolicy,
  listPolicies,
  deletePolicy,
  escalationFor,
  runDueEscalations,
  PolicyError,
  type EscalationStep,
} from "./escalation.server";
export { alertJson } from "./alerts.server";
export { queueTestMessage } from "./channels.server";
export { loadBell } from "./bell.server";
export { AlertBell, type BellData } from "./components/alert-bell";
export { startAlertingWorker, stopAlertingWorker, runAlertingOnce } from "./worker.server";
