/**
 * Threat hunting's look into cases: the tenant's case observables whose value contains an indicator
 * (literally: `%` and `_` are plain characters), with the case they belong to. Bounded by `limit`.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { incidentObservables, incidents } from "./schema";
import { db } from "~/lib/db.server";

export function searchObservables(tenantId: string, needle: string, limit: number) {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      id: incidentObservables.id,
      type: incidentObservables.type,
      value: incidentObservables.value,
      ioc: incidentObservables.ioc,
      createdAt: incidentObservables.createdAt,
      caseId: incidents.id,
      caseNumber: incidents.number,
      caseTitle: incidents.title,
      severity: incidents.severity,
    })
    .from(incidentObservables)
    .innerJoin(incidents, and(eq(incidents.id, incidentObservables.incidentId), eq(incidents.tenantId, tenantId)))
    .where(
      and(
        eq(incidentObservables.tenantId, tenantId),
        // SQLite's LIKE has no escape character unless one is named.
        sql`${incidentObservables.value} LIKE ${pattern} ESCAPE '\\'`,
      ),
    )
    .orderBy(desc(incidentObservables.createdAt))
    .limit(limit)
    .all();
}
