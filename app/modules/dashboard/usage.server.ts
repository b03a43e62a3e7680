/**
 * Usage analytics over a window (issue 31): what the organization did with
 * Rampart in the last 7, 30 or 90 days, or ever, counted from stored rows by
 * the time each happened (analysed, found, raised, resolved, received). A
 * figure whose time is not stored says so rather than guessing.
 */
import { and, count, eq, gte, isNotNull, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  alerts,
  anomalies,
  depFindings,
  depProjects,
  events,
  exposures,
  incidents,
  phishingItems,
  privacyRequests,
  watchedIdentities,
  webScans,
} from "@db/schema";
import { db } from "~/lib/db.server";

export const USAGE_WINDOWS = ["7", "30", "90", "all"] as const;
export type UsageWindow = (typeof USAGE_WINDOWS)[number];
export const WINDOW_LABEL: Record<UsageWindow, string> = {
  "7": "Last 7 days",
  "30": "Last 30 days",
  "90": "Last 90 days",
  all: "All time",
};

function countSince(
  table: SQLiteTable & { tenantId: SQLiteColumn },
  tenantId: string,
  at: SQLiteColumn,
  since: number | null,
  extra?: SQL,
) {
  const where = [eq(table.tenantId, tenantId), isNotNull(at), extra];
  if (since !== null) where.push(gte(at, since));
  return (
    db
      .select({ n: count() })
      .from(table)
      .where(and(...where))
      .get()?.n ?? 0
  );
}

export type UsageFigure = { id: string; label: string; value: number; hint?: string };

export function usageOverWindow(tenantId: string, window: UsageWindow, now = Date.now()) {
  const since = window === "all" ? null : now - Number(window) * 86_400_000;
  const c = (table: Parameters<typeof countSince>[0], at: SQLiteColumn, extra?: SQL) =>
    countSince(table, tenantId, at, since, extra);
  const analysed = c(phishingItems, phishingItems.createdAt);
  const figures: UsageFigure[] = [
    { id: "messages-analysed", label: "Messages analysed", value: analysed },
    {
      id: "messages-quarantined",
      label: "Messages quarantined",
      value: c(phishingItems, phishingItems.createdAt, eq(phishingItems.status, "quarantined")),
      hint: "of the messages analysed in this window",
    },
    {
      id: "identities-watched",
      label: "Identities added to watch",
      value: c(watchedIdentities, watchedIdentities.createdAt),
    },
    { id: "exposures-found", label: "Breach exposures found", value: c(exposures, exposures.foundAt) },
    { id: "projects-scanned", label: "Dependency projects uploaded", value: c(depProjects, depProjects.createdAt) },
    { id: "findings-remediated", label: "Dependency findings closed", value: c(depFindings, depFindings.resolvedAt) },
    {
      id: "site-scans",
      label: "Website scans completed",
      value: c(webScans, webScans.finishedAt, eq(webScans.status, "done")),
    },
    {
      id: "privacy-received",
      label: "Privacy requests received",
      value: c(privacyRequests, privacyRequests.createdAt),
    },
    {
      id: "privacy-completed",
      label: "Privacy requests completed",
      value: c(privacyRequests, privacyRequests.completedAt),
    },
    { id: "events-received", label: "Log events received", value: c(events, events.receivedAt) },
    { id: "anomalies", label: "Anomalies detected", value: c(anomalies, anomalies.detectedAt) },
    { id: "alerts-raised", label: "Alerts raised", value: c(alerts, alerts.createdAt) },
    { id: "alerts-resolved", label: "Alerts resolved", value: c(alerts, alerts.resolvedAt) },
    { id: "cases-opened", label: "Incident cases opened", value: c(incidents, incidents.openedAt) },
    { id: "cases-resolved", label: "Incident cases resolved", value: c(incidents, incidents.resolvedAt) },
  ];
  return {
    window,
    figures,
    // 10 minutes of manual review per analysed message (docs/api.md, /api/analytics).
    hoursSaved: Math.round((analysed * 10) / 60),
  };
}
