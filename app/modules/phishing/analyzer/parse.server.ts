/**
 * Stage "parse": the raw source (RFC 5322 / MIME) read with mailparser's
 * simpleParser into the fields the other stages judge: header lines, From,
 * Reply-To, Return-Path, subject, the text body, links, forms and scripts.
 * HTML is never rendered: html-to-text turns it into text, each link written
 * as its text followed by its real target in brackets. Header anomalies
 * (missing Message-ID, dates out of line with delivery) are judged here too.
 *
 * The mail libraries (mailparser, html-to-text, mailauth: ~40 MB of memory
 * once loaded) are loaded by the first analysis, not when the server starts
 * (docs/decisions/012).
 */
import type { AddressObject, ParsedMail } from "mailparser";
import type { DomNode } from "html-to-text";
import { domainInfo, type DomainInfo } from "../domains";
import type { ListInfo } from "./sender";
import type { AddSignal } from "./types";
import { addressIn, cap, domainOf, LIMITS, shorten, tidyLines } from "./text";
import { decodeBytes, prepareForParsing, repairMojibake, SNIFFING_ICONV } from "./decode";

let simpleParser: typeof import("mailparser").simpleParser;
let convert: typeof import("html-to-text").convert;
let HtmlParser: typeof import("htmlparser2").Parser;
export let authenticate: typeof import("mailauth").authenticate;
let mailLibs: Promise<void> | null = null;
export function loadMailLibs(): Promise<void> {
  mailLibs ??= Promise.all([
    import("mailparser"),
    import("html-to-text"),
    import("mailauth"),
    import("htmlparser2"),
  ]).then(([mp, h2t, ma, hp]) => {
    simpleParser = mp.simpleParser;
    convert = h2t.convert;
    authenticate = ma.authenticate;
    HtmlParser = hp.Parser;
  });
  return mailLibs;
}

/**
 * Is this plausibly an e-mail message? The first line must be a header field
 * and the header block must name at least one of the fields every message has.
 */
export function looksLikeMessage(raw: Buffer | string): boolean {
  const head = (typeof raw === "string" ? raw.slice(0, 64 * 1024) : raw.subarray(0, 64 * 1024).toString("latin1"))
    .replace(/^\uFEFF/, "")
    .trimStart();
  // mbox "From " separator lines are allowed before the headers.
  const text = head.startsWith("From ") ? head.slice(head.indexOf("\n") + 1 || head.length) : head;
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  if (!/^[\x21-\x39\x3b-\x7e]+:/.test(firstLine)) return false;
  const headerBlock = text.split(/\r?\n\r?\n/, 1)[0] ?? "";
  return /^(from|subject|date|message-id|received|to|mime-version|return-path|delivered-to|reply-to|sender):/im.test(
    headerBlock,
  );
}

