/**
 * The relays a message names in its Received: headers (RFC 5321 §4.4): the IP addresses and host names of
 * the `from` and `by` clauses, for threat hunting to find the message by an indicator. Headers are sender-
 * controlled: at most MAX_RECEIVED headers of at most 2 KB each are read, with patterns that cannot backtrack.
 */
import ipaddr from "ipaddr.js";
import type { HeaderLine } from "./parse.server";

const MAX_RECEIVED = 50;
const MAX_LINE = 2048;
const MAX_EACH = 100;

const IPV4 = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/g;
// An IPv6 literal as relays write it: in brackets, optionally tagged "IPv6:" (RFC 5321 §4.1.3).
const IPV6 = /\[(?:ipv6:)?([0-9a-f:.]{2,45})\]/gi;
const HOST = /\b(?:from|by)\s+([a-z0-9](?:[a-z0-9-]{0,62}\.)+[a-z]{2,63})\b/gi;

export type ReceivedIndicators = { ips: string[]; hosts: string[] };

export function receivedIndicators(lines: readonly HeaderLine[]): ReceivedIndicators {
  const ips = new Set<string>();
  const hosts = new Set<string>();
  let seen = 0;
  for (const h of lines) {
    if (h.key !== "received") continue;
    if (++seen > MAX_RECEIVED) break;
    const line = h.line.slice(0, MAX_LINE);
    for (const m of line.matchAll(IPV4)) {
      if (ipaddr.IPv4.isValidFourPartDecimal(m[0]) && ips.size < MAX_EACH) ips.add(ipaddr.IPv4.parse(m[0]).toString());
    }
    for (const m of line.matchAll(IPV6)) {
      if (ipaddr.IPv6.isValid(m[1]!) && ips.size < MAX_EACH) ips.add(ipaddr.IPv6.parse(m[1]!).toString());
    }
    for (const m of line.matchAll(HOST)) {
      if (hosts.size < MAX_EACH) hosts.add(m[1]!.toLowerCase());
    }
  }
  return { ips: [...ips], hosts: [...hosts] };
}
