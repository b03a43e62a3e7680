/**
 * What other modules read of the analysed messages (the dashboard's figures, threat hunting's search, the account's
 * data export): each query here, so the table has one owner. Every function takes the tenant id(s).
 */
import { and, count, desc, eq, inArray, or, sql, type SQLWrapper } from "drizzle-orm";
import { phishingIndicators, phishingItems } from "./schema";
import { db, preparedQuery } from "~/lib/db.server";
import { countSince } from "~/lib/count-since.server";

// Prepared once per connection: the dashboard runs these on every view and refresh.
const TENANT = sql.placeholder("tenantId");
const q = {
  detectedByRisk: preparedQuery((d) =>
    d
      .select({ key: phishingItems.risk, n: count() })
      .from(phishingItems)
      .where(
        and(
          eq(phishingItems.tenantId, TENANT),
          eq(phishingItems.status, "detected"),
          inArray(phishingItems.risk, ["medium", "high"]),
        ),
      )
      .groupBy(phishingItems.risk)
      .prepare(),
  ),
  quarantined: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(phishingItems)
      .where(and(eq(phishingItems.tenantId, TENANT), eq(phishingItems.status, "quarantined")))
      .prepare(),
  ),
  risky: preparedQuery((d) =>
    d
      .select({ n: count() })
      .from(phishingItems)
      .where(and(eq(phishingItems.tenantId, TENANT), inArray(phishingItems.risk, ["medium", "high"])))
      .prepare(),
  ),
  total: preparedQuery((d) =>
    d.select({ n: count() }).from(phishingItems).where(eq(phishingItems.tenantId, TENANT)).prepare(),
  ),
  detected: preparedQuery((d) =>
    d
      .select({ risk: phishingItems.risk, createdAt: phishingItems.createdAt })
      .from(phishingItems)
      .where(
        and(
          eq(phishingItems.tenantId, TENANT),
          eq(phishingItems.status, "detected"),
          inArray(phishingItems.risk, ["medium", "high"]),
        ),
      )
      .prepare(),
  ),
};

/** Medium- and high-risk messages still detected (not quarantined), per risk. */
export function detectedPhishingByRisk(tenantId: string): { key: "low" | "medium" | "high"; n: number }[] {
  return q.detectedByRisk().all({ tenantId });
}

/** How many messages were analysed in all. */
export function analysedMessageCount(tenantId: string): number {
  return q.total().get({ tenantId })?.n ?? 0;
}

/** How many messages were analysed since `since` (null: ever). */
export function analysedMessageCountSince(tenantId: string, since: number | null): number {
  return countSince(phishingItems, tenantId, phishingItems.createdAt, since);
}

/** How many messages were rated medium or high risk. */
export function riskyMessageCount(tenantId: string): number {
  return q.risky().get({ tenantId })?.n ?? 0;
}

export function quarantinedMessageCount(tenantId: string): number {
  return q.quarantined().get({ tenantId })?.n ?? 0;
}

/** The still-detected medium- and high-risk messages with when they were analysed (the risk trend). */
export function detectedPhishingHistory(tenantId: string) {
  return q.detected().all({ tenantId });
}

const MATCHED_IN = {
  received: "Received header",
  sender: "sender",
  "reply-to": "Reply-To",
  "return-path": "Return-Path",
  link: "link",
  attachment: "attachment",
} as const;

/**
 * The newest messages whose subject, sender or text contains `needle` (literally), or that carry it as an
 * indicator (a relay in a Received: header, an address, a link, an attachment hash: indicators.server.ts),
 * up to `limit`; `matchedIn` names the place of the indicator when it is one.
 */
export function searchMessages(tenantId: string, needle: string, limit: number) {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // SQLite's LIKE has no escape character unless one is named.
  const contains = (column: SQLWrapper) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  // Exact matches on the (tenant, value) index; a URL keeps its path's case, everything else is lowercase.
  const exact = db
    .select({ itemId: phishingIndicators.itemId, source: phishingIndicators.source })
    .from(phishingIndicators)
    .where(
      and(
        eq(phishingIndicators.tenantId, tenantId),
        inArray(phishingIndicators.value, [...new Set([needle, needle.toLowerCase()])]),
      ),
    )
    .limit(limit * 8)
    .all();
  const places = new Map<string, string>();
  for (const r of exact) if (!places.has(r.itemId)) places.set(r.itemId, MATCHED_IN[r.source]);
  const rows = db
    .select({
      id: phishingItems.id,
      subject: phishingItems.subject,
      sender: phishingItems.sender,
      risk: phishingItems.risk,
      createdAt: phishingItems.createdAt,
    })
    .from(phishingItems)
    .where(
      and(
        eq(phishingItems.tenantId, tenantId),
        or(
          places.size ? inArray(phishingItems.id, [...places.keys()]) : undefined,
          contains(phishingItems.subject),
          contains(phishingItems.sender),
          contains(phishingItems.bodyText),
        ),
      ),
    )
    .orderBy(desc(phishingItems.createdAt))
    .limit(limit)
    .all();
  return rows.map((r) => ({ ...r, matchedIn: places.get(r.id) ?? null }));
}

/** The analyses a person ran in the given organizations (the account's data export). */
export function analysesBy(userId: string, tenantIds: readonly string[]) {
  if (tenantIds.length === 0) return [];
  return db
    .select({
      id: phishingItems.id,
      tenantId: phishingItems.tenantId,
      subject: phishingItems.subject,
      sender: phishingItems.sender,
      risk: phishingItems.risk,
      score: phishingItems.score,
      rationale: phishingItems.rationale,
      createdAt: phishingItems.createdAt,
    })
    .from(phishingItems)
    .where(and(eq(phishingItems.createdBy, userId), inArray(phishingItems.tenantId, [...tenantIds])))
    .all();
}
