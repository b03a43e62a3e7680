/**
 * Usage analytics over a window (issue 31): what the organization did with
 * Rampart in the last 7, 30 or 90 days, or ever, counted from stored rows by
 * the time each happened (analysed, found, raised, resolved, received), for
 * every working module, grouped by module under its name from the route map.
 * Each module counts its own tables (its index exports a `…UsageSince`); this
 * file only arranges them. A module the effective plan does not include is not
 * shown (its figures are not even counted), rather than shown as zeros.
 *
 * The Password Analyzer has no figure: a check runs in the browser and nothing
 * about it is stored, so there is nothing honest to count.
 */
import { appRoute } from "~/lib/app-routes";
import { hasFeature, type Plan } from "~/lib/plans";
import { alertsUsageSince } from "~/modules/alerts";
import { breachUsageSince } from "~/modules/breach";
import { cloudUsageSince } from "~/modules/cloud";
import { complianceUsageSince } from "~/modules/compliance";
import { detectionUsageSince, huntsUsageSince } from "~/modules/detection";
import { emergencyUsageSince } from "~/modules/emergency-access/index.server";
import { endpointUsageSince } from "~/modules/endpoint";
import { eventsUsageSince } from "~/modules/events";
import { incidentsUsageSince } from "~/modules/incidents";
import { networkUsageSince } from "~/modules/network";
import { phishingUsageSince } from "~/modules/phishing/index.server";
import { privacyUsageSince } from "~/modules/privacy";
import { trainingUsageSince } from "~/modules/training/index.server";
import { vulnerabilityUsageSince } from "~/modules/vulnerability/index.server";
import { hoursSaved } from "~/modules/executive/index.server";
import { zeroTrustUsageSince } from "~/modules/zero-trust";

// The windows live in ./usage-windows (the page reads them in the browser bundle too).
import { USAGE_WINDOWS, WINDOW_LABEL, type UsageWindow } from "./usage-windows";
export { USAGE_WINDOWS, WINDOW_LABEL, type UsageWindow };

export type UsageFigure = { id: string; label: string; value: number; hint?: string };
/** One module's figures: `path` is its page (the route map's key), `label` its name there. */
export type UsageModule = { path: string; label: string; figures: UsageFigure[] };

const f = (id: string, label: string, value: number, hint?: string): UsageFigure =>
  hint ? { id, label, value, hint } : { id, label, value };

