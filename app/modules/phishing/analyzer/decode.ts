/**
 * Character decoding for the parse stage (issue 29). Real senders put raw
 * 8-bit UTF-8 in headers (RFC 6532) without encoded-words, and declare no
 * charset or the wrong one for their bodies; decoded by the label alone,
 * "Bestätigen" becomes "BestÃ¤tigen" or "Best�tigen" and the wording cues
 * never see the word. The rule everywhere: bytes that are valid UTF-8 are
 * UTF-8; otherwise the declared charset; otherwise Latin-1 (as windows-1252,
 * which browsers use for that label too).
 *
 * Everything is one pass over capped input: TextDecoder, indexOf scans and
 * patterns without nested repetition.
 */
import { isUtf8 } from "node:buffer";
import { Transform, type TransformCallback } from "node:stream";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const decoders = new Map<string, TextDecoder | null>();

/** Charsets whose 7-bit bytes are not ASCII (stateful escapes, UTF-16/32): only the label can decode them. */
const LABEL_FIRST = /^(iso-?2022|utf-?7|hz-gb|utf-?16|utf-?32|ucs-?2)/i;

function decoderFor(label: string): TextDecoder | null {
  const key = label.trim().toLowerCase().slice(0, 40);
  if (!decoders.has(key)) {
    let d: TextDecoder | null;
    try {
      d = key ? new TextDecoder(key) : null;
    } catch {
      d = null;
    }
    if (decoders.size < 200) decoders.set(key, d);
    return d;
  }
  return decoders.get(key) ?? null;
}

function hasHighBit(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return true;
  return false;
}

/** Decodes bytes: UTF-8 when they are valid UTF-8, else the declared charset, else Latin-1. */
export function decodeBytes(bytes: Uint8Array, declared?: string | null): string {
  const label = declared ? decoderFor(declared) : null;
  if (label && declared && LABEL_FIRST.test(declared.trim())) return label.decode(bytes);
  if (!hasHighBit(bytes)) return label ? label.decode(bytes) : Buffer.from(bytes).toString("latin1");
  if (isUtf8(bytes)) return utf8.decode(bytes);
  // Not UTF-8: the sender's label, then Latin-1.
  if (label && label.encoding !== "utf-8" && label.encoding !== "windows-1252") return label.decode(bytes);
  return decodeWindows1252(bytes);
}

/**
 * windows-1252 by hand: Node's TextDecoder treats that label as ISO-8859-1 and gives U+0080 for the euro
 * sign's byte, which the cues then never see.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  const s = Buffer.from(bytes).toString("latin1");
  return s.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** windows-1252's 0x80-0x9F, to undo a Latin-1 decoding of UTF-8 bytes. */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const CP1252_BYTE = new Map<string, number>([...CP1252_HIGH].map((c, i) => [c, 0x80 + i]));
/** A UTF-8 lead byte read as Latin-1 followed by a continuation byte read as Latin-1 or windows-1252. */
const MOJIBAKE = /[\u00c2-\u00f4][\u0080-\u00bf€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/;

/**
 * Undoes UTF-8 read as Latin-1 or windows-1252 ("BestÃ¤tigen" -> "Bestätigen"), as left by an
 * encoded-word or part that declared the wrong charset. Text without that pattern, or whose bytes do
 * not then form valid UTF-8, is returned unchanged.
 */
export function repairMojibake(s: string): string {
  if (!MOJIBAKE.test(s)) return s;
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const b = c <= 0xff ? c : CP1252_BYTE.get(s[i]!);
    if (b === undefined) return s;
    bytes[i] = b;
  }
  try {
    return utf8.decode(bytes);
  } catch {
    return s;
  }
}

/** The charset parameter of a Content-Type value, if any. */
export function charsetParam(contentType: string): string | null {
  const m = /;\s*charset\s*=\s*(?:"([^"\r\n]{0,60})"|([^\s;"]{1,60}))/i.exec(contentType.slice(0, 2000));
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** The label mailparser hands the decoder below: the declared charset, behind this prefix. */
const SNIFF = "x-rampart-sniff-";
const MAX_PARTS = 200;
const CONTENT_TYPE_TEXT = /^(content-type:[ \t]*text\/[^\r\n]{0,2000}(?:\r?\n[ \t][^\r\n]{0,2000}){0,20})/gim;

/**
 * Prepares a raw message for mailparser so that it decodes as the rule above says:
 * - top-level header lines with 8-bit bytes that are not valid UTF-8 are re-encoded as UTF-8 (from the
 *   declared charset, else Latin-1), since mailparser reads raw header bytes as UTF-8;
 * - every text part's charset is relabelled `x-rampart-sniff-<declared>` (or added when missing), so that
 *   mailparser hands its bytes to `SniffingIconv`, which applies the rule.
 * The original bytes stay untouched for DKIM.
 */
