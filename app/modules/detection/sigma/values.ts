/**
 * Sigma value semantics (Sigma specification v2, "Value modifiers"), compiled once per rule into closures.
 *
 * A value is read as a Sigma string: `*` and `?` are wildcards, `\` escapes `*`, `?` and `\` (a backslash before any
 * other character is a plain backslash, as pySigma reads it). Modifiers transform the value left to right in the
 * order written (e.g. `|wide|base64offset|contains`), then the final value becomes a matcher over one event value.
 * Matching is case-insensitive unless `|cased`; `re` is case-sensitive unless `|re|i`, as in pySigma.
 *
 * Wildcard patterns are matched with a segment scan (fixed-length pieces between `*`, leftmost placement), which is
 * O(n*m) in the worst case and never backtracks exponentially. Regular expressions run on a linear-time engine over
 * at most the first RE_INPUT_CAP characters of a value (regex.ts), so no pattern costs more than a bounded time.
 */

import { compileLinearRegex, RegexSyntaxError, type RegexTest } from "./regex";
import { DomainError } from "~/lib/errors";
import { appRoute } from "~/lib/app-routes";

export class SigmaRuleError extends DomainError {
  constructor(
    message: string,
    public line?: number,
  ) {
    super(message);
  }
}

type Token = string | { kind: "any" } | { kind: "one" } | { kind: "set"; chars: string[] };
/** A Sigma string: literal text and wildcard/character-set tokens. `binary` = latin1 byte string (after utf16). */
interface SigmaStr {
  tokens: Token[];
  binary?: boolean;
}

const ANY: Token = { kind: "any" };
const ONE: Token = { kind: "one" };

export function parseSigmaString(s: string): SigmaStr {
  const tokens: Token[] = [];
  let lit = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\") {
      const n = s[i + 1];
      if (n === "*" || n === "?" || n === "\\") {
        lit += n;
        i++;
      } else lit += "\\";
    } else if (c === "*" || c === "?") {
      if (lit) tokens.push(lit);
      lit = "";
      tokens.push(c === "*" ? ANY : ONE);
    } else lit += c;
  }
  if (lit) tokens.push(lit);
  return { tokens };
}

function plain(v: SigmaStr, modifier: string): string {
  let out = "";
  for (const t of v.tokens) {
    if (typeof t !== "string") throw new SigmaRuleError(`modifier '${modifier}' cannot encode a value with wildcards`);
    out += t;
  }
  return out;
}

const isAny = (t: Token | undefined) => t !== undefined && typeof t !== "string" && t.kind === "any";

function withWildcards(v: SigmaStr, start: boolean, end: boolean): SigmaStr {
  const tokens = [...v.tokens];
  if (start && !isAny(tokens[0])) tokens.unshift(ANY);
  if (end && !isAny(tokens[tokens.length - 1])) tokens.push(ANY);
  return { ...v, tokens };
}

function toBytes(v: SigmaStr, modifier: string): Buffer {
  return Buffer.from(plain(v, modifier), v.binary ? "latin1" : "utf8");
}

function utf16(v: SigmaStr, mode: "le" | "be" | "bom", modifier: string): SigmaStr {
  const s = plain(v, modifier);
  let buf = Buffer.from(s, "utf16le");
  if (mode === "be") buf = Buffer.from(buf).swap16();
  if (mode === "bom") buf = Buffer.concat([Buffer.from([0xff, 0xfe]), buf]);
  return { tokens: [buf.toString("latin1")], binary: true };
}

/** pySigma's base64offset: the three encodings of the value at byte offsets 0, 1 and 2, trimmed of unstable chars. */
function base64offset(v: SigmaStr, modifier: string): SigmaStr[] {
  const bytes = toBytes(v, modifier);
  const starts = [0, 2, 3];
  const ends = [undefined, -3, -2];
  const out: SigmaStr[] = [];
  for (let i = 0; i < 3; i++) {
    const enc = Buffer.concat([Buffer.alloc(i, 0x20), bytes]).toString("base64");
    out.push({ tokens: [enc.slice(starts[i], ends[(bytes.length + i) % 3])] });
  }
  return out;
}

const WINDASH = ["-", "/", "\u2013", "\u2014", "\u2015"];

