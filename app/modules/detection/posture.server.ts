/**
 * Detection's posture contribution (issue 31): assessed while an enabled rule has stored events to run on. Its
 * findings are its alerts (one per detection alert: the alert already groups a rule's matches per host and
 * window), read through the alerts module; the events through the events module.
 */
import { and, count, eq, min } from "drizzle-orm";
import { detectionRules } from "./schema";
import { db } from "~/lib/db.server";
import { plural } from "~/lib/plural";
import { alertsFromSource } from "~/modules/alerts";
import { storedEventStats } from "~/modules/events";
import type { Contribution } from "~/modules/posture";

export function detectionContribution(tenantId: string): Contribution {
  const rules =
    db
      .select({ n: count() })
      .from(detectionRules)
      .where(and(eq(detectionRules.tenantId, tenantId), eq(detectionRules.enabled, true)))
      .get()?.n ?? 0;
  const stored = storedEventStats(tenantId).n;
  const assessed = rules > 0 && stored > 0;
  const since = assessed
    ? (db
        .select({ since: min(detectionRules.createdAt) })
        .from(detectionRules)
        .where(eq(detectionRules.tenantId, tenantId))
        .get()?.since ?? null)
    : null;
  const rows = assessed ? alertsFromSource(tenantId, "detection") : [];
  return {
    coverage: {
      module: "detection",
      label: "SIEM/SOAR",
      href: "/siem-soar",
      assessed,
      since: since === null ? null : Math.max(since, 0),
      statement: assessed
        ? `${plural(rules, "detection rule")} running on your events.`
        : rules === 0
          ? "Not assessed: no detection rule is enabled yet."
          : "Not assessed: no event has been received for the rules to run on.",
    },
    findings: rows.map((r) => ({
      key: `detection:${r.id}`,
      module: "detection" as const,
      action: "triage-detections",
      title: r.title,
      severity: r.severity,
      state: r.status === "resolved" ? ("resolved" as const) : ("open" as const),
      foundAt: r.createdAt,
      closedAt: r.status === "resolved" ? (r.resolvedAt ?? r.createdAt) : null,
    })),
    actions: [
      {
        id: "triage-detections",
        module: "detection",
        title: "Triage detection alerts",
        points: 10,
        href: "/alerts?source=detection&status=open",
        how: "Investigate each detection and resolve its alert, or open a case for it.",
      },
    ],
  };
}
