/**
 * Threat hunting's indicator search (issue 32): one query (an IP, a domain, an address, a URL, a hash or a word,
 * defanged or not: indicator.ts) over everything the tenant holds: ingested events, analysed messages (their
 * Received: headers, addresses, links and attachment hashes included), alerts, case observables and the
 * watchlists (dark web monitoring's identities, the SIEM/SOAR playbooks' indicators).
 *
 * Each module answers from its own tables with its own tenant-scoped, bounded search (at most
 * MAX_HITS_PER_KIND rows; literal matching, `%` and `_` are not wildcards; no user regex); this file only
 * merges the answers, newest first, and says where each hit lives.
 */
import { searchAlerts } from "~/modules/alerts";
import { searchEventsForIndicator } from "~/modules/events";
import { caseReference, searchObservables } from "~/modules/incidents";
import { searchMessages } from "~/modules/phishing/index.server";
import { searchWatchedIdentities } from "~/modules/breach";
import { searchIndicators } from "~/modules/playbooks";
import { DomainError } from "~/lib/errors";
import { indicatorTooLong, parseIndicator, QUERY_TOO_LONG, type IndicatorKind } from "./indicator";

export const MAX_HITS_PER_KIND = 50;

export type HuntHitKind = "Event" | "Message" | "Alert" | "Observable" | "Watchlist";

export type HuntHit = {
  kind: HuntHitKind;
  id: string;
  title: string;
  /** Where in the record the indicator is, when the record says ("Received header", "IP address"…). */
  detail: string | null;
  level: "low" | "medium" | "high" | "critical" | null;
  at: string;
  /** The page that shows the record (ids only in the address, never in the visible text). */
  href: string;
};

export type HuntResult = { kind: IndicatorKind; indicator: string; hits: HuntHit[] };

/** A query the hunt refuses (too long): shown as the field's error, answered 400 by an API. */
export class HuntQueryError extends DomainError {
  constructor(message: string) {
    super(message, { field: "q" });
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
/** /logs's custom range covering the minute of an event (its inputs are UTC minutes). */
const minute = (ms: number) => iso(ms).slice(0, 16);
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** Null for an empty query; throws HuntQueryError for one too long to search. */
export function hunt(tenantId: string, query: string): HuntResult | null {
  if (indicatorTooLong(query)) throw new HuntQueryError(QUERY_TOO_LONG);
  const indicator = parseIndicator(query);
  if (!indicator) return null;
  const q = indicator.value;
  const n = MAX_HITS_PER_KIND;

  const events = searchEventsForIndicator(tenantId, q, n).map((e): HuntHit => ({
    kind: "Event",
    id: e.id,
    title: clip([e.host, e.message ?? e.original].filter(Boolean).join(": ") || "Event", 200),
    detail: e.source ?? null,
    level: null,
    at: iso(e.time),
    // The Logs search for the indicator over the event's minute: the event, in its context.
    href: `/logs?${new URLSearchParams({
      q: `"${q.replaceAll('"', "")}"`,
      range: "custom",
      from: minute(e.time),
      to: minute(e.time + 60_000),
    })}`,
  }));
  const messages = searchMessages(tenantId, q, n).map((p): HuntHit => ({
    kind: "Message",
    id: p.id,
    title: `${p.subject} — ${p.sender}`,
    detail: p.matchedIn ? `in the ${p.matchedIn}` : null,
    level: p.risk,
    at: iso(p.createdAt),
    href: `/phishing#message-${p.id}`,
  }));
  const alerts = searchAlerts(tenantId, q, n).map((a): HuntHit => ({
    kind: "Alert",
    id: a.id,
    title: a.title,
    detail: null,
    level: a.severity,
    at: iso(a.createdAt),
    href: `/alerts?alert=${encodeURIComponent(a.id)}`,
  }));
  const observables = searchObservables(tenantId, q, n).map((o): HuntHit => ({
    kind: "Observable",
    id: o.id,
    title: `${o.value} in case ${caseReference(o.caseNumber)}: ${o.caseTitle}`,
    detail: o.ioc ? `${o.type}, marked as an indicator of compromise` : o.type,
    level: o.severity,
    at: iso(o.createdAt),
    href: `/incident-response/${encodeURIComponent(o.caseId)}`,
  }));
  const identities = searchWatchedIdentities(tenantId, q, n).map((w): HuntHit => ({
    kind: "Watchlist",
    id: w.id,
    title: w.value,
    detail:
      w.type === "email" ? "watched e-mail address (dark web monitoring)" : "watched domain (dark web monitoring)",
    level: null,
    at: iso(w.createdAt),
    href: `/dark-web-monitoring#identity-${w.id}`,
  }));
  const watched = searchIndicators(tenantId, q, n).map((i): HuntHit => ({
    kind: "Watchlist",
    id: i.id,
    title: i.value,
    detail: `${i.kind} on the SIEM/SOAR watchlist`,
    level: null,
    at: iso(i.createdAt),
    href: "/siem-soar#watchlist-h",
  }));
  const hits = [...events, ...messages, ...alerts, ...observables, ...identities, ...watched].sort((a, b) =>
    a.at < b.at ? 1 : a.at > b.at ? -1 : 0,
  );
  return { kind: indicator.kind, indicator: q, hits };
}
