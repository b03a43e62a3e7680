/**
 * The phishing analyzer: reads one e-mail's raw source (RFC 5322 / MIME) and
 * says how likely it is to be phishing, with a rationale line for every
 * signal so a person can check each one against the message.
 *
 * - Parsing: mailparser's simpleParser. HTML is never rendered: it is turned
 *   into text by html-to-text, each link written as its text followed by its
 *   real target in brackets.
 * - Authentication: DKIM, SPF (client IP from the topmost Received header),
 *   DMARC and ARC re-verified with mailauth 4 when the message carries a
 *   DKIM signature; otherwise, or when DNS does not answer, the topmost
 *   Authentication-Results header (RFC 8601) written by the receiving server.
 *   DNS look-ups share a 2 s budget per message and never block the verdict.
 * - Sender, lookalike and link rules: see domains.ts and lists.ts.
 * - Score: the sum of the signals' weights (documented beside each rule),
 *   capped per category so one noisy family cannot decide alone, then 0-100.
 *   Risk: high from 55, medium from 25. The thresholds were set on the
 *   labelled fixture corpus (fixtures/) so that, there, every phishing
 *   message is at least medium and no legitimate one is high.
 *
 * Nothing here throws for any input: malformed MIME, unknown charsets and
 * huge headers give a best-effort analysis; `looksLikeMessage` lets callers
 * refuse input that is not an e-mail at all.
 */
import { createHash } from "node:crypto";
import { promises as dnsPromises } from "node:dns";
import type { AddressObject, ParsedMail } from "mailparser";
import type { DomNode } from "html-to-text";
import {
  domainInfo,
  findLookalike,
  hostEndsWith,
  latinize,
  ownedBy,
  protectedTargets,
  skeleton,
  type DomainInfo,
  type Lookalike,
  type Protected,
} from "./domains";
import {
  ARCHIVE_EXT,
  AUTHORITY_NAMES,
  BRANDS,
  CLICK_TRACKERS,
  DECOY_EXT,
  DISK_IMAGE_EXT,
  EXECUTABLE_EXT,
  FREE_HOSTING,
  FREE_MAIL,
  HTML_EXT,
  MACRO_OFFICE_EXT,
  SCRIPT_EXT,
  SHORTENERS,
  UNUSUAL_TLDS,
} from "./lists";
import { isZip, listZipEntries } from "./zip";

// The mail libraries (mailparser, html-to-text, mailauth: ~40 MB of memory
// once loaded) are loaded by the first analysis, not when the server starts:
// a process that never analyses a message never holds them (docs/decisions/012).
let simpleParser: typeof import("mailparser").simpleParser;
let convert: typeof import("html-to-text").convert;
let authenticate: typeof import("mailauth").authenticate;
let mailLibs: Promise<void> | null = null;
function loadMailLibs(): Promise<void> {
  mailLibs ??= Promise.all([import("mailparser"), import("html-to-text"), import("mailauth")]).then(([mp, h2t, ma]) => {
    simpleParser = mp.simpleParser;
    convert = h2t.convert;
    authenticate = ma.authenticate;
  });
  return mailLibs;
}

export type Risk = "low" | "medium" | "high";
export type SignalCategory =
  "authentication" | "sender" | "lookalike" | "links" | "attachments" | "headers" | "language" | "trust";

export type Signal = {
  id: string;
  category: SignalCategory;
  /** Points added to the score (negative for reassuring evidence, 0 for information). */
  weight: number;
  message: string;
};

export type AnalyzedLink = {
  href: string;
  /** The text the reader sees (empty for links found in plain text). */
  text: string;
  host: string;
  domain: string;
  issues: string[];
};

export type AnalyzedAttachment = {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
  issues: string[];
};

export type AuthVerdict = {
  method: "spf" | "dkim" | "dmarc" | "arc";
  result: string;
  /** "mailauth" when re-verified here, else the server named in Authentication-Results. */
  source: string;
  detail: string;
};

export type Analysis = {
  subject: string;
  sender: string;
  senderName: string;
  risk: Risk;
  score: number;
  rationale: string[];
  signals: Signal[];
  links: AnalyzedLink[];
  attachments: AnalyzedAttachment[];
  bodyText: string;
  auth: AuthVerdict[];
  messageId: string | null;
  date: string | null;
  replyTo: string | null;
  returnPath: string | null;
  sizeBytes: number;
  /** Set when the MIME structure could not be parsed and the analysis is best effort. */
  parseWarning: string | null;
  durationMs: number;
};

export type Resolver = (name: string, rrtype: string) => Promise<unknown>;

export type AnalyzeOptions = {
  /** The organization's own registrable domains (lookalikes of these are flagged). */
  orgDomains: string[];
  /** The organization's name(s): a display name using one from elsewhere is impersonation. */
  orgNames?: string[];
  /** Members' addresses: a display name matching a member from another domain is CEO fraud's mark. */
  orgAddresses?: string[];
  /** DNS resolver for mailauth (tests serve records locally). Defaults to a cached system resolver. */
  resolver?: Resolver;
  now?: Date;
  /** Total DNS budget per message in ms (default 2000). */
  dnsBudgetMs?: number;
};

export const HIGH_FROM = 55;
export const MEDIUM_FROM = 25;
const MAX_BODY_TEXT = 100_000;
const MAX_LINKS = 200;
const DAY = 86_400_000;

/** Category caps: one family of signals cannot decide the verdict alone. */
const CATEGORY_CAP: Record<SignalCategory, number> = {
  authentication: 35,
  sender: 50,
  lookalike: 50,
  links: 50,
  attachments: 60,
  headers: 20,
  language: 40,
  trust: 0,
};

export function riskFor(score: number): Risk {
  return score >= HIGH_FROM ? "high" : score >= MEDIUM_FROM ? "medium" : "low";
}

/**
 * Is this plausibly an e-mail message? The first line must be a header field
 * and the header block must name at least one of the fields every message has.
 */
export function looksLikeMessage(raw: Buffer | string): boolean {
  const head = (typeof raw === "string" ? raw.slice(0, 64 * 1024) : raw.subarray(0, 64 * 1024).toString("latin1"))
    .replace(/^\uFEFF/, "")
    .replace(/^\s+/, "");
  // mbox "From " separator lines are allowed before the headers.
  const text = head.replace(/^From [^\n]*\n/, "");
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  if (!/^[\x21-\x39\x3b-\x7e]+:/.test(firstLine)) return false;
  const headerBlock = text.split(/\r?\n\r?\n/, 1)[0] ?? "";
  return /^(from|subject|date|message-id|received|to|mime-version|return-path|delivered-to|reply-to|sender):/im.test(
    headerBlock,
  );
}

// ---------------------------------------------------------------------------
// DNS: a shared cache (production) and a per-message deadline.
// ---------------------------------------------------------------------------
const dnsCache = new Map<string, { expires: number; value?: unknown; error?: unknown }>();
const systemResolver = new dnsPromises.Resolver({ timeout: 1500, tries: 1 });

async function cachedSystemResolve(name: string, rrtype: string): Promise<unknown> {
  const key = `${rrtype}:${name.toLowerCase()}`;
  const hit = dnsCache.get(key);
  const now = Date.now();
  if (hit && hit.expires > now) {
    if (hit.error) throw hit.error;
    return hit.value;
  }
  try {
    const value = await systemResolver.resolve(name, rrtype as "TXT");
    dnsCache.set(key, { expires: now + 10 * 60_000, value });
    return value;
  } catch (error) {
    // Negative answers are cached briefly: a burst of messages from one domain asks once.
    dnsCache.set(key, { expires: now + 60_000, error });
    if (dnsCache.size > 20_000) dnsCache.clear();
    throw error;
  }
}

function timeoutError() {
  const e = new Error("DNS budget exhausted") as Error & { code: string };
  e.code = "ETIMEOUT";
  return e;
}

function withDeadline(resolver: Resolver, deadline: number): Resolver {
  return (name, rrtype) => {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.reject(timeoutError());
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(timeoutError()), left);
      resolver(name, rrtype).then(
        (v) => {
          clearTimeout(t);
          resolve(v);
        },
        (e) => {
          clearTimeout(t);
          reject(e);
        },
      );
    });
  };
}

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------
function firstAddress(obj: AddressObject | AddressObject[] | undefined): { address: string; name: string } | null {
  const list = Array.isArray(obj) ? obj : obj ? [obj] : [];
  for (const o of list) {
    for (const v of o.value ?? []) {
      if (v.address) return { address: v.address.toLowerCase(), name: v.name ?? "" };
      for (const g of v.group ?? []) if (g.address) return { address: g.address.toLowerCase(), name: g.name ?? "" };
    }
  }
  return null;
}

function domainOf(address: string | null | undefined): string {
  if (!address) return "";
  const at = address.lastIndexOf("@");
  return at >= 0
    ? address
        .slice(at + 1)
        .replace(/[>\s]/g, "")
        .toLowerCase()
    : "";
}