/** pySigma's windash: every `-` or `/` matching `\B[-/]\b` may be any of the five dash characters. */
function windash(v: SigmaStr): SigmaStr {
  const tokens: Token[] = [];
  for (const t of v.tokens) {
    if (typeof t !== "string") {
      tokens.push(t);
      continue;
    }
    let last = 0;
    for (const m of t.matchAll(/\B[-/]\b/g)) {
      if (m.index! > last) tokens.push(t.slice(last, m.index));
      tokens.push({ kind: "set", chars: WINDASH });
      last = m.index! + 1;
    }
    if (last < t.length) tokens.push(t.slice(last));
  }
  return { ...v, tokens };
}

// ---- matching over event values ----

/** One event value as the engine sees it: a string, number, boolean, null, array or object. */
export type EventValue = unknown;

export type ValueTest = (s: string) => boolean;

type Piece = { text: string } | { check: (c: string) => boolean };

function segmentPieces(tokens: Token[], cased: boolean): Piece[] {
  const pieces: Piece[] = [];
  for (const t of tokens) {
    if (typeof t === "string") {
      for (const c of cased ? t : t.toLowerCase()) pieces.push({ text: c });
    } else if (t.kind === "one") pieces.push({ check: () => true });
    else if (t.kind === "set") {
      const set = new Set(t.chars);
      pieces.push({ check: (c) => set.has(c) });
    }
  }
  return pieces;
}

function matchAt(s: string, pos: number, pieces: Piece[]): boolean {
  if (pos + pieces.length > s.length) return false;
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k];
    const c = s[pos + k];
    if ("text" in p ? p.text !== c : !p.check(c)) return false;
  }
  return true;
}

interface Segment {
  literal?: string;
  pieces: Piece[];
}

function findFrom(s: string, from: number, seg: Segment): number {
  if (seg.literal !== undefined) return s.indexOf(seg.literal, from);
  for (let i = from; i + seg.pieces.length <= s.length; i++) if (matchAt(s, i, seg.pieces)) return i;
  return -1;
}

/** Compiles a Sigma string (tokens) into a test over an already case-folded event string. */
export function compilePattern(v: SigmaStr, cased: boolean): ValueTest {
  // split on `*`
  const segs: Token[][] = [[]];
  for (const t of v.tokens) {
    if (isAny(t)) segs.push([]);
    else segs[segs.length - 1].push(t);
  }
  const segments: Segment[] = segs.map((tokens) => {
    const pieces = segmentPieces(tokens, cased);
    const literal = tokens.every((t) => typeof t === "string")
      ? (tokens as string[]).map((t) => (cased ? t : t.toLowerCase())).join("")
      : undefined;
    return { literal, pieces };
  });
  if (segments.length === 1) {
    const seg = segments[0];
    if (seg.literal !== undefined) {
      const lit = seg.literal;
      return (s) => s === lit;
    }
    return (s) => s.length === seg.pieces.length && matchAt(s, 0, seg.pieces);
  }
  const first = segments[0];
  const last = segments[segments.length - 1];
  const middle = segments.slice(1, -1).filter((m) => m.pieces.length > 0);
  // fast paths for the common contains / startswith / endswith shapes
  if (middle.length === 0 && first.literal !== undefined && last.literal !== undefined) {
    const a = first.literal;
    const b = last.literal;
    if (segments.length === 2) {
      if (a === "" && b === "") return () => true;
      if (a === "") return (s) => s.endsWith(b);
      if (b === "") return (s) => s.startsWith(a);
      return (s) => s.length >= a.length + b.length && s.startsWith(a) && s.endsWith(b);
    }
  }
  if (segments.length === 3 && first.pieces.length === 0 && last.pieces.length === 0 && middle.length === 1) {
    const m = middle[0];
    if (m.literal !== undefined) {
      const lit = m.literal;
      return (s) => s.includes(lit);
    }
  }
  const firstLen = first.pieces.length;
  const lastLen = last.pieces.length;
  return (s) => {
    if (s.length < firstLen + lastLen) return false;
    if (!matchAt(s, 0, first.pieces)) return false;
    const endStart = s.length - lastLen;
    if (!matchAt(s, endStart, last.pieces)) return false;
    let pos = firstLen;
    for (const m of middle) {
      const at = findFrom(s, pos, m);
      if (at < 0 || at + m.pieces.length > endStart) return false;
      pos = at + m.pieces.length;
    }
    return true;
  };
}

