/**
 * Threat hunting: searches the tenant's stored alerts and analysed messages
 * for an indicator (a domain, an address, a word). Scoped to one tenant.
 */
import { and, desc, eq, or, sql, type SQLWrapper } from "drizzle-orm";
import { alerts, phishingItems } from "@db/schema";
import { db } from "~/lib/db.server";
import { normaliseIndicator } from "./indicator";

const MAX_HITS_PER_KIND = 50;

export type HuntHit = {
  kind: "Alert" | "Message";
  id: string;
  title: string;
  level: "low" | "medium" | "high" | "critical";
  at: string;
};

/** `%` and `_` in an indicator are literal characters, not wildcards. */
function contains(column: SQLWrapper, needle: string) {
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // SQLite's LIKE has no escape character unless one is named.
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

export function hunt(tenantId: string, indicator: string): HuntHit[] {
  const q = normaliseIndicator(indicator);
  if (!q) return [];
  const alertHits = db
    .select({ id: alerts.id, title: alerts.title, severity: alerts.severity, createdAt: alerts.createdAt })
    .from(alerts)
    .where(and(eq(alerts.tenantId, tenantId), or(contains(alerts.title, q), contains(alerts.detail, q))))
    .orderBy(desc(alerts.createdAt))
    .limit(MAX_HITS_PER_KIND)
    .all()
    .map((a): HuntHit => ({
      kind: "Alert",
      id: a.id,
      title: a.title,
      level: a.severity,
      at: new Date(a.createdAt).toISOString(),
    }));
  const messageHits = db
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
        or(contains(phishingItems.subject, q), contains(phishingItems.sender, q), contains(phishingItems.bodyText, q)),
      ),
    )
    .orderBy(desc(phishingItems.createdAt))
    .limit(MAX_HITS_PER_KIND)
    .all()
    .map((p): HuntHit => ({
      kind: "Message",
      id: p.id,
      title: `${p.subject} — ${p.sender}`,
      level: p.risk,
      at: new Date(p.createdAt).toISOString(),
    }));
  return [...alertHits, ...messageHits].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
