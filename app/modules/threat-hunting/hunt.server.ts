/**
 * Threat hunting: searches the tenant's stored alerts and analysed messages
 * for an indicator (a domain, an address, a word). Scoped to one tenant.
 */
import { searchAlerts } from "~/modules/alerts";
import { searchMessages } from "~/modules/phishing/index.server";
import { normaliseIndicator } from "./indicator";

const MAX_HITS_PER_KIND = 50;

export type HuntHit = {
  kind: "Alert" | "Message";
  id: string;
  title: string;
  level: "low" | "medium" | "high" | "critical";
  at: string;
};

export function hunt(tenantId: string, indicator: string): HuntHit[] {
  const q = normaliseIndicator(indicator);
  if (!q) return [];
  // `%` and `_` in an indicator are literal characters, not wildcards (the owners' searches escape them).
  const alertHits = searchAlerts(tenantId, q, MAX_HITS_PER_KIND).map((a): HuntHit => ({
    kind: "Alert",
    id: a.id,
    title: a.title,
    level: a.severity,
    at: new Date(a.createdAt).toISOString(),
  }));
  const messageHits = searchMessages(tenantId, q, MAX_HITS_PER_KIND).map((p): HuntHit => ({
    kind: "Message",
    id: p.id,
    title: `${p.subject} — ${p.sender}`,
    level: p.risk,
    at: new Date(p.createdAt).toISOString(),
  }));
  return [...alertHits, ...messageHits].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
