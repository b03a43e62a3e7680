/**
 * What other modules read of the dark web tables (the dashboard's figures and first steps): each query here, so the
 * tables have one owner. Every function takes the tenant id.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { exposures, watchedIdentities } from "./schema";
import { db, preparedQuery } from "~/lib/db.server";

// Prepared once per connection: the dashboard runs these on every view and refresh.
const TENANT = sql.placeholder("tenantId");
const q = {
  open: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(exposures)
      .where(and(eq(exposures.tenantId, TENANT), eq(exposures.status, "open")))
      .prepare(),
  ),
  closed: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(exposures)
      .where(and(eq(exposures.tenantId, TENANT), inArray(exposures.status, ["resolved", "skipped"])))
      .prepare(),
  ),
  watched: preparedQuery((d) =>
    d.select({ n: count() }).from(watchedIdentities).where(eq(watchedIdentities.tenantId, TENANT)).prepare(),
  ),
};

/** How many exposures are still open. */
export function openExposureCount(tenantId: string): number {
  return q.open().get({ tenantId })?.n ?? 0;
}

/** How many exposures were resolved or skipped. */
export function closedExposureCount(tenantId: string): number {
  return q.closed().get({ tenantId })?.n ?? 0;
}

/** How many e-mail addresses and domains the tenant watches. */
export function watchedIdentityCount(tenantId: string): number {
  return q.watched().get({ tenantId })?.n ?? 0;
}

/** The domains the tenant has shown it controls (DNS TXT verified): what Network Security may scan (issue 36). */
export function verifiedDomains(tenantId: string): string[] {
  return db
    .selectDistinct({ domain: watchedIdentities.domain })
    .from(watchedIdentities)
    .where(and(eq(watchedIdentities.tenantId, tenantId), eq(watchedIdentities.verified, true)))
    .all()
    .map((r) => r.domain);
}
