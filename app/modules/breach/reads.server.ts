/**
 * What other modules read of the dark web tables (the dashboard's figures and first steps): each query here, so the
 * tables have one owner. Every function takes the tenant id.
 */
import { and, count, desc, eq, inArray, or, sql, type SQLWrapper } from "drizzle-orm";
import { exposures, watchedIdentities } from "./schema";
import { db, preparedQuery, sqlite } from "~/lib/db.server";

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

/** The domains the organization has shown it controls (a DNS TXT record): single sign-on may cover only these. */
export function verifiedDomains(tenantId: string): string[] {
  return sqlite()
    .prepare(
      "SELECT DISTINCT domain FROM watched_identities WHERE tenant_id = ? AND type = 'domain' AND verified = 1 ORDER BY domain",
    )
    .all(tenantId)
    .map((r) => (r as { domain: string }).domain);
}

/**
 * The tenant's watched e-mail addresses and domains that contain `needle` literally (`%` and `_` are plain
 * characters), newest first, up to `limit`: threat hunting's look into the dark web watchlist.
 */
export function searchWatchedIdentities(tenantId: string, needle: string, limit: number) {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // SQLite's LIKE has no escape character unless one is named.
  const contains = (column: SQLWrapper) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  return db
    .select({
      id: watchedIdentities.id,
      type: watchedIdentities.type,
      value: watchedIdentities.value,
      createdAt: watchedIdentities.createdAt,
    })
    .from(watchedIdentities)
    .where(
      and(
        eq(watchedIdentities.tenantId, tenantId),
        or(contains(watchedIdentities.value), contains(watchedIdentities.domain)),
      ),
    )
    .orderBy(desc(watchedIdentities.createdAt))
    .limit(limit)
    .all();
}
