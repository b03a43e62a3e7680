/**
 * The indicators of an analysed message (table phishing_indicators, see schema.ts): written when the message
 * is stored, matched exactly by threat hunting. The raw message is not kept, so its Received: headers are
 * searchable only through what is written here.
 */
import ipaddr from "ipaddr.js";
import { phishingIndicators } from "./schema";
import { db } from "~/lib/db.server";
import type { Analysis } from "./analyze.server";

type Source = (typeof phishingIndicators.$inferInsert)["source"];

/** Per message, at most this many indicator rows (the analyzer caps links at 200 already). */
const MAX_PER_MESSAGE = 400;
const MAX_VALUE = 500;

const canonicalUrl = (href: string) => {
  try {
    return new URL(href).href;
  } catch {
    return href;
  }
};
const canonicalIp = (v: string) => (ipaddr.isValid(v) ? ipaddr.parse(v).toString() : v);

/** Each indicator once per place, canonical (lowercased; IPs as ipaddr.js prints them). */
export function messageIndicators(a: Analysis): { source: Source; value: string }[] {
  const out = new Map<string, { source: Source; value: string }>();
  const put = (source: Source, v: string) => {
    if (v && out.size < MAX_PER_MESSAGE) out.set(`${source}\n${v}`, { source, value: v.slice(0, MAX_VALUE) });
  };
  const add = (source: Source, value: string | null | undefined) => put(source, value?.trim().toLowerCase() ?? "");
  const address = (source: Source, value: string | null | undefined) => {
    if (!value?.includes("@")) return;
    add(source, value);
    add(source, value.slice(value.lastIndexOf("@") + 1));
  };
  for (const ip of a.received?.ips ?? []) add("received", canonicalIp(ip));
  for (const host of a.received?.hosts ?? []) add("received", host);
  address("sender", a.sender);
  address("reply-to", a.replyTo);
  address("return-path", a.returnPath);
  for (const l of a.links) {
    add("link", l.host);
    // A URL's path is case-sensitive: only its scheme and host are lowercased (by the URL parser).
    if (/^https?:/i.test(l.href)) put("link", canonicalUrl(l.href));
  }
  for (const f of a.attachments) add("attachment", f.sha256);
  return [...out.values()];
}

export function storeMessageIndicators(tenantId: string, itemId: string, a: Analysis) {
  const rows = messageIndicators(a).map((r) => ({ tenantId, itemId, ...r }));
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 100)
    db.insert(phishingIndicators)
      .values(rows.slice(i, i + 100))
      .onConflictDoNothing()
      .run();
}