/** Pasted sources often start with blank lines, a byte-order mark or an mbox "From " line. */
export function stripLeadingNoise(buf: Buffer): Buffer {
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

export type HeaderLine = { key: string; line: string };
export type RawLink = { href: string; text: string };
export type Address = { address: string; name: string };

/** What the parse stage hands to the others. */
export type ParsedMessage = {
  buf: Buffer;
  parsed: ParsedMail | null;
  parseWarning: string | null;
  headerBytes: number;
  headerLines: HeaderLine[];
  sender: string;
  senderName: string;
  fromInfo: DomainInfo | null;
  replyTo: string | null;
  returnPath: string | null;
  subject: string;
  messageId: string | null;
  date: Date | null;
  bodyText: string;
  /** The HTML part existed (links may then be hidden behind text). */
  html: boolean;
  rawLinks: RawLink[];
  forms: string[];
  scripts: number;
  list: ListInfo;
};

/** The mailing-list headers (RFC 2369, 2919) and Precedence, read from capped values. */
export function listInfo(lines: HeaderLine[]): ListInfo {
  const id = headerValue(lines, "list-id");
  const post = headerValue(lines, "list-post");
  const angle = (v: string | undefined) => {
    if (!v) return null;
    const lt = v.lastIndexOf("<");
    const gt = v.indexOf(">", lt);
    return lt >= 0 && gt > lt
      ? v
          .slice(lt + 1, gt)
          .trim()
          .toLowerCase()
      : v.trim().toLowerCase() || null;
  };
  const postTarget = angle(post);
  return {
    id: angle(id)?.slice(0, 253) ?? null,
    post: postTarget && postTarget.startsWith("mailto:") ? postTarget.slice(7).split("?", 1)[0]!.slice(0, 320) : null,
    unsubscribe: headerValue(lines, "list-unsubscribe") !== undefined,
    precedence: headerValue(lines, "precedence")?.toLowerCase().slice(0, 20) ?? null,
  };
}

export function headerValue(lines: HeaderLine[], key: string): string | undefined {
  const line = lines.find((h) => h.key === key)?.line;
  if (line === undefined) return undefined;
  const v = cap(line, LIMITS.headerValue);
  const colon = v.indexOf(":");
  return v.slice(colon + 1).trim();
}

function firstAddress(obj: AddressObject | AddressObject[] | undefined): Address | null {
  const list = Array.isArray(obj) ? obj : obj ? [obj] : [];
  for (const o of list) {
    for (const v of o.value ?? []) {
      if (v.address) return { address: cap(v.address, 320).toLowerCase(), name: cap(v.name ?? "", LIMITS.displayName) };
      for (const g of v.group ?? [])
        if (g.address)
          return { address: cap(g.address, 320).toLowerCase(), name: cap(g.name ?? "", LIMITS.displayName) };
    }
  }
  return null;
}

/** A header line as mailparser gives it (bytes as Latin-1) read as UTF-8 when its bytes are UTF-8. */
function decodeHeaderLine(line: string): string {
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(line) ? decodeBytes(Buffer.from(line, "latin1")) : line;
}

export function fallbackHeaderLines(head: string): HeaderLine[] {
  const out: HeaderLine[] = [];
  for (const line of head.split(/\r?\n(?![ \t])/)) {
    const m = /^([^:\s]{1,100}):/.exec(line);
    if (m) out.push({ key: m[1]!.toLowerCase(), line });
    if (out.length >= LIMITS.headerLines) break;
  }
  return out;
}

export function fallbackAddress(value: string | undefined): Address | null {
  if (!value) return null;
  const a = addressIn(value);
  return a ? { address: a.address, name: cap(a.name, LIMITS.displayName) } : null;
}

// ---------------------------------------------------------------------------
// HTML to text, collecting links and forms (never rendered, never executed)
// ---------------------------------------------------------------------------
/** The visible text of a link, stopping once `max` characters are collected. */
function textOf(nodes: DomNode[] | undefined, max = LIMITS.linkText): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (list: DomNode[] | undefined, depth: number) => {
    if (!list || depth > 30) return;
    for (const n of list) {
      if (length >= max) return;
      const piece =
        n.type === "text" ? (n.data ?? "") : n.name === "img" && n.attribs?.alt ? ` ${n.attribs.alt} ` : null;
      if (piece !== null) {
        const p = piece.slice(0, max - length);
        parts.push(p);
        length += p.length;
      } else walk(n.children, depth + 1);
    }
  };
  walk(nodes, 0);
  return parts.join("").replace(/\s+/g, " ").trim();
}

