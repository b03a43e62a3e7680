/**
 * Time saved and modules in use (issue 31), from stored activity: one table says, for each activity Rampart does
 * in place of a person, which replaced tool it belongs to and the minutes of manual work it stands for. The
 * minutes are deliberately modest estimates of the hand work each row replaces (docs/product.md, "Value
 * delivered"); an activity with 0 minutes still shows the tool is in use. /executive, /api/analytics (the
 * dashboard's analytics) and /usage all read hoursSaved() and modulesInUse() from here, so they agree.
 */
import { breachUsageSince } from "~/modules/breach";
import { complianceUsageSince } from "~/modules/compliance";
import { cloudUsageSince } from "~/modules/cloud";
import { detectionUsageSince } from "~/modules/detection";
import { endpointUsageSince } from "~/modules/endpoint";
import { eventsUsageSince } from "~/modules/events";
import { incidentsUsageSince } from "~/modules/incidents";
import { networkUsageSince } from "~/modules/network";
import { phishingUsageSince } from "~/modules/phishing/index.server";
import { privacyUsageSince } from "~/modules/privacy";
import { trainingUsageSince } from "~/modules/training/index.server";
import { vulnerabilityUsageSince } from "~/modules/vulnerability/index.server";
import type { ToolKey } from "./tools";

const DAY = 86_400_000;
/** The window of "in use" and of the monthly figures. */
export const VALUE_WINDOW_DAYS = 30;

export type ActivityId =
  | "messages-analysed"
  | "identities-watched"
  | "exposures-found"
  | "lockfiles-uploaded"
  | "site-scans"
  | "log-anomalies"
  | "detections"
  | "log-events"
  | "cases-opened"
  | "privacy-received"
  | "privacy-completed"
  | "evidence-added"
  | "simulations-sent"
  | "courses-completed"
  | "cloud-snapshots"
  | "network-scans"
  | "hosts-inventoried";

export type ActivityDef = { id: ActivityId; tool: ToolKey; label: string; minutes: number };

/** The per-activity minute table (documented in docs/product.md). */
export const ACTIVITY_MINUTES: readonly ActivityDef[] = [
  { id: "messages-analysed", tool: "phishing", label: "Messages analysed", minutes: 10 },
  { id: "identities-watched", tool: "dark-web", label: "Identities added to watch", minutes: 5 },
  { id: "exposures-found", tool: "dark-web", label: "Breach exposures found", minutes: 15 },
  { id: "lockfiles-uploaded", tool: "vulnerability", label: "Lockfiles and SBOMs scanned", minutes: 30 },
  { id: "site-scans", tool: "vulnerability", label: "Website scans completed", minutes: 20 },
  { id: "log-anomalies", tool: "siem", label: "Anomalies detected", minutes: 15 },
  { id: "detections", tool: "siem", label: "Detections by rules", minutes: 15 },
  // Receiving events is the tool at work, not hand work saved on its own.
  { id: "log-events", tool: "siem", label: "Log events received", minutes: 0 },
  { id: "cases-opened", tool: "incidents", label: "Incident cases opened", minutes: 30 },
  { id: "privacy-received", tool: "privacy", label: "Privacy requests received", minutes: 0 },
  { id: "privacy-completed", tool: "privacy", label: "Privacy requests completed", minutes: 60 },
  { id: "evidence-added", tool: "compliance", label: "Compliance evidence added", minutes: 15 },
  { id: "simulations-sent", tool: "training", label: "Phishing simulations sent", minutes: 5 },
  { id: "courses-completed", tool: "training", label: "Training courses completed", minutes: 10 },
  { id: "cloud-snapshots", tool: "cloud", label: "Cloud account snapshots checked", minutes: 60 },
  { id: "network-scans", tool: "network", label: "Network scans imported", minutes: 30 },
  { id: "hosts-inventoried", tool: "endpoint", label: "Endpoints inventoried", minutes: 15 },
];

/** How many of each activity happened since `since` (null: ever), each module counting its own rows. */
export function activityCounts(tenantId: string, since: number | null): Record<ActivityId, number> {
  const phishing = phishingUsageSince(tenantId, since);
  const breach = breachUsageSince(tenantId, since);
  const vulnerability = vulnerabilityUsageSince(tenantId, since);
  const logs = eventsUsageSince(tenantId, since);
  const privacy = privacyUsageSince(tenantId, since);
  const training = trainingUsageSince(tenantId, since);
  return {
    "messages-analysed": phishing.analysed,
    "identities-watched": breach.identitiesWatched,
    "exposures-found": breach.exposuresFound,
    "lockfiles-uploaded": vulnerability.projectsUploaded,
    "site-scans": vulnerability.siteScans,
    "log-anomalies": logs.anomalies,
    detections: detectionUsageSince(tenantId, since).detections,
    "log-events": logs.eventsReceived,
    "cases-opened": incidentsUsageSince(tenantId, since).opened,
    "privacy-received": privacy.received,
    "privacy-completed": privacy.completed,
    "evidence-added": complianceUsageSince(tenantId, since).evidenceAdded,
    "simulations-sent": training.simulationsSent,
    "courses-completed": training.coursesCompleted,
    "cloud-snapshots": cloudUsageSince(tenantId, since).snapshotsUploaded,
    "network-scans": networkUsageSince(tenantId, since).scansImported,
    "hosts-inventoried": endpointUsageSince(tenantId, since).hostsInventoried,
  };
}

/** Hours saved by these counts: the sum of count × minutes, in hours, to one decimal. */
export function hoursFromCounts(counts: Record<ActivityId, number>): number {
  const minutes = ACTIVITY_MINUTES.reduce((sum, a) => sum + counts[a.id] * a.minutes, 0);
  return Math.round((minutes / 60) * 10) / 10;
}

/** The replaced tools in use: a tool is in use when any of its activities has a stored row in the window. */
export function toolsInUseFromCounts(counts: Record<ActivityId, number>): ToolKey[] {
  const used = new Set<ToolKey>();
  for (const a of ACTIVITY_MINUTES) if (counts[a.id] > 0) used.add(a.tool);
  return [...used];
}

/** Hours saved over the last `days` days (null: ever). */
export function hoursSaved(tenantId: string, days: number | null = VALUE_WINDOW_DAYS, now = Date.now()): number {
  return hoursFromCounts(activityCounts(tenantId, days === null ? null : now - days * DAY));
}

/** The one definition of "in use": the module stored data in the last 30 days. */
export function modulesInUse(tenantId: string, now = Date.now()): ToolKey[] {
  return toolsInUseFromCounts(activityCounts(tenantId, now - VALUE_WINDOW_DAYS * DAY));
}