/** A case-sensitive glob (`*` any run, `?` one character, no escapes) as a linear segment scan. */
export function compileGlob(pattern: string): ValueTest {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++)
    tokens.push(pattern[i] === "*" ? ANY : pattern[i] === "?" ? ONE : pattern[i]);
  return compilePattern({ tokens }, true);
}

// ---- CIDR ----

function parseIPv4(s: string): number[] | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

function parseIPv6(input: string): number[] | null {
  let s = input;
  const pct = s.indexOf("%");
  if (pct >= 0) s = s.slice(0, pct);
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  if (!s.includes(":")) return null;
  // embedded IPv4 tail
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(":");
  const maybe4 = s.slice(lastColon + 1);
  if (maybe4.includes(".")) {
    const v4 = parseIPv4(maybe4);
    if (!v4) return null;
    tail = v4;
    s = s.slice(0, lastColon + 1) + "0:0";
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parseGroups = (h: string) => (h === "" ? [] : h.split(":"));
  const head = parseGroups(halves[0]);
  const rest = halves.length === 2 ? parseGroups(halves[1]) : [];
  const groups = halves.length === 2 ? [...head, ...Array(8 - head.length - rest.length).fill("0"), ...rest] : head;
  if (groups.length !== 8) return null;
  const bytes: number[] = [];
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

export function compileCidr(value: string): ValueTest {
  const [addr, lenText] = value.split("/");
  const v4 = parseIPv4(addr);
  const bytes = v4 ?? parseIPv6(addr);
  if (!bytes) throw new SigmaRuleError(`'${value}' is not a CIDR network`);
  const max = bytes.length * 8;
  const len = lenText === undefined ? max : Number(lenText);
  if (!/^\d+$/.test(lenText ?? String(max)) || len > max) throw new SigmaRuleError(`'${value}' is not a CIDR network`);
  return (s) => {
    const other = v4 ? parseIPv4(s) : parseIPv6(s);
    if (!other || other.length !== bytes.length) return false;
    for (let bit = 0; bit < len; bit += 8) {
      const take = Math.min(8, len - bit);
      const mask = (0xff << (8 - take)) & 0xff;
      if ((other[bit / 8] & mask) !== (bytes[bit / 8] & mask)) return false;
    }
    return true;
  };
}

// ---- regular expressions ----

/** A `|re` value as a test on the linear-time engine (regex.ts); what it cannot run is refused by name. */
export function compileRegex(source: string, flags: { i: boolean; m: boolean; s: boolean }): RegexTest {
  try {
    return compileLinearRegex(source, flags);
  } catch (e) {
    if (e instanceof RegexSyntaxError) throw new SigmaRuleError(`invalid regular expression '${source}': ${e.message}`);
    throw e;
  }
}

// ---- a field's value list with its modifiers ----

export const KNOWN_MODIFIERS = new Set([
  "contains",
  "startswith",
  "endswith",
  "all",
  "re",
  "i",
  "m",
  "s",
  "cidr",
  "base64",
  "base64offset",
  "utf16le",
  "utf16be",
  "utf16",
  "wide",
  "windash",
  "exists",
  "lt",
  "lte",
  "gt",
  "gte",
  "fieldref",
  "cased",
  "expand",
]);

/** What a field's test needs from an event: the field's own value and a way to read another field (fieldref). */
export type FieldReader = (name: string) => EventValue;
export type FieldTest = (value: EventValue, read: FieldReader) => boolean;

function scalarString(v: EventValue): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  return undefined;
}

/**
 * Lower-casing the same event value for every rule is the engine's main cost, so the engine resets this cache per
 * event (`resetFoldCache`) and each distinct string is folded once.
 */
let foldCache = new Map<string, string>();
export function resetFoldCache() {
  if (foldCache.size > 256) foldCache = new Map();
  else if (foldCache.size) foldCache.clear();
}
export function fold(s: string): string {
  let f = foldCache.get(s);
  if (f === undefined) {
    f = s.toLowerCase();
    foldCache.set(s, f);
  }
  return f;
}

/** Applies `test` to each scalar of a value (arrays: any element), case-folding unless cased. */
function overScalars(test: ValueTest, cased: boolean): (v: EventValue) => boolean {
  const one = (v: EventValue): boolean => {
    const s = scalarString(v);
    if (s === undefined) return false;
    return test(cased ? s : fold(s));
  };
  return (v) => {
    if (typeof v === "string") return test(cased ? v : fold(v));
    if (Array.isArray(v)) {
      for (const x of v) if (one(x)) return true;
      return false;
    }
    return one(v);
  };
}

const isEmpty = (v: EventValue) => v === undefined || v === null || v === "";

function asNumber(v: EventValue): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "") {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** What compiling a rule may depend on beyond its text: the tenant's `%placeholder%` lists (the `expand` modifier). */
export interface CompileOptions {
  placeholders?: Readonly<Record<string, readonly string[]>>;
}

/** Where an operator defines placeholders; named in the refusal so the fix is one step away. */
export const PLACEHOLDER_HOME = `${appRoute("/siem-soar").label} → Placeholders`;
/** One value expands to at most this many variants (a product of several long lists would be a compile bomb). */
export const MAX_EXPANDED_VALUES = 10_000;

const PLACEHOLDER = /%(\w+)%/g;

/** The names of the `%placeholder%`s in a value, as pySigma reads them (`%\w+%`). */
export function placeholderNames(value: string): string[] {
  return [...value.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/**
 * `|expand`: every `%name%` of a value replaced by each value of the tenant's list `name` (the variants are
 * alternatives). An unknown placeholder refuses the rule: matching the literal text `%Admins%` would look like a
 * working rule that never fires.
 */
function expandValue(raw: unknown, placeholders: CompileOptions["placeholders"]): unknown[] {
  if (typeof raw !== "string") return [raw];
  let out = [""];
  let last = 0;
  for (const m of raw.matchAll(PLACEHOLDER)) {
    const list = placeholders?.[m[1]];
    if (!list) throw new SigmaRuleError(`Placeholder %${m[1]}% is not defined: add it under ${PLACEHOLDER_HOME}`);
    if (list.length === 0)
      throw new SigmaRuleError(`Placeholder %${m[1]}% has no values: add some under ${PLACEHOLDER_HOME}`);
    const before = raw.slice(last, m.index);
    if (out.length * list.length > MAX_EXPANDED_VALUES)
      throw new SigmaRuleError(`expanding '${raw}' gives more than ${MAX_EXPANDED_VALUES} values`);
    out = out.flatMap((prefix) => list.map((v) => prefix + before + v));
    last = m.index! + m[0].length;
  }
  return out.map((prefix) => prefix + raw.slice(last));
}

/**
 * Compiles `field|mod1|mod2: values` into one test. `values` is the YAML value (scalar or list).
 */
export function compileFieldValues(modifiers: string[], rawValues: unknown, options: CompileOptions = {}): FieldTest {
  for (const m of modifiers) {
    if (!KNOWN_MODIFIERS.has(m)) throw new SigmaRuleError(`unknown modifier '${m}'`);
  }
  const has = (m: string) => modifiers.includes(m);
  const values = Array.isArray(rawValues) ? rawValues : [rawValues];
  const all = has("all");
  if (has("expand")) {
    // each written value becomes the alternatives of its expansion; `all` still applies across written values
    const rest = modifiers.filter((m) => m !== "expand" && m !== "all");
    const perValue = values.map((raw) => {
      const variants = expandValue(raw, options.placeholders).map((v) => compileFieldValues(rest, v));
      return variants.length === 1
        ? variants[0]
        : (v: EventValue, read: FieldReader) => variants.some((t) => t(v, read));
    });
    if (perValue.length === 0) return () => false;
    if (perValue.length === 1) return perValue[0];
    return all ? (v, read) => perValue.every((t) => t(v, read)) : (v, read) => perValue.some((t) => t(v, read));
  }
  const cased = has("cased");
  if (has("exists")) {
    if (values.length !== 1 || typeof values[0] !== "boolean")
      throw new SigmaRuleError("modifier 'exists' takes true or false");
    const want = values[0];
    return (v) => (v !== undefined && v !== null) === want;
  }
  const cmp = ["lt", "lte", "gt", "gte"].find(has);
  const tests: FieldTest[] = values.map((raw) => {
    if (cmp) {
      const n = asNumber(raw);
      if (n === undefined) throw new SigmaRuleError(`modifier '${cmp}' needs a number, got '${String(raw)}'`);
      const ok = {
        lt: (x: number) => x < n,
        lte: (x: number) => x <= n,
        gt: (x: number) => x > n,
        gte: (x: number) => x >= n,
      }[cmp];
      return (v) => {
        const list = Array.isArray(v) ? v : [v];
        return list.some((x) => {
          const num = asNumber(x);
          return num !== undefined && ok!(num);
        });
      };
    }
    if (raw === null || raw === undefined) return (v) => isEmpty(v) || (Array.isArray(v) && v.length === 0);
    if (typeof raw === "object") throw new SigmaRuleError("a field value must be a string, number, boolean or null");
    if (has("re")) {
      if (typeof raw !== "string") throw new SigmaRuleError("modifier 're' needs a string");
      const re = compileRegex(raw, { i: has("i"), m: has("m"), s: has("s") });
      return overScalars(re, true);
    }
    if (has("cidr")) {
      if (typeof raw !== "string") throw new SigmaRuleError("modifier 'cidr' needs a network such as 10.0.0.0/8");
      return overScalars(compileCidr(raw.trim()), true);
    }
    if (has("fieldref")) {
      if (typeof raw !== "string") throw new SigmaRuleError("modifier 'fieldref' needs a field name");
      const other = raw;
      const start = has("endswith") || has("contains");
      const end = has("startswith") || has("contains");
      return (v, read) => {
        const ref = scalarString(read(other));
        if (ref === undefined) return false;
        const refStr = cased ? ref : ref.toLowerCase();
        const mine = scalarString(v);
        if (mine === undefined) return false;
        const s = cased ? mine : mine.toLowerCase();
        if (start && end) return s.includes(refStr);
        if (end) return s.startsWith(refStr);
        if (start) return s.endsWith(refStr);
        return s === refStr;
      };
    }
    // plain strings, numbers and booleans: apply the transforming modifiers in the order written
    let current: SigmaStr[] = [typeof raw === "string" ? parseSigmaString(raw) : { tokens: [String(raw)] }];
    for (const m of modifiers) {
      switch (m) {
        case "contains":
          current = current.map((v) => withWildcards(v, true, true));
          break;
        case "startswith":
          current = current.map((v) => withWildcards(v, false, true));
          break;
        case "endswith":
          current = current.map((v) => withWildcards(v, true, false));
          break;
        case "base64":
          current = current.map((v) => ({ tokens: [toBytes(v, m).toString("base64")] }));
          break;
        case "base64offset":
          current = current.flatMap((v) => base64offset(v, m));
          break;
        case "utf16le":
        case "wide":
          current = current.map((v) => utf16(v, "le", m));
          break;
        case "utf16be":
          current = current.map((v) => utf16(v, "be", m));
          break;
        case "utf16":
          current = current.map((v) => utf16(v, "bom", m));
          break;
        case "windash":
          current = current.map(windash);
          break;
        case "i":
        case "m":
        case "s":
          throw new SigmaRuleError(`modifier '${m}' only follows 're'`);
        default:
          break;
      }
    }
    const patterns = current.map((v) => compilePattern(v, cased));
    const test: ValueTest = patterns.length === 1 ? patterns[0] : (s) => patterns.some((p) => p(s));
    return overScalars(test, cased);
  });
  if (tests.length === 0) return () => false;
  if (tests.length === 1) return tests[0];
  if (all) return (v, read) => tests.every((t) => t(v, read));
  return (v, read) => tests.some((t) => t(v, read));
}

/** A keyword (a selection that is a list of plain values): matches when any string value of the event contains it. */
export function compileKeyword(raw: unknown): (strings: string[]) => boolean {
  if (raw === null || typeof raw === "object") throw new SigmaRuleError("a keyword must be a string or number");
  const pattern = compilePattern(withWildcards(parseSigmaString(String(raw)), true, true), false);
  return (strings) => strings.some((s) => pattern(s));
}