const SKIPPED_LINK = /^(#|mailto:|cid:|tel:)/i;

export function htmlToText(html: string): { text: string; links: RawLink[]; forms: string[]; scripts: number } {
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
          const href = cap(elem.attribs?.href ?? "", LIMITS.href).trim();
          const visible = textOf(elem.children);
          walk(elem.children, builder);
          if (href && !SKIPPED_LINK.test(href)) {
            if (links.length < LIMITS.links) links.push({ href, text: visible });
            builder.addInline(` [${href}]`, { noWordTransform: true });
          }
        },
        collectForm(elem, walk, builder) {
          forms.push(cap(elem.attribs?.action ?? "", LIMITS.href));
          walk(elem.children, builder);
        },
        countScript() {
          scripts++;
        },
      },
    });
  } catch {
    // A pathological document: htmlparser2's streaming tokenizer (one pass) for text and links.
    const parts: string[] = [];
    let skip = 0;
    let anchor: RawLink | null = null;
    const parser = new HtmlParser(
      {
        onopentag(name, attribs) {
          if (name === "style" || name === "script") {
            skip++;
            if (name === "script") scripts++;
          } else if (name === "form") forms.push(cap(attribs.action ?? "", LIMITS.href));
          else if (name === "a" && attribs.href && !SKIPPED_LINK.test(attribs.href))
            anchor = { href: cap(attribs.href.trim(), LIMITS.href), text: "" };
        },
        ontext(data) {
          if (skip) return;
          parts.push(data);
          if (anchor && anchor.text.length < LIMITS.linkText) anchor.text += data.slice(0, LIMITS.linkText);
        },
        onclosetag(name) {
          if (name === "style" || name === "script") skip = Math.max(0, skip - 1);
          else if (name === "a" && anchor) {
            if (links.length < LIMITS.links)
              links.push({ href: anchor.href, text: anchor.text.replace(/\s+/g, " ").trim() });
            anchor = null;
          }
        },
      },
      { decodeEntities: true },
    );
    parser.write(html.slice(0, 2_000_000));
    parser.end();
    text = parts.join(" ");
  }
  return { text, links, forms, scripts };
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'\])]{1,4096}/gi;

function linksInText(text: string, into: RawLink[]) {
  for (const m of text.matchAll(URL_IN_TEXT)) {
    if (into.length >= LIMITS.links * 2) break;
    into.push({ href: m[0], text: "" });
  }
}