export function prepareForParsing(buf: Buffer, headerEnd: number): Buffer {
  let head = buf.subarray(0, headerEnd);
  const rest = buf.subarray(headerEnd);
  const headText = head.toString("latin1");
  const topCharset = charsetParam(/^content-type:([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/im.exec(headText)?.[1] ?? "");
  if (hasHighBit(head)) {
    const lines: Buffer[] = [];
    let start = 0;
    while (start < head.length) {
      const nl = head.indexOf(0x0a, start);
      const end = nl < 0 ? head.length : nl + 1;
      const line = head.subarray(start, end);
      if (hasHighBit(line)) lines.push(Buffer.from(decodeBytes(line, topCharset), "utf8"));
      else lines.push(line);
      start = end;
    }
    head = Buffer.concat(lines);
  }
  // A message has a handful of parts: past MAX_PARTS, fields are left as they are (mailparser's own decoding),
  // so a body repeating "Content-Type: text/..." costs one pass and no rewriting.
  let parts = 0;
  const relabel = (text: string) =>
    text.replace(CONTENT_TYPE_TEXT, (field: string) => {
      if (++parts > MAX_PARTS) return field;
      const declared = charsetParam(field);
      if (declared !== null) {
        return field.replace(
          /(;\s*charset\s*=\s*)(?:"[^"\r\n]{0,60}"|[^\s;"]{1,60})/i,
          (_m, pre: string) => `${pre}"${SNIFF}${declared.replace(/[^\w.:-]/g, "")}"`,
        );
      }
      return `${field}; charset="${SNIFF}"`;
    });
  // Only a multipart (or message/*) body has part headers to relabel; a single part's body is left alone.
  const multipart = /^content-type:[ \t]*(multipart|message)\//im.test(headText);
  // No Content-Type at all means text/plain (RFC 2045), which mailparser would read as UTF-8 regardless.
  const headLatin1 = head.toString("latin1");
  const newHead = /^content-type:/im.test(headLatin1)
    ? relabel(headLatin1)
    : `${headLatin1}${headLatin1.includes("\r\n") ? "\r\n" : "\n"}Content-Type: text/plain; charset="${SNIFF}"`;
  if (!multipart) return Buffer.concat([Buffer.from(newHead, "latin1"), rest]);
  const restText = rest.toString("latin1");
  const newRest = /content-type:[ \t]*text\//i.test(restText) ? relabel(restText) : restText;
  return Buffer.concat([Buffer.from(newHead, "latin1"), Buffer.from(newRest, "latin1")]);
}

/**
 * A stand-in for node-iconv that mailparser accepts (`simpleParser(buf, { Iconv })`): it collects a part's
 * bytes and decodes them by the rule above when the label carries the sniff prefix, by the label otherwise.
 * Output is UTF-8, as mailparser expects.
 */
export class SniffingIconv extends Transform {
  private chunks: Buffer[] = [];
  private readonly declared: string | null;
  constructor(from: string) {
    super();
    const label = String(from ?? "");
    this.declared = label.toLowerCase().startsWith(SNIFF) ? label.slice(SNIFF.length) || null : label;
    this.sniff = label.toLowerCase().startsWith(SNIFF);
  }
  private readonly sniff: boolean;
  override _transform(chunk: Buffer | string, _enc: BufferEncoding, done: TransformCallback) {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk);
    done();
  }
  override _flush(done: TransformCallback) {
    const bytes = Buffer.concat(this.chunks);
    this.chunks = [];
    // Valid UTF-8 with 8-bit bytes is passed through as it is (mailparser wants UTF-8): no decode and re-encode.
    if (this.sniff && !(this.declared && LABEL_FIRST.test(this.declared)) && hasHighBit(bytes) && isUtf8(bytes)) {
      this.push(bytes);
      return done();
    }
    let text: string;
    if (this.sniff) text = decodeBytes(bytes, this.declared);
    else {
      const d = this.declared ? decoderFor(this.declared) : null;
      text = d ? d.decode(bytes) : decodeBytes(bytes, null);
    }
    this.push(Buffer.from(text, "utf8"));
    done();
  }
  /** node-iconv's one-shot form (libmime may call it). */
  convert(input: Buffer | string): Buffer {
    const bytes = typeof input === "string" ? Buffer.from(input, "latin1") : input;
    return Buffer.from(this.sniff ? decodeBytes(bytes, this.declared) : decodeBytes(bytes, this.declared), "utf8");
  }
}

/** mailparser's options for the decoding above (its typings describe node-iconv's instance, not its class). */
export const SNIFFING_ICONV = SniffingIconv as unknown as import("mailparser").MailParserOptions["Iconv"];
