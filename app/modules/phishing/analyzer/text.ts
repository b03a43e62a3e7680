/**
 * Small text helpers the stages share. Everything here runs in time linear in
 * its input: sender-controlled text is capped before any regular expression
 * sees it, and scans that a backtracking pattern would make quadratic
 * (unclosed comments, runs of dots or spaces) are written as single passes.
 */
import { domainInfo, type DomainInfo } from "../domains";

/** Caps on sender-controlled text, applied before any pattern runs. */
export const LIMITS = {
  headerValue: 16_384,
  displayName: 256,
  subject: 2_000,
  linkText: 1_000,
  href: 4_096,
  filename: 255,
  bodyText: 100_000,
  /** Bytes of an attachment examined for scripts and forms. */
  attachmentScan: 2_000_000,
  links: 200,
  headerLines: 500,
} as const;

export function cap(s: string, max: number): string {
  return s.length > max ? s.slice(0, max) : s;
}

export function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function shorten(s: string, max = 90): string {
  return s.length > max ? s.slice(0, max - 1) + "…" : s;
}

export function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function domainOf(address: string | null | undefined): string {
  if (!address) return "";
  const at = address.lastIndexOf("@");
  return at >= 0
    ? cap(address.slice(at + 1), 300)
        .replace(/[>\s]/g, "")
        .toLowerCase()
    : "";
}

export function normaliseName(s: string, max: number = LIMITS.displayName): string {
  return cap(s, max).normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

export function extOf(name: string): string {
  const m = /\.([a-z0-9]{1,8})\s*$/i.exec(cap(name, LIMITS.filename).trim());
  return m ? m[1]!.toLowerCase() : "";
}

/** Removes trailing characters from `chars` (a single pass from the end, not /[...]+$/). */
export function trimEnd(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** Removes RFC 5322 comments "( ... )", nested or unclosed, in one pass. */
export function stripComments(s: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\" && depth > 0) {
      i++;
      continue;
    }
    if (c === "(") {
      if (depth === 0) out += " ";
      depth++;
    } else if (c === ")" && depth > 0) depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

/** Removes "[ ... ]" spans (the link targets html-to-text writes), unclosed ones to the end, in one pass. */
export function stripBracketed(s: string): string {
  let out = "";
  let inside = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (!inside && c === "[") inside = true;
    else if (inside && c === "]") {
      inside = false;
      out += " ";
    } else if (!inside) out += c;
  }
  return out;
}

/** Spaces and tabs before a line break removed, runs of blank lines collapsed: one pass. */
export function tidyLines(s: string): string {
  const lines = s.split("\n");
  const out: string[] = [];
  let blank = 0;
  for (const raw of lines) {
    let end = raw.length;
    while (end > 0 && (raw[end - 1] === " " || raw[end - 1] === "\t")) end--;
    const line = end === raw.length ? raw : raw.slice(0, end);
    if (!line) {
      blank++;
      if (blank > 1) continue;
    } else blank = 0;
    out.push(line);
  }
  return out.join("\n").trim();
}

const TOKEN_BREAK = new Set([..." \t\r\n\f\v/:?#)(]>[<,;!\"'@|{}\\`", "\u00a0"]);
const DOMAIN_TOKEN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/i;
const FILE_SUFFIX = /^(pdf|doc|docx|xls|xlsx|jpg|png|gif|zip|exe|html?)$/i;

/**
 * Domain names a reader would take as "where this goes" in a text: the text is
 * cut into tokens at spaces and punctuation in one pass, and each token of at
 * most 253 characters (the longest DNS name) is checked on its own.
 */
export function domainsNamedIn(text: string, maxLength = 5_000): DomainInfo[] {
  const out: DomainInfo[] = [];
  const s = cap(text, maxLength);
  let start = 0;
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length && !TOKEN_BREAK.has(s[i]!)) continue;
    if (i > start) {
      const token = trimEnd(s.slice(start, i), ".");
      if (token.length >= 4 && token.length <= 253 && token.includes(".") && DOMAIN_TOKEN.test(token)) {
        const info = domainInfo(token);
        // Only names under a real public suffix count (not "file.pdf" or "e.g").
        if (info.suffix && info.domain.includes(".") && info.domain !== info.suffix && !FILE_SUFFIX.test(info.suffix))
          out.push(info);
      }
    }
    start = i + 1;
    if (out.length >= 50) break;
  }
  return out;
}

/** The first address-like token (local@domain) in a header value, found by expanding around "@" (no backtracking). */
export function addressIn(value: string): { address: string; name: string } | null {
  const v = cap(value, LIMITS.headerValue);
  const lt = v.indexOf("<");
  if (lt >= 0) {
    const gt = v.indexOf(">", lt);
    const inner = gt > lt ? v.slice(lt + 1, gt) : "";
    if (inner && inner.length <= 320 && /^[^<>@\s]+@[^<>\s]+$/.test(inner)) {
      const name = (v.slice(0, lt) + v.slice(gt + 1)).replace(/["<>]/g, "").trim();
      return { address: inner.toLowerCase(), name };
    }
  }
  const at = v.indexOf("@");
  if (at < 0) return null;
  const stop = (c: string) => /[\s<>"]/.test(c);
  let a = at;
  while (a > 0 && !stop(v[a - 1]!) && at - a < 256) a--;
  let b = at + 1;
  while (b < v.length && !stop(v[b]!) && b - at < 256) b++;
  if (a === at || b === at + 1) return null;
  const address = v.slice(a, b);
  const name = (v.slice(0, a) + v.slice(b)).replace(/["<>]/g, "").trim();
  return { address: address.toLowerCase(), name };
}

const BRAND_DISPLAY: Record<string, string> = {
  paypal: "PayPal",
  docusign: "DocuSign",
  dhl: "DHL",
  ups: "UPS",
  usps: "USPS",
  irs: "IRS",
  hmrc: "HMRC",
  hsbc: "HSBC",
  linkedin: "LinkedIn",
  github: "GitHub",
  wetransfer: "WeTransfer",
  fedex: "FedEx",
  bankofamerica: "Bank of America",
  wellsfargo: "Wells Fargo",
  americanexpress: "American Express",
  royalmail: "Royal Mail",
  att: "AT&T",
  ebay: "eBay",
  mcafee: "McAfee",
  geeksquad: "Geek Squad",
  metamask: "MetaMask",
};

export function titleCase(s: string) {
  return BRAND_DISPLAY[s] ?? s.charAt(0).toUpperCase() + s.slice(1);
}
