/**
 * Logs & Anomalies' posture contribution (issue 31) and usage figures, from the module's own tables; and the
 * stored-event figures detection's contribution needs (its rules run on these events).
 */
import { count, eq, min } from "drizzle-orm";
import { anomalies, events } from "./schema";
import { db } from "~/lib/db.server";
import { countSince } from "~/lib/count-since.server";
import { plural } from "~/lib/plural";
import type { Contribution } from "~/modules/posture";

/** How many events the tenant has stored, and when the first was received (null: none). */
export function storedEventStats(tenantId: string): { n: number; since: number | null } {
  const row = db
    .select({ n: count(), since: min(events.receivedAt) })
    .from(events)
    .where(eq(events.tenantId, tenantId))
    .get();
  return { n: row?.n ?? 0, since: row?.since ?? null };
}

export function logsContribution(tenantId: string): Contribution {
  const stored = storedEventStats(tenantId);
  const assessed = stored.n > 0;
  const rows = assessed
    ? db
        .select({
          id: anomalies.id,
          type: anomalies.type,
          severity: anomalies.severity,
          status: anomalies.status,
          detectedAt: anomalies.detectedAt,
          user: anomalies.user,
          host: anomalies.host,
        })
        .from(anomalies)
        .where(eq(anomalies.tenantId, tenantId))
        .all()
    : [];
  return {
    coverage: {
      module: "logs",
      label: "Logs & Anomalies",
      href: "/logs",
      assessed,
      since: assessed ? stored.since : null,
      statement: assessed
        ? `${plural(stored.n, "event")} read by the anomaly detectors.`
        : "Not assessed: no log event has been received yet.",
    },
    findings: rows.map((r) => ({
      key: `logs:${r.id}`,
      module: "logs" as const,
      action: "review-anomalies",
      title: `${r.type.replace(/-/g, " ")}${r.user ? `: ${r.user}` : r.host ? `: ${r.host}` : ""}`,
      severity: r.severity,
      // Acknowledged is reviewed; benign is a false positive, closed as well (the time of the verdict is not stored).
      state: r.status === "open" ? ("open" as const) : ("resolved" as const),
      foundAt: r.detectedAt,
      closedAt: r.status === "open" ? null : r.detectedAt,
    })),
    actions: [
      {
        id: "review-anomalies",
        module: "logs",
        title: "Review anomalies in your logs",
        points: 10,
        href: "/logs#anomalies-title",
        how: "Acknowledge each anomaly you have looked into, or mark it benign so the same pattern is not raised again.",
      },
    ],
  };
}

/** Log events received and anomalies detected since `since` (null: ever). */
export function eventsUsageSince(tenantId: string, since: number | null) {
  return {
    eventsReceived: countSince(events, tenantId, events.receivedAt, since),
    anomalies: countSince(anomalies, tenantId, anomalies.detectedAt, since),
  };
}