/** Each module's page and how to count its figures since `since` (null: ever), in the sidebar's order. */
const MODULES: { path: string; count: (tenantId: string, since: number | null) => UsageFigure[] }[] = [
  {
    path: "/dark-web-monitoring",
    count: (t, s) => {
      const u = breachUsageSince(t, s);
      return [
        f("identities-watched", "Identities added to watch", u.identitiesWatched),
        f("exposures-found", "Breach exposures found", u.exposuresFound),
      ];
    },
  },
  {
    path: "/phishing",
    count: (t, s) => {
      const u = phishingUsageSince(t, s);
      return [
        f("messages-analysed", "Messages analysed", u.analysed),
        f("messages-quarantined", "Messages quarantined", u.quarantined, "of the messages analysed in this window"),
      ];
    },
  },
  {
    path: "/privacy",
    count: (t, s) => {
      const u = privacyUsageSince(t, s);
      return [
        f("privacy-received", "Privacy requests received", u.received),
        f("privacy-completed", "Privacy requests completed", u.completed),
      ];
    },
  },
  {
    path: "/vulnerability",
    count: (t, s) => {
      const u = vulnerabilityUsageSince(t, s);
      return [
        f("projects-scanned", "Dependency projects uploaded", u.projectsUploaded),
        f("findings-remediated", "Dependency findings closed", u.findingsClosed),
        f("site-scans", "Website scans completed", u.siteScans),
      ];
    },
  },
  {
    path: "/logs",
    count: (t, s) => {
      const u = eventsUsageSince(t, s);
      return [
        f("events-received", "Log events received", u.eventsReceived),
        f("anomalies", "Anomalies detected", u.anomalies),
      ];
    },
  },
  {
    path: "/endpoint-security",
    count: (t, s) => {
      const u = endpointUsageSince(t, s);
      return [
        f("hosts-enrolled", "Devices enrolled", u.hostsEnrolled),
        f("policy-failures", "Policy checks failing", u.policyFailures, "latest result per device and policy"),
      ];
    },
  },
  {
    path: "/alerts",
    count: (t, s) => {
      const u = alertsUsageSince(t, s);
      return [f("alerts-raised", "Alerts raised", u.raised), f("alerts-resolved", "Alerts resolved", u.resolved)];
    },
  },
  {
    path: "/threat-hunting",
    count: (t, s) => [f("hunts-run", "Hunts run and saved", huntsUsageSince(t, s).huntsRun)],
  },
  {
    path: "/incident-response",
    count: (t, s) => {
      const u = incidentsUsageSince(t, s);
      return [
        f("cases-opened", "Incident cases opened", u.opened),
        f("cases-resolved", "Incident cases resolved", u.resolved),
      ];
    },
  },
  {
    path: "/training-management",
    count: (t, s) => {
      const u = trainingUsageSince(t, s);
      return [
        f("campaigns-launched", "Simulation campaigns launched", u.campaignsLaunched),
        f("simulations-sent", "Simulation mails sent", u.simulationsSent),
        f("simulations-reported", "Simulations reported by recipients", u.reportedByUsers),
        f("courses-completed", "Courses completed", u.coursesCompleted),
      ];
    },
  },
  {
    path: "/emergency-access",
    count: (t, s) => {
      const u = emergencyUsageSince(t, s);
      return [
        f("emergency-requests", "Emergency access requests", u.requests),
        f("emergency-grants", "Emergency access grants", u.grants),
      ];
    },
  },
  {
    path: "/compliance-monitoring",
    count: (t, s) => {
      const u = complianceUsageSince(t, s);
      return [
        f("evidence-added", "Evidence added", u.evidenceAdded),
        f("requirements-met", "Requirements marked compliant", u.requirementsMet),
      ];
    },
  },
  {
    path: "/zero-trust",
    count: (t, s) => [
      f("zt-functions", "Functions assessed", zeroTrustUsageSince(t, s).functionsAssessed, "stage set or changed"),
    ],
  },
  {
    path: "/cloud-security",
    count: (t, s) => {
      const u = cloudUsageSince(t, s);
      return [
        f("cloud-snapshots", "Cloud snapshots uploaded", u.snapshotsUploaded),
        f("cloud-failed", "Cloud checks failing", u.checksFailed, "in the snapshots uploaded in this window"),
        f("cloud-resolved", "Cloud checks resolved", u.checksResolved),
      ];
    },
  },
  {
    path: "/siem-soar",
    count: (t, s) => {
      const u = detectionUsageSince(t, s);
      return [
        f("rules-enabled", "Detection rules added and enabled", u.rulesEnabled),
        f("detections", "Detections", u.detections),
      ];
    },
  },
  {
    path: "/network-security",
    count: (t, s) => {
      const u = networkUsageSince(t, s);
      return [
        f("network-scans", "Network scans imported", u.scansImported),
        f("hosts-seen", "Hosts seen", u.hostsSeen),
      ];
    },
  },
];

/** The paths of the modules /usage counts (the tests check every one has figures). */
export const USAGE_MODULE_PATHS: readonly string[] = MODULES.map((m) => m.path);

export function usageOverWindow(tenantId: string, window: UsageWindow, plan: Plan, now = Date.now()) {
  const since = window === "all" ? null : now - Number(window) * 86_400_000;
  const modules: UsageModule[] = [];
  for (const m of MODULES) {
    const route = appRoute(m.path);
    if (route.inDevelopment || (route.feature && !hasFeature(plan, route.feature))) continue;
    modules.push({ path: m.path, label: route.label, figures: m.count(tenantId, since) });
  }
  return {
    window,
    modules,
    /** Nothing at all happened in the window: the page says so instead of a wall of zeros. */
    empty: modules.every((m) => m.figures.every((x) => x.value === 0)),
    // The executive view's per-activity minute table over this window (the same function as /api/analytics).
    hoursSaved: hoursSaved(tenantId, window === "all" ? null : Number(window), now),
  };
}