function normaliseName(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

function extOf(name: string): string {
  const m = /\.([a-z0-9]{1,8})\s*$/i.exec(name.trim());
  return m ? m[1]!.toLowerCase() : "";
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function shorten(s: string, max = 90): string {
  return s.length > max ? s.slice(0, max - 1) + "…" : s;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Domain-like tokens a reader would take as "where this link goes". */
const DOMAIN_IN_TEXT =
  /\b((?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})(?=[/\s:?#)\]>,;!"']|$|\.(?:\s|$))/gi;

function domainsNamedIn(text: string): DomainInfo[] {
  const out: DomainInfo[] = [];
  for (const m of text.matchAll(DOMAIN_IN_TEXT)) {
    const token = m[1]!.replace(/^https?:\/\//i, "");
    const info = domainInfo(token);
    // Only names under a real public suffix count (not "file.pdf" or "e.g").
    if (!info.suffix || !info.domain.includes(".") || info.domain === info.suffix) continue;
    if (/^(pdf|doc|docx|xls|xlsx|jpg|png|gif|zip|exe|html?)$/i.test(info.suffix)) continue;
    out.push(info);
  }
  return out;
}

// ---------------------------------------------------------------------------
// HTML to text, collecting links and forms (never rendered, never executed)
// ---------------------------------------------------------------------------
type RawLink = { href: string; text: string };

function textOf(nodes: DomNode[] | undefined, depth = 0): string {
  if (!nodes || depth > 30) return "";
  let s = "";
  for (const n of nodes) {
    if (n.type === "text") s += n.data ?? "";
    else if (n.name === "img") s += n.attribs?.alt ? ` ${n.attribs.alt} ` : "";
    else s += textOf(n.children, depth + 1);
  }
  return s.replace(/\s+/g, " ").trim();
}

function htmlToText(html: string): { text: string; links: RawLink[]; forms: string[]; scripts: number } {
  const links: RawLink[] = [];
  const forms: string[] = [];
  let scripts = 0;
  let text: string;
  try {
    text = convert(html, {
      wordwrap: false,
      limits: { maxInputLength: 2_000_000, maxChildNodes: 5000, maxDepth: 60 },
      selectors: [
        { selector: "a", format: "collectAnchor" },
        { selector: "area", format: "collectAnchor" },
        { selector: "form", format: "collectForm" },
        { selector: "script", format: "countScript" },
        { selector: "style", format: "skip" },
        { selector: "img", format: "skip" },
      ],
      formatters: {
        collectAnchor(elem, walk, builder) {
          const href = (elem.attribs?.href ?? "").trim();
          const visible = textOf(elem.children);
          walk(elem.children, builder);
          if (
            href &&
            !href.startsWith("#") &&
            !/^mailto:/i.test(href) &&
            !/^cid:/i.test(href) &&
            !/^tel:/i.test(href)
          ) {
            if (links.length < MAX_LINKS) links.push({ href, text: visible });
            builder.addInline(` [${href}]`, { noWordTransform: true });
          }
        },
        collectForm(elem, walk, builder) {
          forms.push(elem.attribs?.action ?? "");
          walk(elem.children, builder);
        },
        countScript() {
          scripts++;
        },
      },
    });
  } catch {
    // A pathological document: fall back to stripping tags.
    text = html.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/gi, " ").replace(/<[^>]+>/g, " ");
    for (const m of html.matchAll(/<a\b[^>]*href\s*=\s*["']?([^"'\s>]+)[^>]*>([\s\S]*?)<\/a>/gi)) {
      if (links.length < MAX_LINKS)
        links.push({
          href: m[1]!,
          text: m[2]!
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .trim(),
        });
    }
  }
  return { text, links, forms, scripts };
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'\])]+/gi;

// ---------------------------------------------------------------------------
// Authentication-Results (RFC 8601): the topmost header, written by the last hop.
// ---------------------------------------------------------------------------
function parseAuthResults(
  line: string | undefined,
): { server: string; results: Partial<Record<AuthVerdict["method"], { result: string; detail: string }>> } | null {
  if (!line) return null;
  const value = line.replace(/^[^:]+:\s*/, "").replace(/\r?\n[ \t]+/g, " ");
  // Microsoft 365 writes no authserv-id: the first element is already a result.
  const parts = value.split(";");
  const noId = /^\s*(spf|dkim|dmarc|arc|compauth)\s*=/i.test(parts[0] ?? "");
  const server = noId ? "the receiving server" : ((parts[0] ?? "").trim().split(/\s+/)[0] ?? "the receiving server");
  const results: Partial<Record<AuthVerdict["method"], { result: string; detail: string }>> = {};
  for (const part of noId ? parts : parts.slice(1)) {
    const m = /^\s*(spf|dkim|dmarc|arc)\s*=\s*([a-z]+)(.*)$/i.exec(part);
    if (!m) continue;
    const method = m[1]!.toLowerCase() as AuthVerdict["method"];
    const result = m[2]!.toLowerCase();
    const detail = m[3]!
      .replace(/\([^)]*\)/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    // Several DKIM signatures: keep a pass if one passed.
    if (!results[method] || (method === "dkim" && result === "pass")) results[method] = { result, detail };
  }
  return { server, results };
}

// ---------------------------------------------------------------------------
// The analysis
// ---------------------------------------------------------------------------
export async function analyzeMessage(raw: Buffer | string, opts: AnalyzeOptions): Promise<Analysis> {
  await loadMailLibs();
  const started = performance.now();
  const buf = stripLeadingNoise(typeof raw === "string" ? Buffer.from(raw, "utf8") : raw);
  const now = opts.now ?? new Date();
  const signals: Signal[] = [];
  const add = (category: SignalCategory, id: string, weight: number, message: string) =>
    signals.push({ id, category, weight, message });

  // --- Parse ---------------------------------------------------------------
  let parsed: ParsedMail | null = null;
  let parseWarning: string | null = null;
  try {
    parsed = await simpleParser(buf, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      maxHtmlLengthToParse: 5_000_000,
    });
  } catch (error) {
    parseWarning = `The MIME structure could not be parsed (${error instanceof Error ? error.message : "unknown error"}); the analysis is best effort.`;
  }
  const headerEnd = (() => {
    const i = buf.indexOf("\r\n\r\n");
    const j = buf.indexOf("\n\n");
    const cands = [i, j].filter((x) => x >= 0);
    return cands.length ? Math.min(...cands) : buf.length;
  })();
  const headerBytes = headerEnd;
  const headerLines: { key: string; line: string }[] = parsed?.headerLines
    ? [...parsed.headerLines]
    : fallbackHeaderLines(buf.subarray(0, Math.min(headerEnd, 1_000_000)).toString("latin1"));
  const headerValue = (key: string) =>
    headerLines
      .find((h) => h.key === key)
      ?.line.replace(/^[^:]+:\s*/, "")
      .trim();

  const from = firstAddress(parsed?.from) ?? fallbackAddress(headerValue("from"));
  const sender = from?.address ?? "";
  const senderName = (from?.name ?? "").trim();
  const fromInfo = sender ? domainInfo(domainOf(sender)) : null;
  const replyTo = firstAddress(parsed?.replyTo)?.address ?? fallbackAddress(headerValue("reply-to"))?.address ?? null;
  const returnPathRaw = (parsed?.headers.get("return-path") as AddressObject | undefined) ?? undefined;
  const returnPath =
    firstAddress(returnPathRaw)?.address ?? fallbackAddress(headerValue("return-path"))?.address ?? null;
  const subject = (parsed?.subject ?? headerValue("subject") ?? "").trim() || "(no subject)";
  const messageId = parsed?.messageId ?? headerValue("message-id") ?? null;
  const date = parsed?.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null;

  // --- Body ----------------------------------------------------------------
  let bodyText: string;
  let rawLinks: RawLink[] = [];
  let forms: string[] = [];
  let scripts = 0;
  if (parsed) {
    if (typeof parsed.html === "string" && parsed.html) {
      const h = htmlToText(parsed.html);
      bodyText = h.text;
      rawLinks = h.links;
      forms = h.forms;
      scripts = h.scripts;
      // The plain alternative may carry links the HTML does not.
      if (parsed.text) for (const m of parsed.text.matchAll(URL_IN_TEXT)) rawLinks.push({ href: m[0], text: "" });
    } else {
      bodyText = parsed.text ?? "";
      for (const m of bodyText.matchAll(URL_IN_TEXT)) rawLinks.push({ href: m[0], text: "" });
    }
  } else {
    bodyText = buf.subarray(headerEnd, headerEnd + MAX_BODY_TEXT).toString("utf8");
    for (const m of bodyText.matchAll(URL_IN_TEXT)) rawLinks.push({ href: m[0], text: "" });
  }
  bodyText = bodyText
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, MAX_BODY_TEXT);

  const targets = protectedTargets(opts.orgDomains);
  const orgTarget = targets.find((t) => t.kind === "organization");
  const isOrgDomain = (info: DomainInfo | null) => !!(info && orgTarget && ownedBy(info, orgTarget));

  // --- Authentication --------------------------------------------------------
  const auth = await authenticationVerdicts(buf, headerLines, opts, fromInfo, add);
  const dmarcPass = auth.some((a) => a.method === "dmarc" && a.result === "pass");
  const dkimAlignedPass = auth.some((a) => a.method === "dkim" && a.result === "pass" && /; aligned/.test(a.detail));

  // --- Sender ----------------------------------------------------------------
  let impersonation = false;
  let senderLookalike: Lookalike | null = null;
  if (!sender) {
    add("sender", "no-from", 15, "The message has no readable From address: the sender cannot be checked.");
  } else if (fromInfo) {
    senderLookalike = findLookalike(fromInfo, targets);
    if (senderLookalike) {
      const w = {
        punycode: 45,
        homoglyph: 45,
        "edit-distance": 40,
        "other-tld": 30,
        "contains-name": senderLookalike.target.kind === "organization" ? 30 : 25,
      }[senderLookalike.how];
      add(
        "lookalike",
        "sender-lookalike",
        w,
        `Sender domain ${fromInfo.domain} imitates ${senderLookalike.imitates} (${describeTarget(senderLookalike.target)}): ${senderLookalike.detail}.`,
      );
    } else if (fromInfo.unicode) {
      add(
        "lookalike",
        "sender-punycode",
        15,
        `Sender domain ${fromInfo.host} is an internationalised (punycode) name that displays as ${fromInfo.unicode}.`,
      );
    }
    if (UNUSUAL_TLDS.has(fromInfo.suffix.split(".").pop() ?? "")) {
      add(
        "sender",
        "sender-tld",
        10,
        `Sender domain ${fromInfo.domain} uses the .${fromInfo.suffix} top-level domain, common in phishing and rare in business mail.`,
      );
    }

    // Display name claims.
    const name = normaliseName(senderName);
    const nameSkel = skeleton(name.replace(/[^\p{L}\p{N}]+/gu, ""));
    if (name) {
      const brand = brandInDisplayName(name);
      const brandOwnsSender =
        brand &&
        ownedBy(fromInfo, { kind: "brand", name: brand.name, domains: brand.domains, brand }) &&
        !FREE_MAIL.has(fromInfo.domain);
      if (brand && !brandOwnsSender) {
        impersonation = true;
        add(
          "sender",
          "display-name-brand",
          30,
          `Display name "${shorten(senderName, 60)}" names ${titleCase(brand.name)}, but the address is at ${fromInfo.domain}, which ${titleCase(brand.name)} does not use (its domains: ${brand.domains.slice(0, 3).join(", ")}).`,
        );
      }
      // An address in the display name, or a brand's or your own domain ("paypal.com" <x@evil.ru>).
      // A merchant's own name ("Fly.io" sending receipts through Stripe) is not a claim.
      const replyDomain = replyTo ? domainInfo(domainOf(replyTo)).domain : "";
      const embedded = domainsNamedIn(name.replace(/@/g, " @ "))
        .filter((d) => d.domain !== fromInfo.domain && d.domain !== replyDomain)
        .filter((d) => name.includes("@") || targets.some((t) => ownedBy(d, t)))
        .map((d) => d.domain);
      if (embedded.length) {
        impersonation = true;
        add(
          "sender",
          "display-name-address",
          25,
          `Display name "${shorten(senderName, 60)}" shows the address or domain ${embedded[0]}, but the mail really comes from ${sender}.`,
        );
      }
      if (!isOrgDomain(fromInfo)) {
        const orgName = (opts.orgNames ?? [])
          .map((n) => normaliseName(n))
          .find((n) => n.length >= 3 && new RegExp(`(^|[^\\p{L}])${escapeRe(n)}([^\\p{L}]|$)`, "u").test(name));
        if (orgName) {
          impersonation = true;
          add(
            "sender",
            "display-name-org",
            25,
            `Display name "${shorten(senderName, 60)}" uses your organization's name, but the address is at ${fromInfo.domain}, not one of your domains.`,
          );
        }
        const member = (opts.orgAddresses ?? []).find((a) => {
          const local = skeleton((a.split("@")[0] ?? "").replace(/[^a-z]/gi, ""));
          return (
            local.length >= 5 &&
            nameSkel.length >= 5 &&
            (local === nameSkel ||
              local ===
                skeleton(
                  name
                    .split(" ")
                    .reverse()
                    .join("")
                    .replace(/[^\p{L}]/gu, ""),
                ))
          );
        });
        if (member && member.toLowerCase() !== sender) {
          impersonation = true;
          add(
            "sender",
            "display-name-member",
            30,
            `Display name "${shorten(senderName, 60)}" matches ${member}, a member of your organization, but the address is ${sender}.`,
          );
        }
        const brandOwned =
          !FREE_MAIL.has(fromInfo.domain) && targets.some((t) => t.kind === "brand" && ownedBy(fromInfo, t));
        if (orgTarget && !brandOwned && AUTHORITY_NAMES.some((a) => new RegExp(`\\b${escapeRe(a)}\\b`).test(name))) {
          add(
            "sender",
            "display-name-authority",
            10,
            `Display name "${shorten(senderName, 60)}" presents the sender as your administrators, but ${fromInfo.domain} is not one of your domains.`,
          );
        }
      }
    }

    // Reply-To and Return-Path.
    if (replyTo) {
      const rInfo = domainInfo(domainOf(replyTo));
      if (rInfo.domain && rInfo.domain !== fromInfo.domain) {
        const free = FREE_MAIL.has(rInfo.domain) && !FREE_MAIL.has(fromInfo.domain);
        const look = findLookalike(rInfo, targets);
        // Replies to one of your own domains help no attacker (a colleague sharing through a service).
        const w = look ? 30 : isOrgDomain(rInfo) ? 0 : free ? 22 : 12;
        add(
          "sender",
          "reply-to-mismatch",
          w,
          `Replies go to ${replyTo} (${rInfo.domain}), not to the sender's domain ${fromInfo.domain}${free ? "; a free-mail address" : ""}${look ? `; ${rInfo.domain} imitates ${look.imitates}` : ""}.`,
        );
      }
    }
    if (returnPath) {
      const rp = domainInfo(domainOf(returnPath));
      if (rp.domain && rp.domain !== fromInfo.domain) {
        const look = findLookalike(rp, targets);
        const w = look ? 15 : dmarcPass || dkimAlignedPass ? 0 : 3;
        add(
          "sender",
          "return-path-mismatch",
          w,
          `Bounces (Return-Path) go to ${rp.domain}, not ${fromInfo.domain}${w === 0 ? " — common for mailing services, and this message's DMARC check passed" : ""}${look ? `; ${rp.domain} imitates ${look.imitates}` : ""}.`,
        );
      }
    }
    const brandSubject = brandNamedIn(normaliseName(subject));
    if (
      brandSubject &&
      !ownedBy(fromInfo, {
        kind: "brand",
        name: brandSubject.name,
        domains: brandSubject.domains,
        brand: brandSubject,
      }) &&
      !impersonation &&
      !senderLookalike
    ) {
      add(
        "sender",
        "subject-brand",
        8,
        `The subject names ${titleCase(brandSubject.name)}, but the sender ${fromInfo.domain} is not a ${titleCase(brandSubject.name)} domain.`,
      );
    }
  }

  // --- Links -----------------------------------------------------------------
  // A sender authenticated by DMARC that does not imitate anyone may link its own domain through its own tracker.
  const trustedSender = dmarcPass && !senderLookalike && !impersonation;
  const links = analyzeLinks(rawLinks, targets, fromInfo, add, trustedSender);
  if (forms.length) {
    const action = forms.find(Boolean);
    add(
      "links",
      "html-form",
      25,
      `The message contains a form${action ? ` that sends what you type to ${shorten(action, 70)}` : ""}: legitimate senders do not collect data inside an e-mail.`,
    );
  }
  if (scripts)
    add(
      "links",
      "html-script",
      10,
      `The HTML contains ${plural(scripts, "script")} (not run here): mail clients block scripts, so their presence signals a crafted message.`,
    );

  // --- Attachments -------------------------------------------------------------
  const attachments = analyzeAttachments(parsed, add);

  // --- Header anomalies --------------------------------------------------------
  if (!messageId)
    add("headers", "no-message-id", 8, "The message has no Message-ID header, which every normal mail system adds.");
  const receivedDates = headerLines
    .filter((h) => h.key === "received")
    .map((h) => {
      const m = /;\s*([^;]+)$/.exec(h.line.replace(/\r?\n[ \t]+/g, " "));
      const d = m ? new Date(m[1]!.trim()) : null;
      return d && !Number.isNaN(d.getTime()) ? d : null;
    })
    .filter((d): d is Date => !!d);
  const reference = receivedDates[0] ?? now;
  const refLabel = receivedDates[0] ? "its delivery (topmost Received header)" : "now";
  if (!date) {
    add(
      "headers",
      "no-date",
      headerValue("date") ? 6 : 5,
      headerValue("date")
        ? `The Date header "${shorten(headerValue("date")!, 40)}" cannot be read as a date.`
        : "The message has no Date header.",
    );
  } else {
    const diff = date.getTime() - reference.getTime();
    if (diff > DAY)
      add(
        "headers",
        "date-future",
        10,
        `The Date header (${date.toISOString()}) is ${Math.round(diff / DAY)} days after ${refLabel}.`,
      );
    else if (receivedDates[0] && -diff > 7 * DAY)
      add(
        "headers",
        "date-past",
        8,
        `The Date header (${date.toISOString()}) is ${Math.round(-diff / DAY)} days before ${refLabel}.`,
      );
    else if (!receivedDates[0] && -diff > 5 * 365 * DAY)
      add("headers", "date-old", 2, `The Date header (${date.toISOString()}) is more than five years old.`);
  }
  if (headerBytes > 64 * 1024)
    add("headers", "huge-headers", 5, `The header section is unusually large (${Math.round(headerBytes / 1024)} KB).`);
  if (parseWarning) add("headers", "mime-broken", 5, parseWarning);

  // --- Language ----------------------------------------------------------------
  const languageHits = analyzeLanguage(`${subject}\n${bodyText.slice(0, 50_000)}`, add);
  // Image-only messages carry their words in pictures, out of reach of text filters.
  if (parsed && typeof parsed.html === "string" && rawLinks.length) {
    const words = bodyText.replace(/\[[^\]]*\]/g, " ").match(/\p{L}{2,}/gu) ?? [];
    if (words.length < 8)
      add(
        "language",
        "little-text",
        10,
        `The message has almost no text (${plural(words.length, "word")}) besides its links and images, a way to keep the wording away from filters.`,
      );
  }

  // --- Combinations and reassurance -------------------------------------------
  const linkTrouble =
    signals.some((sg) => (sg.category === "links" || sg.category === "lookalike") && sg.weight >= 10) ||
    forms.length > 0;
  if (languageHits.credential && fromInfo) {
    // It asks the reader to sign in or pay, and every link leads away from the sender's own domain.
    const web = links.filter((l) => l.host && l.domain);
    const sameOwner = (l: AnalyzedLink) => {
      const li = domainInfo(l.host);
      if (li.domain === fromInfo.domain || li.label === fromInfo.label) return true;
      // dropboxmail.com linking to dropbox.com: both belong to one brand (or to your organization).
      return targets.some((t) => ownedBy(li, t) && ownedBy(fromInfo, t));
    };
    const offDomain = web.filter((l) => !sameOwner(l) && ![...CLICK_TRACKERS].some((t) => hostEndsWith(l.host, t)));
    if (web.length && offDomain.length === web.length) {
      const where = [...new Set(offDomain.map((l) => l.domain))].slice(0, 3).join(", ");
      add(
        "links",
        "off-domain",
        10,
        `It asks you to act on your account, but its links go to ${where}, not to the sender's domain ${fromInfo.domain}.`,
      );
    }
    // It speaks in a brand's name without coming from that brand.
    const bodyBrand = brandNamedIn(normaliseName(bodyText.slice(0, 5000)));
    if (
      bodyBrand &&
      !impersonation &&
      !senderLookalike &&
      !ownedBy(fromInfo, { kind: "brand", name: bodyBrand.name, domains: bodyBrand.domains, brand: bodyBrand })
    ) {
      add(
        "sender",
        "body-brand",
        12,
        `The text speaks for ${titleCase(bodyBrand.name)} and asks you to act, but the sender ${fromInfo.domain} is not a ${titleCase(bodyBrand.name)} domain.`,
      );
    }
  }
  const attachmentTrouble = attachments.some((a) => a.issues.length > 0);
  const lookalikeLinks = signals.some((s) => s.category === "lookalike" && s.id.startsWith("link"));
  if (languageHits.credential && (linkTrouble || impersonation || senderLookalike || attachmentTrouble)) {
    add(
      "language",
      "combo",
      10,
      "It asks for credentials or payment and also shows a deceptive sender, link or attachment: the typical shape of a phishing message.",
    );
  }
  const reassured = dmarcPass && !impersonation && !senderLookalike && !lookalikeLinks;
  if (reassured && fromInfo) {
    const ownAuthenticated = auth.find((a) => a.method === "dmarc" && a.result === "pass");
    add(
      "trust",
      "authenticated-sender",
      ownAuthenticated?.source === "mailauth" ? -15 : -10,
      `The sender's domain ${fromInfo.domain} is authenticated (DMARC pass) and does not imitate another domain.`,
    );
  }

  // --- Score -------------------------------------------------------------------
  const byCategory = new Map<SignalCategory, number>();
  let trust = 0;
  for (const s of signals) {
    if (s.category === "trust") trust += s.weight;
    else byCategory.set(s.category, (byCategory.get(s.category) ?? 0) + Math.max(0, s.weight));
  }
  let total = trust;
  for (const [cat, sum] of byCategory) total += Math.min(sum, CATEGORY_CAP[cat]);
  const score = Math.max(0, Math.min(100, Math.round(total)));
  const risk = riskFor(score);

  const ordered = [...signals].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  const rationale = [
    ...ordered.filter((s) => s.weight > 0).map((s) => s.message),
    ...ordered.filter((s) => s.weight <= 0).map((s) => s.message),
  ];
  if (!ordered.some((s) => s.weight > 0)) {
    rationale.unshift("No phishing signal found: the sender, links, attachments and wording look ordinary.");
  }

  return {
    subject: shorten(subject, 998),
    sender,
    senderName,
    risk,
    score,
    rationale,
    signals,
    links,
    attachments,
    bodyText,
    auth,
    messageId: messageId ? shorten(messageId, 300) : null,
    date: date ? date.toISOString() : null,
    replyTo,
    returnPath,
    sizeBytes: buf.length,
    parseWarning,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

/** Pasted sources often start with blank lines, a byte-order mark or an mbox "From " line. */
function stripLeadingNoise(buf: Buffer): Buffer {
  let start = 0;
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
  while (
    start < buf.length &&
    (buf[start] === 0x0a || buf[start] === 0x0d || buf[start] === 0x20 || buf[start] === 0x09)
  )
    start++;
  if (buf.subarray(start, start + 5).toString("latin1") === "From ") {
    const nl = buf.indexOf(0x0a, start);
    if (nl > 0) start = nl + 1;
  }
  return start ? buf.subarray(start) : buf;
}

function escapeRe(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function titleCase(s: string) {
  const special: Record<string, string> = {
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
  return special[s] ?? s.charAt(0).toUpperCase() + s.slice(1);
}

function describeTarget(t: Protected) {
  return t.kind === "organization" ? "one of your organization's domains" : `${titleCase(t.name)}`;
}

/** Brand names that are also first names or everyday words: in a display name they count only beside service words. */
const PERSONLIKE_BRANDS = new Set([
  "chase",
  "apple",
  "steam",
  "zoom",
  "slack",
  "ledger",
  "kraken",
  "booking",
  "norton",
  "stripe",
  "ups",
  "dpd",
  "irs",
  "att",
  "citibank",
  "aol",
  "usaa",
]);
const SERVICE_WORDS = new Set([
  "support",
  "team",
  "service",
  "services",
  "security",
  "account",
  "accounts",
  "billing",
  "online",
  "alert",
  "alerts",
  "notification",
  "notifications",
  "customer",
  "care",
  "help",
  "helpdesk",
  "no",
  "reply",
  "noreply",
  "id",
  "inc",
  "store",
  "bank",
  "banking",
  "mobile",
  "card",
  "cards",
  "express",
  "delivery",
  "center",
  "centre",
  "department",
  "dept",
  "official",
  "verification",
  "info",
  "the",
  "via",
  "&",
  "and",
  "of",
  "mail",
  "com",
  "us",
  "uk",
  "fraud",
  "protection",
  "pay",
  "wallet",
  "live",
  "community",
  "music",
  "tv",
]);

/** The brand a display name names: for person-like brand names ("Chase Smith") only beside service words. */
function brandInDisplayName(name: string) {
  const brand = brandNamedIn(name);
  if (!brand || !PERSONLIKE_BRANDS.has(brand.name)) return brand;
  const words = name
    .normalize("NFKD")
    .toLowerCase()
    .split(/[^a-z0-9&]+/)
    .filter(Boolean);
  const rest = words.filter((w) => w !== brand.name && !(brand.aliases ?? []).some((a) => a.split(" ").includes(w)));
  return rest.every((w) => SERVICE_WORDS.has(w) || /^\d+$/.test(w)) ? brand : null;
}

/** The brand a display name or subject names, by whole word (after undoing look-alike characters). */
function brandNamedIn(text: string) {
  if (!text) return null;
  const plain = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const words = plain.split(/[^a-z0-9&]+/).filter(Boolean);
  const glued = words.join("");
  for (const b of BRANDS) {
    const names = [b.name, ...(b.aliases ?? [])];
    for (const n of names) {
      const nWords = n.split(" ");
      if (nWords.length > 1) {
        if (new RegExp(`\\b${escapeRe(n)}\\b`).test(plain)) return b;
        continue;
      }
      if (words.includes(n)) return b;
      // "PayPaI Service", "Micros0ft": look-alike characters in a word.
      if (n.length >= 5 && words.some((w) => w.length === n.length && skeleton(w) === skeleton(n))) return b;
      // Names written with spaces ("Pay Pal", "Wells Fargo").
      if (n.length >= 6 && glued.includes(n) && !words.some((w) => w.includes(n) && w !== n)) return b;
    }
  }
  return null;
}

function fallbackHeaderLines(head: string): { key: string; line: string }[] {
  const out: { key: string; line: string }[] = [];
  for (const line of head.split(/\r?\n(?![ \t])/)) {
    const m = /^([^:\s]+):/.exec(line);
    if (m) out.push({ key: m[1]!.toLowerCase(), line });
  }
  return out;
}

function fallbackAddress(value: string | undefined): { address: string; name: string } | null {
  if (!value) return null;
  const m = /<([^<>@\s]+@[^<>\s]+)>/.exec(value) ?? /([^\s<>"]+@[^\s<>"]+)/.exec(value);
  if (!m) return null;
  const name = value.replace(m[0], "").replace(/["<>]/g, "").trim();
  return { address: m[1]!.toLowerCase(), name };
}

// ---------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------
async function authenticationVerdicts(
  buf: Buffer,
  headerLines: { key: string; line: string }[],
  opts: AnalyzeOptions,
  fromInfo: DomainInfo | null,
  add: (c: SignalCategory, id: string, w: number, m: string) => void,
): Promise<AuthVerdict[]> {
  const ar = parseAuthResults(headerLines.find((h) => h.key === "authentication-results")?.line);
  const verdicts: AuthVerdict[] = [];
  const hasDkim = headerLines.some((h) => h.key === "dkim-signature");
  const hasArc = headerLines.some((h) => h.key === "arc-seal");
  let re: Awaited<ReturnType<typeof authenticate>> | null = null;
  let reError: string | null = null;

  // Without a DKIM signature nothing can be re-verified from the message itself:
  // skip the network entirely (SPF alone, after the fact, says little).
  if (hasDkim) {
    const budget = opts.dnsBudgetMs ?? 2000;
    const deadline = Date.now() + budget;
    const resolver = withDeadline(opts.resolver ?? cachedSystemResolve, deadline);
    try {
      re = await Promise.race([
        authenticate(buf, {
          resolver: resolver as never,
          trustReceived: true,
          disableBimi: true,
          mta: "rampart.analyzer",
          minBitLength: 1024,
        }),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), budget + 100).unref?.()),
      ]);
      if (!re) reError = "DNS did not answer within 2 seconds";
    } catch (error) {
      reError = error instanceof Error ? error.message : "verification failed";
    }
  }

  const fromDomain = fromInfo?.domain ?? "";
  const arLabel = ar ? `as reported by ${ar.server} (Authentication-Results, not re-verified)` : "";

  // DKIM
  let dkimDone = false;
  const dkimResults = (re?.dkim?.results ?? []) as {
    signingDomain?: string;
    selector?: string;
    status?: { result?: string; comment?: string; aligned?: string | false };
  }[];
  const usable = dkimResults.filter((r) => r.status?.result && !["temperror", "none"].includes(r.status.result));
  if (usable.length) {
    const pass = usable.find((r) => r.status!.result === "pass");
    const r = pass ?? usable[0]!;
    const aligned = r.status?.aligned
      ? `aligned with the From domain ${fromDomain}`
      : `not aligned with the From domain ${fromDomain || "(none)"}`;
    // mailauth reports a body hash mismatch as "neutral"; for the reader it is a failed signature.
    const bodyHashFailed = /body hash/i.test(r.status?.comment ?? "");
    const result = bodyHashFailed ? "fail" : r.status!.result!;
    verdicts.push({
      method: "dkim",
      result,
      source: "mailauth",
      detail: `${r.signingDomain ?? "?"} s=${r.selector ?? "?"}; ${aligned}`,
    });
    if (result === "pass") {
      add(
        "authentication",
        "dkim-pass",
        0,
        `DKIM: pass, re-verified here — signature of ${r.signingDomain} (selector ${r.selector}), ${aligned}.`,
      );
    } else if (result === "fail") {
      const why = r.status?.comment ? ` (${r.status.comment})` : "";
      add(
        "authentication",
        "dkim-fail",
        15,
        `DKIM: fail, re-verified here — the signature of ${r.signingDomain} does not verify${why}${bodyHashFailed ? ": the body was changed after signing" : ""}.`,
      );
    } else {
      const why = r.status?.comment ? ` (${r.status.comment})` : "";
      add(
        "authentication",
        "dkim-other",
        3,
        `DKIM: ${result}, re-verified here — the signature of ${r.signingDomain} could not be checked${why}.`,
      );
    }
    dkimDone = true;
  }
  if (!dkimDone) {
    const a = ar?.results.dkim;
    if (a) {
      verdicts.push({ method: "dkim", result: a.result, source: ar!.server, detail: a.detail });
      const w = a.result === "fail" ? 10 : 0;
      add(
        "authentication",
        "dkim-ar",
        w,
        `DKIM: ${a.result}, ${arLabel}${hasDkim && reError ? `; re-verification was not possible (${reError})` : ""}.`,
      );
    } else if (hasDkim && reError) {
      add("authentication", "dkim-unverified", 0, `DKIM: not verified — ${reError}.`);
    } else if (!hasDkim) {
      add(
        "authentication",
        "dkim-none",
        0,
        "DKIM: none — the message carries no DKIM signature, so nothing could be re-verified.",
      );
    }
  }

  // SPF: re-verified only when the receiving hop's client IP was known.
  const spf = re?.spf as
    { status?: { result?: string; comment?: string }; domain?: string; "client-ip"?: string } | false | undefined;
  const spfResult = spf && spf.status?.result;
  if (spf && spfResult && !["none", "temperror"].includes(spfResult) && spf["client-ip"]) {
    verdicts.push({
      method: "spf",
      result: spfResult,
      source: "mailauth",
      detail: `${spf.domain ?? ""} for ${spf["client-ip"]}`,
    });
    const w = spfResult === "fail" ? 12 : spfResult === "softfail" ? 6 : spfResult === "permerror" ? 3 : 0;
    add(
      "authentication",
      "spf",
      w,
      `SPF: ${spfResult}, re-verified here — ${spf["client-ip"]} (from the topmost Received header) for the envelope domain ${spf.domain ?? "?"}.`,
    );
  } else if (ar?.results.spf) {
    const a = ar.results.spf;
    verdicts.push({ method: "spf", result: a.result, source: ar.server, detail: a.detail });
    const w = a.result === "fail" ? 12 : a.result === "softfail" ? 6 : a.result === "permerror" ? 3 : 0;
    add("authentication", "spf", w, `SPF: ${a.result}, ${arLabel}${a.detail ? ` (${shorten(a.detail, 80)})` : ""}.`);
  }

  // DMARC
  const dm = re?.dmarc as
    { status?: { result?: string; comment?: string }; policy?: string; domain?: string } | false | undefined;
  // DNS answers today may differ from those at delivery (keys rotated, SPF records changed): when the
  // receiving server saw a DMARC pass and today's re-check fails, its verdict at delivery time stands.
  const arDmarcPass = ar?.results.dmarc?.result === "pass";
  if (dm && dm.status?.result === "fail" && arDmarcPass) {
    verdicts.push({ method: "dmarc", result: "pass", source: ar!.server, detail: ar!.results.dmarc!.detail });
    add(
      "authentication",
      "dmarc",
      5,
      `DMARC: pass ${arLabel}, but re-verifying it now fails (the domain's keys or records may have changed since delivery, or the message was altered).`,
    );
  } else if (dm && dm.status?.result && !["temperror", "none"].includes(dm.status.result)) {
    verdicts.push({
      method: "dmarc",
      result: dm.status.result,
      source: "mailauth",
      detail: `${dm.domain ?? fromDomain} p=${dm.policy ?? "?"}`,
    });
    const w = dm.status.result === "fail" ? (dm.policy === "reject" || dm.policy === "quarantine" ? 25 : 18) : 0;
    add(
      "authentication",
      "dmarc",
      w,
      `DMARC: ${dm.status.result}, re-verified here — domain ${dm.domain ?? fromDomain}, published policy ${dm.policy ?? "unknown"}.`,
    );
  } else if (ar?.results.dmarc) {
    const a = ar.results.dmarc;
    verdicts.push({ method: "dmarc", result: a.result, source: ar.server, detail: a.detail });
    const line = headerLines.find((h) => h.key === "authentication-results")?.line ?? "";
    const strict = /dmarc=fail[^;]*(p=(reject|quarantine)|action=(quarantine|reject|oreject))/i.test(line);
    const w = a.result === "fail" ? (strict ? 25 : 18) : 0;
    add(
      "authentication",
      "dmarc",
      w,
      `DMARC: ${a.result}, ${arLabel}${a.detail ? ` (${shorten(a.detail, 80)})` : ""}.`,
    );
  }

  // ARC
  const arc = re?.arc as { status?: { result?: string; comment?: string } } | false | undefined;
  if (hasArc && arc && arc.status?.result && arc.status.result !== "none") {
    verdicts.push({ method: "arc", result: arc.status.result, source: "mailauth", detail: arc.status.comment ?? "" });
    add(
      "authentication",
      "arc",
      arc.status.result === "fail" ? 5 : 0,
      `ARC: ${arc.status.result}, re-verified here${arc.status.comment ? ` (${arc.status.comment})` : ""}.`,
    );
  } else if (ar?.results.arc) {
    verdicts.push({ method: "arc", result: ar.results.arc.result, source: ar.server, detail: ar.results.arc.detail });
    add(
      "authentication",
      "arc",
      ar.results.arc.result === "fail" ? 5 : 0,
      `ARC: ${ar.results.arc.result}, ${arLabel}.`,
    );
  }

  if (!ar && !hasDkim) {
    add(
      "authentication",
      "no-auth",
      0,
      "No Authentication-Results header and no DKIM signature: SPF, DKIM and DMARC cannot be checked for this copy of the message.",
    );
  }
  return verdicts;
}

// ---------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------
function analyzeLinks(
  rawLinks: RawLink[],
  targets: Protected[],
  fromInfo: DomainInfo | null,
  add: (c: SignalCategory, id: string, w: number, m: string) => void,
  trustedSender = false,
): AnalyzedLink[] {
  const seen = new Map<string, AnalyzedLink>();
  const once = new Map<string, { weight: number; message: string; category: SignalCategory; count: number }>();
  const flag = (key: string, category: SignalCategory, weight: number, message: string) => {
    const cur = once.get(key);
    if (!cur) once.set(key, { weight, message, category, count: 1 });
    else {
      cur.count++;
      if (weight > cur.weight) Object.assign(cur, { weight, message });
    }
  };

  for (const { href: rawHref, text } of rawLinks) {
    const hrefTrim = rawHref.trim().replace(/[.,;:!?)]+$/, "");
    const key = `${hrefTrim}\u0000${text}`;
    if (seen.has(key) || seen.size >= MAX_LINKS) continue;
    const issues: string[] = [];
    let url: URL | null = null;
    let scheme: string;
    try {
      const withScheme = /^www\./i.test(hrefTrim) ? `http://${hrefTrim}` : hrefTrim;
      url = new URL(withScheme);
      scheme = url.protocol;
    } catch {
      scheme = (/^([a-z][a-z0-9+.-]*):/i.exec(hrefTrim)?.[1] ?? "").toLowerCase() + ":";
    }
    if (/^(javascript|data|vbscript|file):$/i.test(scheme)) {
      issues.push(`uses a ${scheme} link`);
      flag(
        "script-link",
        "links",
        20,
        `A link uses the ${scheme} scheme ("${shorten(text || hrefTrim, 50)}"), which runs code or embeds content instead of opening a page.`,
      );
      seen.set(key, { href: shorten(hrefTrim, 500), text: shorten(text, 200), host: "", domain: "", issues });
      continue;
    }
    if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
      continue;
    }
    // Known redirect wrappers (Google, Outlook Safe Links, Facebook): judge the destination,
    // which is also what an open-redirect abuse hides.
    const unwrapped = unwrapRedirect(url);
    let wrapper: string | null = null;
    if (unwrapped) {
      wrapper = url.hostname;
      url = unwrapped;
    }
    const rawHostPart = wrapper ? url.host : (/^[a-z]+:\/\/([^/?#]*)/i.exec(hrefTrim)?.[1] ?? "");
    const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
    const info = domainInfo(host);
    const link: AnalyzedLink = {
      href: shorten(url.href, 500),
      text: shorten(text, 200),
      host,
      domain: info.domain,
      issues,
    };
    if (wrapper) issues.push(`wrapped in a ${wrapper} redirect`);
    seen.set(key, link);

    if (rawHostPart.includes("@")) {
      const shown = rawHostPart.split("@")[0];
      issues.push(`hides its real host behind "${shorten(shown ?? "", 40)}@"`);
      flag(
        "userinfo",
        "links",
        25,
        `A link starts with "${shorten(shown ?? "", 40)}@" so it reads like that site, but it really goes to ${host}.`,
      );
    }
    const privateIp = /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$|localhost$)/.test(host);
    if (privateIp) {
      issues.push("points to a private or local address");
      flag(
        "private-ip-link",
        "links",
        3,
        `A link points to the private or local address ${host}, which cannot reach a public site.`,
      );
    } else if (info.isIp || IPV4.test(host) || host.includes(":")) {
      issues.push("points to a raw IP address");
      flag(
        "ip-link",
        "links",
        25,
        `A link points to the raw IP address ${host} instead of a domain name (${shorten(url.href, 70)}).`,
      );
    }
    if (SHORTENERS.has(host) || SHORTENERS.has(info.domain)) {
      issues.push("uses a URL shortener");
      flag(
        "shortener",
        "links",
        12,
        `A link goes through the URL shortener ${host}, which hides its real destination (${shorten(url.href, 60)}).`,
      );
    }
    const tld = info.suffix.split(".").pop() ?? "";
    if (!info.isIp && UNUSUAL_TLDS.has(tld)) {
      issues.push(`uses the unusual .${tld} domain`);
      flag(
        "tld",
        "links",
        10,
        `A link goes to ${info.domain}, under the .${tld} top-level domain, common in phishing and rare in business mail.`,
      );
    }
    const formService =
      (host === "docs.google.com" && url.pathname.startsWith("/forms")) ||
      host === "forms.office.com" ||
      host === "forms.microsoft.com"
        ? host
        : null;
    const hosting = formService ?? [...FREE_HOSTING].find((h) => hostEndsWith(host, h));
    if (hosting) {
      issues.push(`is hosted on ${hosting}, where anyone can publish a page`);
      flag(
        "free-hosting",
        "links",
        12,
        `A link goes to ${host}, on ${hosting}, where anyone can publish a sign-in page.`,
      );
    }
    if (info.unicode) {
      issues.push(`is a punycode name displayed as ${info.unicode}`);
      flag(
        "link-punycode",
        "lookalike",
        15,
        `A link goes to ${host}, an internationalised (punycode) name that displays as ${info.unicode}.`,
      );
    }
    if (!info.isIp) {
      const look = findLookalike(info, targets);
      if (look) {
        const w = { punycode: 40, homoglyph: 40, "edit-distance": 35, "other-tld": 20, "contains-name": 12 }[look.how];
        issues.push(`imitates ${look.imitates}`);
        flag(
          `link-lookalike-${look.how === "contains-name" ? "weak" : "strong"}`,
          "lookalike",
          w,
          `A link goes to ${info.domain}, which imitates ${look.imitates} (${describeTarget(look.target)}): ${look.detail}.`,
        );
      }
      // paypal.com.account-verify.top: a brand's domain worn as a subdomain.
      for (const t of targets) {
        if (ownedBy(info, t)) continue;
        const worn = t.domains.find((d) => host.startsWith(d + ".") || host.includes("." + d + "."));
        if (worn) {
          issues.push(`puts ${worn} in front of another domain`);
          flag(
            "subdomain-brand",
            "lookalike",
            30,
            `A link to ${host} starts with ${worn}, but the site really belongs to ${info.domain}.`,
          );
          break;
        }
      }
    }
    if (
      /\.(exe|scr|js|jse|vbs|hta|bat|cmd|msi|iso|img|zip|rar|7z|docm|xlsm|html?)$/i.test(url.pathname) &&
      !/\.html?$/i.test(url.pathname)
    ) {
      issues.push("downloads a file type often used for malware");
      flag(
        "download",
        "links",
        15,
        `A link downloads ${shorten(url.pathname.split("/").pop() ?? "", 50)} from ${host}: a file type often used to deliver malware.`,
      );
    }

    // Visible text naming another domain than the target.
    if (text) {
      const named = domainsNamedIn(text);
      // amazon.com shown, amazon.co.uk linked: the same name under a country suffix is not a deception.
      const other = named.find(
        (n) => n.domain !== info.domain && !hostEndsWith(host, n.domain) && n.label !== info.label,
      );
      if (other) {
        const tracker = [...CLICK_TRACKERS].some((t) => hostEndsWith(host, t));
        const textIsProtected = targets.some((t) => ownedBy(other, t));
        const textIsSender = !!fromInfo && (other.domain === fromInfo.domain || other.label === fromInfo.label);
        if (trustedSender && textIsSender) {
          flag(
            "text-href-own",
            "links",
            3,
            `A link shows ${other.domain}, the authenticated sender's own domain, but goes through ${info.domain} (probably the sender's click tracking).`,
          );
          issues.push(`shows ${other.domain} but goes through ${info.domain}`);
        } else if (tracker && !textIsProtected) {
          flag(
            "text-href-tracker",
            "links",
            3,
            `A link shows ${other.domain} but goes through ${info.domain}, a mailing service's click tracker; the final destination cannot be confirmed from the message.`,
          );
          issues.push(`shows ${other.domain} but goes through the click tracker ${info.domain}`);
        } else {
          issues.push(`shows ${other.domain} but goes to ${info.domain}`);
          flag(
            "text-href",
            "links",
            textIsProtected ? 35 : tracker ? 10 : 22,
            `A link's text shows ${shorten(other.host, 60)} but it really goes to ${shorten(host, 60)} (${shorten(url.href, 70)}).`,
          );
        }
      }
    }
  }
  for (const [key, v] of once) {
    add(v.category, key, v.weight, v.count > 1 ? `${v.message} (${plural(v.count, "link")} like this)` : v.message);
  }
  return [...seen.values()];
}

const REDIRECTORS: { host: RegExp; path: RegExp; params: string[] }[] = [
  { host: /^(www\.)?google\.[a-z.]+$/, path: /^\/url$/, params: ["q", "url"] },
  { host: /safelinks\.protection\.outlook\.com$/, path: /.*/, params: ["url"] },
  { host: /^l\.facebook\.com$|^lm\.facebook\.com$/, path: /^\/l\.php$/, params: ["u"] },
  { host: /^(www\.)?youtube\.com$/, path: /^\/redirect$/, params: ["q"] },
  { host: /^l\.instagram\.com$/, path: /.*/, params: ["u"] },
];

function unwrapRedirect(url: URL): URL | null {
  const host = url.hostname.toLowerCase();
  const r = REDIRECTORS.find((x) => x.host.test(host) && x.path.test(url.pathname));
  if (!r) return null;
  for (const p of r.params) {
    const v = url.searchParams.get(p);
    if (v && /^https?:\/\//i.test(v)) {
      try {
        return new URL(v);
      } catch {
        return null;
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Attachments
// ---------------------------------------------------------------------------
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const VBA_UTF16 = Buffer.from("_VBA_PROJECT", "utf16le");

function analyzeAttachments(
  parsed: ParsedMail | null,
  add: (c: SignalCategory, id: string, w: number, m: string) => void,
): AnalyzedAttachment[] {
  const out: AnalyzedAttachment[] = [];
  for (const a of parsed?.attachments ?? []) {
    const content: Buffer = Buffer.isBuffer(a.content) ? a.content : Buffer.from(String(a.content ?? ""));
    const filename = (a.filename ?? "").trim() || "(unnamed)";
    const contentType = (a.contentType ?? "application/octet-stream").toLowerCase();
    // Inline images of an HTML newsletter and calendar invitations are part of the message, not attachments to judge.
    const sha256 = createHash("sha256").update(content).digest("hex");
    const issues: string[] = [];
    const ext = extOf(filename);
    const label = `"${shorten(filename, 60)}" (SHA-256 ${sha256})`;
    const partsExt = filename
      .toLowerCase()
      .split(".")
      .slice(1)
      .map((p) => p.trim());
    const risky = (e: string) =>
      EXECUTABLE_EXT.has(e) ||
      SCRIPT_EXT.has(e) ||
      HTML_EXT.has(e) ||
      MACRO_OFFICE_EXT.has(e) ||
      DISK_IMAGE_EXT.has(e) ||
      ARCHIVE_EXT.has(e);

    if (partsExt.length >= 2 && DECOY_EXT.has(partsExt[partsExt.length - 2]!) && risky(ext)) {
      issues.push("double extension");
      add(
        "attachments",
        `att-double-${sha256.slice(0, 8)}`,
        45,
        `Attachment ${label} has a double extension: it pretends to be a .${partsExt[partsExt.length - 2]} but is a .${ext}.`,
      );
    }
    const isMz = content.length > 2 && content[0] === 0x4d && content[1] === 0x5a;
    if (EXECUTABLE_EXT.has(ext) || isMz) {
      issues.push("executable");
      add(
        "attachments",
        `att-exe-${sha256.slice(0, 8)}`,
        50,
        `Attachment ${label} is an executable program${isMz && !EXECUTABLE_EXT.has(ext) ? ` disguised as .${ext || "a file without extension"}` : ""}.`,
      );
    } else if (SCRIPT_EXT.has(ext)) {
      issues.push("script");
      add(
        "attachments",
        `att-script-${sha256.slice(0, 8)}`,
        50,
        `Attachment ${label} is a script (.${ext}) that runs when opened.`,
      );
    } else if (HTML_EXT.has(ext) || (/^text\/html/.test(contentType) && a.contentDisposition === "attachment")) {
      const src = content.subarray(0, 2_000_000).toString("utf8");
      const credential =
        /<input[^>]+type\s*=\s*["']?password|<form\b|window\.location|atob\(|document\.write\(unescape|eval\(/i.test(
          src,
        );
      issues.push(credential ? "HTML with a form or script" : "HTML file");
      add(
        "attachments",
        `att-html-${sha256.slice(0, 8)}`,
        credential ? 40 : 30,
        `Attachment ${label} is an HTML file${credential ? " containing a form or script" : ""}: opened, it shows a page (often a fake sign-in) outside the mail client's protection.`,
      );
    } else if (MACRO_OFFICE_EXT.has(ext)) {
      issues.push("macro-enabled Office file");
      add(
        "attachments",
        `att-macro-${sha256.slice(0, 8)}`,
        35,
        `Attachment ${label} is a macro-enabled Office file (.${ext}); macros in mailed documents are a common way to install malware.`,
      );
    } else if (DISK_IMAGE_EXT.has(ext)) {
      issues.push("disk image");
      add(
        "attachments",
        `att-image-${sha256.slice(0, 8)}`,
        35,
        `Attachment ${label} is a disk image (.${ext}), used to carry programs past mail filters.`,
      );
    } else if (content.subarray(0, 8).equals(OLE_MAGIC) && content.includes(VBA_UTF16)) {
      issues.push("Office file with macros");
      add(
        "attachments",
        `att-macro-${sha256.slice(0, 8)}`,
        35,
        `Attachment ${label} is an Office document that contains macros (a VBA project).`,
      );
    }
    if (isZip(content)) {
      const entries = listZipEntries(content) ?? [];
      if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name))) {
        if (!MACRO_OFFICE_EXT.has(ext)) {
          issues.push("Office file with macros");
          add(
            "attachments",
            `att-vba-${sha256.slice(0, 8)}`,
            35,
            `Attachment ${label} contains a VBA macro project although its name does not say so.`,
          );
        }
      } else if (ARCHIVE_EXT.has(ext) || /zip/.test(contentType)) {
        if (entries.some((e) => e.encrypted)) {
          issues.push("encrypted archive");
          add(
            "attachments",
            `att-encrypted-${sha256.slice(0, 8)}`,
            30,
            `Attachment ${label} is a password-protected archive: scanners cannot look inside, which is why malware is sent this way.`,
          );
        }
        const inner = entries.map((e) => e.name).filter((n) => risky(extOf(n)) && !ARCHIVE_EXT.has(extOf(n)));
        if (inner.length) {
          issues.push("archive containing executable content");
          add(
            "attachments",
            `att-inner-${sha256.slice(0, 8)}`,
            45,
            `Attachment ${label} is an archive containing ${inner
              .slice(0, 3)
              .map((n) => `"${shorten(n, 40)}"`)
              .join(", ")}${inner.length > 3 ? " and more" : ""}.`,
          );
        }
      }
    } else if (
      (ext === "rar" && content.includes(Buffer.from("Rar!"))) ||
      ext === "7z" ||
      ext === "ace" ||
      ext === "arj"
    ) {
      issues.push("archive that could not be inspected");
      add(
        "attachments",
        `att-archive-${sha256.slice(0, 8)}`,
        8,
        `Attachment ${label} is a .${ext} archive whose contents could not be inspected here.`,
      );
    }
    if (
      ext === "pdf" &&
      /\/(JavaScript|Launch|OpenAction\s*<<[^>]*\/JS)/.test(content.subarray(0, 3_000_000).toString("latin1"))
    ) {
      issues.push("PDF with embedded script or launch action");
      add(
        "attachments",
        `att-pdfjs-${sha256.slice(0, 8)}`,
        20,
        `Attachment ${label} is a PDF with embedded JavaScript or a launch action.`,
      );
    }
    out.push({ filename: shorten(filename, 200), contentType, size: a.size ?? content.length, sha256, issues });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Language: urgency, threats to the account, credential and payment requests
// ---------------------------------------------------------------------------
const URGENCY = [
  /\burgent(ly)?\b/i,
  /\bimmediate(ly)?\b/i,
  /\bwithin (24|48|72|twenty[- ]four|forty[- ]eight) hours\b/i,
  /\b(final|last) (notice|warning|reminder|attempt)\b/i,
  /\baction required\b/i,
  /\bexpires? (today|soon|tomorrow|in \d+ (hours?|days?))\b/i,
  /\bas soon as possible\b|\basap\b/i,
  /\bfailure to\b/i,
  /\bavoid (suspension|termination|deactivation|interruption|closure|losing)\b/i,
  /\b(time[- ]sensitive|respond now|act now|don'?t delay)\b/i,
  /\btoday only\b/i,
];
const ACCOUNT_THREAT = [
  /\b(account|mailbox|access|card|service|password)\b[^.\n]{0,40}\b(has been|was|will be|is being|is)\s+(temporarily\s+)?(suspended|locked|disabled|limited|restricted|closed|terminated|deactivated|deleted|blocked|compromised|on hold)\b/i,
  /\b(unusual|suspicious|unauthori[sz]ed|irregular|strange)\s+(sign[- ]?in|login|log[- ]in|activity|access|transaction|attempt)/i,
  /\b(password|mailbox|account)\s+(has\s+)?(expired|expires|will expire)\b/i,
  /\bmailbox\b[^.\n]{0,30}\b(full|quota|storage|almost full|exceeded)\b/i,
  /\b(pending|undelivered|held|blocked|quarantined)\s+(incoming\s+)?(messages|e-?mails)\b/i,
  /\bdelivery (failed|attempt failed|was unsuccessful)|unable to deliver your (package|parcel)\b/i,
];
const CREDENTIAL = [
  /\b(verify|confirm|validate|update|re-?activate|restore|unlock|secure)\s+(your\s+)?(account|identity|information|details|password|e-?mail( address)?|login|credentials|billing|payment( method| information| details)?|card)\b/i,
  /\b(log|sign)[- ]?in\s+(now\s+)?(to|and)\s+(verify|confirm|restore|unlock|update|continue|avoid|secure|review|keep|view|access|read|open|see)\b/i,
  /\benter your\s+(password|credentials|login|user ?name|pin|card|social security|ssn|bank)\b/i,
  /\b(click|tap)\s+(here|below|the (link|button)( below)?)\s+(to\s+)?(verify|confirm|log ?in|sign ?in|update|restore|unlock|review|view|access|download|release|validate|upgrade|keep|retain)\b/i,
  /\b(social security number|credit card number|card verification|cvv|online banking (password|details)|one[- ]time (code|password))\b/i,
  /\bkeep (the )?same password\b/i,
  /\b(shared|sent) (a|an|the) (document|file|invoice|folder|pdf)\s+with you\b|\byou have (received )?(a|an|\d+) (new )?(secure message|voicemail|fax|document|e-?fax)\b/i,
];
const PAYMENT_FRAUD = [
  /\bwire transfer\b|\bbank transfer\b[^.\n]{0,40}\b(today|urgent|immediately)\b/i,
  /\bgift ?cards?\b/i,
  /\b(changed|new|updated) (bank(ing)?|account|payment) (details|information|account)\b/i,
  /\bare you (available|at your desk|in the office)\b/i,
  /\b(quick|small) (favou?r|task)\b/i,
  /\b(overdue|outstanding|unpaid) (invoice|payment|balance)\b/i,
  /\b(bitcoin|btc|crypto) (wallet|address|payment)\b/i,
];
/** Advance-fee, lottery and inheritance scams: money promised to the reader. */
const ADVANCE_FEE = [
  /\b(lottery|lotto|sweepstakes?|jackpot)\b[^.\n]{0,60}\b(win(ner|ning)?|won|prize|claim)\b/i,
  /\byou (have )?(won|been selected|been chosen)\b/i,
  /\b(donation|inheritance|next of kin|beneficiary|compensation (fund|payment)|unclaimed (funds?|fortune|inheritance)|consignment box)\b/i,
  /(\$|usd|us\$|€|eur|£|gbp)\s?\d+([.,]\d+)?\s?(million|m\b)|\b\d+([.,]\d+)? million (dollars|usd|euros?|pounds)\b/i,
  /\b(claim|receive) (your|the) (prize|reward|funds?|payment|gift)\b/i,
];
/** Extortion ("I recorded you", "pay in bitcoin"). */
const EXTORTION_PAY = /\b(bitcoin|btc|monero|crypto ?currency|wallet address)\b/i;
const EXTORTION_THREAT =
  /\b(hacked|malware|trojan|spyware|webcam|recorded (you|a video)|video of you|intimate|compromising|your (device|computer|phone) (is|was|has been) (infected|hacked|compromised)|send (it|the video) to (all )?your contacts)\b/i;

/** Callback ("telephone-oriented") scams: a fake renewal or charge and a number to call. */
const CALLBACK_CLAIM =
  /\b(auto[- ]?renew(al|ed)?|subscription (has been |was )?(renewed|activated|charged)|(has|have) been charged|will be charged|order (has been )?(placed|confirmed)|to cancel|request a refund|dispute (this|the) (charge|transaction))\b/i;
const PHONE =
  /(\+?1[\s.-]?)?\(?\b8(00|33|44|55|66|77|88)\)?[\s.-]?\d{3}[\s.-]?\d{4}\b|\+\d{1,3}[\s.-]?\(?\d{2,4}\)?[\s.-]?\d{3}[\s.-]?\d{3,4}\b/;
const GENERIC_GREETING =
  /\bdear\s+(valued\s+)?(customer|user|client|member|account holder|sir\/?(or\s+)?madam|sir|madam|e-?mail user|beneficiary|recipient)\b/i;

/** Newsletter boilerplate that would otherwise read as a call to action. */
const BOILERPLATE =
  /\b(click here to |)(view|read|see) (this|the|it|our) ?(e-?mail|message|newsletter)? (online|in (your|a|the) (web )?browser)\b|\bclick here to unsubscribe\b|\bhaving trouble (viewing|reading)[^.\n]*/gi;

function analyzeLanguage(rawText: string, add: (c: SignalCategory, id: string, w: number, m: string) => void) {
  // Filter evasion: Cyrillic or Greek look-alike letters inside Latin words ("Pаypal", "Vеrify"),
  // and invisible characters splitting words. Normal text in those alphabets uses whole words.
  const mixed = [...rawText.slice(0, 20_000).matchAll(/\p{L}{3,}/gu)]
    .map((m) => m[0])
    .filter((w) => /\p{Script=Latin}/u.test(w) && /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u.test(w));
  if (mixed.length)
    add(
      "language",
      "mixed-script",
      15,
      `Words mix Latin letters with look-alike letters from other alphabets (${mixed
        .slice(0, 3)
        .map((w) => `"${shorten(w, 30)}"`)
        .join(", ")}), a trick to slip past filters.`,
    );
  const hidden = (rawText.slice(0, 50_000).match(/\p{L}[\u200b-\u200d\u2060\ufeff\u00ad]+\p{L}/gu) ?? []).length;
  if (hidden >= 3)
    add(
      "language",
      "hidden-characters",
      10,
      `The text hides ${hidden} invisible characters inside words, a trick to slip past filters.`,
    );
  const text = latinize(rawText)
    // "Iog in", "User lD": a capital I and a small l swapped, as in sample phishing subjects.
    .replace(/\bIog(?=\s?in\b)/g, "log")
    .replace(BOILERPLATE, " ");
  const hits = (list: RegExp[]) => list.map((r) => r.exec(text)?.[0]).filter((x): x is string => !!x);
  const quote = (xs: string[]) =>
    xs
      .slice(0, 3)
      .map((x) => `"${shorten(x.replace(/\s+/g, " "), 50)}"`)
      .join(", ");
  const urgency = hits(URGENCY);
  const threat = hits(ACCOUNT_THREAT);
  const credential = hits(CREDENTIAL);
  const payment = hits(PAYMENT_FRAUD);
  if (urgency.length)
    add(
      "language",
      "urgency",
      urgency.length >= 3 ? 15 : 10,
      `Urgent wording pressures the reader: ${quote(urgency)}.`,
    );
  if (threat.length)
    add(
      "language",
      "account-threat",
      threat.length >= 2 ? 15 : 12,
      `It warns of a problem with an account or mailbox: ${quote(threat)}.`,
    );
  if (credential.length)
    add(
      "language",
      "credential",
      credential.length >= 2 ? 22 : 15,
      `It asks the reader to sign in, confirm details or open a shared item: ${quote(credential)}.`,
    );
  if (payment.length)
    add(
      "language",
      "payment",
      payment.length >= 2 ? 22 : 15,
      `It asks for money or payment changes in the way invoice and CEO fraud does: ${quote(payment)}.`,
    );
  const fee = hits(ADVANCE_FEE);
  if (fee.length >= 2)
    add(
      "language",
      "advance-fee",
      fee.length >= 3 ? 22 : 15,
      `It promises money, a prize or an inheritance, the mark of advance-fee fraud: ${quote(fee)}.`,
    );
  const extortion = EXTORTION_PAY.exec(text)?.[0] && EXTORTION_THREAT.exec(text)?.[0];
  if (extortion)
    add(
      "language",
      "extortion",
      25,
      `It threatens the reader ("${shorten(extortion, 40)}") and asks for a cryptocurrency payment: extortion.`,
    );
  const callbackClaim = CALLBACK_CLAIM.exec(text)?.[0];
  const phone = callbackClaim ? PHONE.exec(text)?.[0] : undefined;
  if (callbackClaim && phone)
    add(
      "language",
      "callback",
      15,
      `It claims "${callbackClaim}" and gives a phone number to call (${phone.trim()}), the pattern of callback scams.`,
    );
  const greeting = GENERIC_GREETING.exec(text)?.[0];
  if (greeting)
    add(
      "language",
      "generic-greeting",
      5,
      `It opens with a generic greeting ("${greeting}") rather than the reader's name.`,
    );
  return {
    credential:
      credential.length > 0 ||
      payment.length > 0 ||
      threat.length > 0 ||
      fee.length >= 2 ||
      !!(callbackClaim && phone) ||
      !!extortion,
  };
}
