/**
 * What a hunt accepts as an indicator, and its one canonical form; shared by the form (browser) and the search
 * (server), so it uses no Node module: the WHATWG URL parser does what node:url's domainToASCII does (IDNA to
 * punycode) in both places.
 *
 * Defanged forms as threat reports write them (hxxp://, evil[.]com, 10(.)0(.)0(.)1, user[@]host) are accepted.
 * Every step is a literal replacement or a pattern without nested repetition: linear in the input, which is
 * capped at MAX_QUERY_LENGTH before any of it runs.
 */
import ipaddr from "ipaddr.js";

/** The longest indicator a hunt accepts (a long URL fits; anything longer is refused, not cut). */
export const MAX_QUERY_LENGTH = 2048;

export const QUERY_TOO_LONG = `An indicator is at most ${MAX_QUERY_LENGTH} characters: search for a shorter part of it (its domain, address or hash).`;

export type IndicatorKind = "ip" | "domain" | "email" | "url" | "hash" | "text";

export type Indicator = { kind: IndicatorKind; value: string };

/** The trimmed query, or "" when there is none. The length is checked by parseIndicator. */
export function normaliseIndicator(raw: string | null | undefined) {
  return (raw ?? "").trim();
}

/** Whether the query is too long to search (the page shows QUERY_TOO_LONG, the search refuses it). */
export function indicatorTooLong(raw: string) {
  return raw.trim().length > MAX_QUERY_LENGTH;
}

/** The defanged spellings of `.`, `@`, `:` and `http` back to themselves. */
export function refang(raw: string): string {
  return (
    raw
      // Control characters are nothing a person types or an indicator holds.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .trim()
      .replace(/^hxxp(s?)/i, "http$1")
      .replace(/^fxp:/i, "ftp:")
      .replace(/\[(?:\.|dot)\]|\((?:\.|dot)\)|\{(?:\.|dot)\}/gi, ".")
      .replace(/\[(?:@|at)\]|\((?:@|at)\)/gi, "@")
      .replace(/\[:\]/g, ":")
      .replace(/\[:\/\/\]/g, "://")
  );
}

const HASH = /^(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})$/i;
const DOMAIN = /^[^\s/:@?#[\]]+\.[^\s/:@?#[\]]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A host name lowercased, without its trailing dot, IDN in punycode; null when it is not one. */
export function canonicalDomain(raw: string): string | null {
  const d = raw.endsWith(".") ? raw.slice(0, -1) : raw;
  if (!d || !DOMAIN.test(d)) return null;
  try {
    const host = new URL(`http://${d}/`).hostname;
    return host && !host.endsWith(".") ? host : null;
  } catch {
    return null;
  }
}

/** An IP address in ipaddr.js's canonical form (IPv6 compressed, lowercase); null when it is not one. */
export function canonicalIp(raw: string): string | null {
  const v = raw.startsWith("[") && raw.endsWith("]") ? raw.slice(1, -1) : raw;
  if (ipaddr.IPv4.isValidFourPartDecimal(v)) return ipaddr.IPv4.parse(v).toString();
  if (v.includes(":") && ipaddr.IPv6.isValid(v)) return ipaddr.IPv6.parse(v).toString();
  return null;
}

/** The kind of indicator the query is and its canonical form; anything else is searched as text. */
export function parseIndicator(raw: string): Indicator | null {
  const v = refang(raw);
  if (!v) return null;
  const ip = canonicalIp(v);
  if (ip) return { kind: "ip", value: ip };
  if (HASH.test(v)) return { kind: "hash", value: v.toLowerCase() };
  if (/^https?:\/\//i.test(v)) {
    try {
      return { kind: "url", value: new URL(v).href };
    } catch {
      return { kind: "text", value: v };
    }
  }
  if (EMAIL.test(v)) {
    const at = v.lastIndexOf("@");
    const domain = canonicalDomain(v.slice(at + 1));
    if (domain) return { kind: "email", value: `${v.slice(0, at).toLowerCase()}@${domain}` };
  }
  const domain = canonicalDomain(v);
  if (domain && /[\p{L}]/u.test(domain)) return { kind: "domain", value: domain };
  return { kind: "text", value: v };
}
