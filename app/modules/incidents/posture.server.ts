/**
 * Incident response's posture contribution (issue 31) and usage figures, from its own table. A case merged into
 * another is the same incident: counted once, as the case it was merged into.
 */
import { and, eq, sql } from "drizzle-orm";
import { incidents } from "./schema";
import { db } from "~/lib/db.server";
import { countSince } from "~/lib/count-since.server";
import { plural } from "~/lib/plural";
import type { Contribution } from "~/modules/posture";

const OPEN_CASE = ["open", "investigating", "contained"] as const;

export function incidentsContribution(tenantId: string): Contribution {
  const rows = db
    .select({
      id: incidents.id,
      number: incidents.number,
      title: incidents.title,
      severity: incidents.severity,
      status: incidents.status,
      openedAt: incidents.openedAt,
      resolvedAt: incidents.resolvedAt,
      closedAt: incidents.closedAt,
    })
    .from(incidents)
    .where(and(eq(incidents.tenantId, tenantId), sql`${incidents.mergedInto} is null`))
    .all();
  return {
    coverage: {
      module: "incidents",
      label: "Incident Response",
      href: "/incident-response",
      assessed: rows.length > 0,
      since: rows.length ? Math.min(...rows.map((r) => r.openedAt)) : null,
      statement: rows.length
        ? `${plural(rows.length, "incident case")} on record.`
        : "Not assessed: no incident case has been opened yet.",
    },
    findings: rows.map((r) => {
      const open = (OPEN_CASE as readonly string[]).includes(r.status);
      return {
        key: `incidents:${r.id}`,
        module: "incidents" as const,
        action: "resolve-cases",
        title: `IR-${r.number}: ${r.title}`,
        severity: r.severity,
        state: open ? ("open" as const) : ("resolved" as const),
        foundAt: r.openedAt,
        closedAt: open ? null : (r.resolvedAt ?? r.closedAt ?? r.openedAt),
      };
    }),
    actions: [
      {
        id: "resolve-cases",
        module: "incidents",
        title: "Resolve open incident cases",
        points: 10,
        href: "/incident-response?status=open",
        how: "Work each case through containment to resolution.",
      },
    ],
  };
}

/** Incident cases opened and resolved since `since` (null: ever). */
export function incidentsUsageSince(tenantId: string, since: number | null) {
  return {
    opened: countSince(incidents, tenantId, incidents.openedAt, since),
    resolved: countSince(incidents, tenantId, incidents.resolvedAt, since),
  };
}
