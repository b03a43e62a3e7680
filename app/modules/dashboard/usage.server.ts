/**
 * Usage analytics over a window (issue 31): what the organization did with
 * Rampart in the last 7, 30 or 90 days, or ever, counted from stored rows by
 * the time each happened (analysed, found, raised, resolved, received). A
 * figure whose time is not stored says so rather than guessing.
 */
import { alertsUsageSince } from "~/modules/alerts";
import { breachUsageSince } from "~/modules/breach";
import { eventsUsageSince } from "~/modules/events";
import { incidentsUsageSince } from "~/modules/incidents";
import { phishingUsageSince } from "~/modules/phishing/index.server";
import { privacyUsageSince } from "~/modules/privacy";
import { vulnerabilityUsageSince } from "~/modules/vulnerability/index.server";
import { hoursSaved } from "~/modules/executive/index.server";

// The windows live in ./usage-windows (the page reads them in the browser bundle too).
import { USAGE_WINDOWS, WINDOW_LABEL, type UsageWindow } from "./usage-windows";
export { USAGE_WINDOWS, WINDOW_LABEL, type UsageWindow };

export type UsageFigure = { id: string; label: string; value: number; hint?: string };

export function usageOverWindow(tenantId: string, window: UsageWindow, now = Date.now()) {
  const since = window === "all" ? null : now - Number(window) * 86_400_000;
  // Each module counts its own rows (app/modules/<name>/posture.server.ts or reads.server.ts).
  const phishing = phishingUsageSince(tenantId, since);
  const breach = breachUsageSince(tenantId, since);
  const vulnerability = vulnerabilityUsageSince(tenantId, since);
  const privacy = privacyUsageSince(tenantId, since);
  const logs = eventsUsageSince(tenantId, since);
  const alerts = alertsUsageSince(tenantId, since);
  const cases = incidentsUsageSince(tenantId, since);
  const analysed = phishing.analysed;
  const figures: UsageFigure[] = [
    { id: "messages-analysed", label: "Messages analysed", value: analysed },
    {
      id: "messages-quarantined",
      label: "Messages quarantined",
      value: phishing.quarantined,
      hint: "of the messages analysed in this window",
    },
    { id: "identities-watched", label: "Identities added to watch", value: breach.identitiesWatched },
    { id: "exposures-found", label: "Breach exposures found", value: breach.exposuresFound },
    { id: "projects-scanned", label: "Dependency projects uploaded", value: vulnerability.projectsUploaded },
    { id: "findings-remediated", label: "Dependency findings closed", value: vulnerability.findingsClosed },
    { id: "site-scans", label: "Website scans completed", value: vulnerability.siteScans },
    { id: "privacy-received", label: "Privacy requests received", value: privacy.received },
    { id: "privacy-completed", label: "Privacy requests completed", value: privacy.completed },
    { id: "events-received", label: "Log events received", value: logs.eventsReceived },
    { id: "anomalies", label: "Anomalies detected", value: logs.anomalies },
    { id: "alerts-raised", label: "Alerts raised", value: alerts.raised },
    { id: "alerts-resolved", label: "Alerts resolved", value: alerts.resolved },
    { id: "cases-opened", label: "Incident cases opened", value: cases.opened },
    { id: "cases-resolved", label: "Incident cases resolved", value: cases.resolved },
  ];
  return {
    window,
    figures,
    // The executive view's per-activity minute table over this window (the same function as /api/analytics).
    hoursSaved: hoursSaved(tenantId, window === "all" ? null : Number(window), now),
  };
}