/** Runs the parse stage. Never throws: malformed MIME gives a best-effort result with a warning. */
export async function parseMessage(raw: Buffer | string): Promise<ParsedMessage> {
  await loadMailLibs();
  const buf = stripLeadingNoise(typeof raw === "string" ? Buffer.from(raw, "utf8") : raw);
  let parsed: ParsedMail | null = null;
  let parseWarning: string | null = null;
  const headerEnd = (() => {
    const i = buf.indexOf("\r\n\r\n");
    const j = buf.indexOf("\n\n");
    const cands = [i, j].filter((x) => x >= 0);
    return cands.length ? Math.min(...cands) : buf.length;
  })();
  try {
    // Decoding by the rule in decode.ts (UTF-8 when valid, else the declared charset, else Latin-1); the
    // original bytes (`buf`) stay as they were for DKIM.
    parsed = await simpleParser(prepareForParsing(buf, headerEnd), {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      maxHtmlLengthToParse: 5_000_000,
      Iconv: SNIFFING_ICONV,
    });
  } catch (error) {
    parseWarning = `The MIME structure could not be parsed (${error instanceof Error ? shorten(error.message, 200) : "unknown error"}); the analysis is best effort.`;
  }
  // mailparser gives header lines as Latin-1; after prepareForParsing their 8-bit bytes are UTF-8.
  const headerLines: HeaderLine[] = parsed?.headerLines
    ? parsed.headerLines.slice(0, LIMITS.headerLines).map((h) => ({ key: h.key, line: decodeHeaderLine(h.line) }))
    : fallbackHeaderLines(decodeBytes(buf.subarray(0, Math.min(headerEnd, 1_000_000))));
  const hv = (key: string) => headerValue(headerLines, key);

  const from = firstAddress(parsed?.from) ?? fallbackAddress(hv("from"));
  const sender = from?.address ?? "";
  // An encoded-word labelled Latin-1 around UTF-8 bytes leaves "Ã¤": undone here.
  const senderName = repairMojibake((from?.name ?? "").trim());
  const fromInfo = sender ? domainInfo(domainOf(sender)) : null;
  const replyTo = firstAddress(parsed?.replyTo)?.address ?? fallbackAddress(hv("reply-to"))?.address ?? null;
  const returnPathRaw = (parsed?.headers.get("return-path") as AddressObject | undefined) ?? undefined;
  const returnPath = firstAddress(returnPathRaw)?.address ?? fallbackAddress(hv("return-path"))?.address ?? null;
  const subject = repairMojibake(cap(parsed?.subject ?? hv("subject") ?? "", LIMITS.subject).trim()) || "(no subject)";
  const messageId = parsed?.messageId ?? hv("message-id") ?? null;
  const date = parsed?.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null;

  let bodyText: string;
  const rawLinks: RawLink[] = [];
  let forms: string[] = [];
  let scripts = 0;
  const html = !!parsed && typeof parsed.html === "string" && !!parsed.html;
  if (parsed) {
    if (html) {
      const h = htmlToText(parsed.html as string);
      bodyText = h.text;
      rawLinks.push(...h.links);
      forms = h.forms;
      scripts = h.scripts;
      // The plain alternative may carry links the HTML does not.
      if (parsed.text) linksInText(parsed.text.slice(0, 1_000_000), rawLinks);
    } else {
      bodyText = (parsed.text ?? "").slice(0, 1_000_000);
      linksInText(bodyText, rawLinks);
    }
  } else {
    bodyText = decodeBytes(buf.subarray(headerEnd, headerEnd + LIMITS.bodyText));
    linksInText(bodyText, rawLinks);
  }
  bodyText = tidyLines(bodyText.slice(0, LIMITS.bodyText * 2).replace(/\u00a0/g, " ")).slice(0, LIMITS.bodyText);

  return {
    buf,
    parsed,
    parseWarning,
    headerBytes: headerEnd,
    headerLines,
    sender,
    senderName,
    fromInfo,
    replyTo,
    returnPath,
    subject,
    messageId: messageId ? cap(messageId, 1000) : null,
    date,
    bodyText,
    html,
    rawLinks,
    forms,
    scripts,
    list: listInfo(headerLines),
  };
}

const DAY = 86_400_000;

/** The date a Received header gives after its last ";" (RFC 5321 time stamp). */
export function receivedDate(line: string): Date | null {
  const v = cap(line, LIMITS.headerValue);
  const semi = v.lastIndexOf(";");
  if (semi < 0) return null;
  const text = v
    .slice(semi + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
  if (!text || text.length > 100) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Header anomalies: no Message-ID, no or unreadable Date, a Date far from delivery, huge headers, broken MIME. */
export function headerAnomalies(
  msg: Pick<ParsedMessage, "headerLines" | "messageId" | "date" | "headerBytes" | "parseWarning">,
  now: Date,
  add: AddSignal,
) {
  if (!msg.messageId)
    add("headers", "no-message-id", 8, "The message has no Message-ID header, which every normal mail system adds.");
  const receivedDates = msg.headerLines
    .filter((h) => h.key === "received")
    .map((h) => receivedDate(h.line))
    .filter((d): d is Date => !!d);
  const reference = receivedDates[0] ?? now;
  const refLabel = receivedDates[0] ? "its delivery (topmost Received header)" : "now";
  const rawDate = headerValue(msg.headerLines, "date");
  const date = msg.date;
  if (!date) {
    add(
      "headers",
      "no-date",
      rawDate ? 6 : 5,
      rawDate
        ? `The Date header "${shorten(rawDate, 40)}" cannot be read as a date.`
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
  if (msg.headerBytes > 64 * 1024)
    add(
      "headers",
      "huge-headers",
      5,
      `The header section is unusually large (${Math.round(msg.headerBytes / 1024)} KB).`,
    );
  if (msg.parseWarning) add("headers", "mime-broken", 5, msg.parseWarning);
}
