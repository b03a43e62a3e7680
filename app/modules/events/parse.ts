/**
 * Turns what log shippers send into normalised events: newline-delimited JSON,
 * a JSON event or array, syslog lines (RFC 5424 and RFC 3164/BSD parsed here,
 * structured data per RFC 5424 §6.3; CEF by nsyslog-parser), Splunk HTTP Event Collector envelopes (several JSON
 * objects concatenated, as Vector, Fluent Bit and the OpenTelemetry collector
 * send them) and Windows events exported by `evtx_dump -o json|jsonl`
 * (`{ Event: { System, EventData } }`, whose System and EventData fields are
 * lifted to top-level fields such as EventID, Channel, Provider_Name, Computer).
 *
 * Everything here is linear in the input: lines are split with indexOf, HEC
 * envelopes with a single-pass brace scanner, nothing uses backtracking regex
 * on unbounded text. Bad lines are reported (1-based) and the good ones kept.
 */
import syslogParse from "nsyslog-parser";
import { JSON_LIMITS, jsonShapeProblem } from "~/lib/bounded-json";
import { SYSLOG_FACILITIES, SYSLOG_FIELD, SYSLOG_SEVERITIES } from "./syslog-fields";
import { DomainError } from "~/lib/errors";

export type FieldScalar = string | number | boolean | null;
/** A list stays a list (HEC `fields` such as `{"tags": ["a", "b"]}`), of scalars. */
export type FieldValue = FieldScalar | FieldScalar[];
export type Fields = Record<string, FieldValue>;

export type NormalizedEvent = {
  /** Event time (unix ms): from the event when it carries one, else receipt. */
  time: number;
  host: string | null;
  source: string | null;
  category: string | null;
  product: string | null;
  message: string | null;
  fields: Fields;
  /** The event as received: its JSON text or the syslog line. */
  original: string;
};

export type Rejected = { line: number; message: string };
export type ParseResult = { events: NormalizedEvent[]; rejected: Rejected[]; lines: number[] };

/** One event's original text at most (a log line larger than this is almost certainly not a log line). */
export const MAX_EVENT_BYTES = 256 * 1024;
/** Fields kept per event; the original keeps the rest. */
export const MAX_FIELDS = 500;
/** A stored field value keeps at most this many characters (the original keeps the rest). */
export const MAX_FIELD_CHARS = 8192;
const MAX_DEPTH = 8;
/**
 * Events one request may carry (issue 26 §8: 18.7 KB of gzip inflated to 600,000 tiny events). At the 10 MB body
 * limit that is 200 bytes per event on average; a larger batch is refused whole (413) so that a shipper splits it,
 * rather than stored in part.
 */
export const MAX_EVENTS_PER_REQUEST = 50_000;
export const TOO_MANY_EVENTS = `A request may carry at most ${MAX_EVENTS_PER_REQUEST.toLocaleString("en")} events: send smaller batches`;

/** Thrown by the parsers when a request carries more than MAX_EVENTS_PER_REQUEST events. */
export class TooManyEventsError extends DomainError {
  constructor() {
    super(TOO_MANY_EVENTS, { status: 413 });
  }
}

/**
 * Non-blank lines of a body (what NDJSON and syslog make events of), counted with indexOf before any parsing:
 * over `max` the request is refused without parsing a line.
 */
export function countEventLines(body: string): number {
  let count = 0;
  let start = 0;
  while (start < body.length) {
    let end = body.indexOf("\n", start);
    if (end === -1) end = body.length;
    if (end - start > 1 || (end - start === 1 && body.charCodeAt(start) > 32)) count += 1;
    start = end + 1;
  }
  return count;
}

// ---- flattening ----

function scalar(value: unknown, cap = MAX_FIELD_CHARS): FieldValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.length > cap ? value.slice(0, cap) : value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "boolean") return value;
  const text = JSON.stringify(value);
  return text.length > cap ? text.slice(0, cap) : text;
}

/**
 * Nested objects become dotted names (`user.name`), as ECS and most shippers write them. `cap` is the longest value
 * kept (detection re-reads the original with no cap: see untruncatedFields).
 */
export function flatten(value: unknown, out: Fields = {}, prefix = "", depth = 0, cap = MAX_FIELD_CHARS): Fields {
  // The fields kept so far are counted, not re-listed per member: Object.keys(out) for each of 40,000 empty
  // objects after 499 fields cost ~0.2 s per event.
  let kept = Object.keys(out).length;
  const walk = (v: unknown, path: string, level: number) => {
    if (v === null || typeof v !== "object" || Array.isArray(v) || level >= MAX_DEPTH) {
      if (path && kept < MAX_FIELDS) {
        if (!Object.prototype.hasOwnProperty.call(out, path)) kept += 1;
        out[path] = scalar(v, cap);
      }
      return;
    }
    for (const key in v as Record<string, unknown>) {
      if (kept >= MAX_FIELDS) return;
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      walk((v as Record<string, unknown>)[key], path ? `${path}.${key}` : key, level + 1);
    }
  };
  walk(value, prefix, depth);
  return out;
}

const scalarCapped = scalar;

// ---- Windows (evtx_dump) ----

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** `{ "#text": 4688 }` is 4688; `{ "#attributes": {...} }` alone is handled by the caller. */
function evtxValue(v: unknown): unknown {
  if (isObj(v) && "#text" in v) return v["#text"];
  return v;
}

/** The System and EventData of an evtx_dump event, lifted to top-level names. */
export function flattenWindowsEvent(event: Obj, cap = MAX_FIELD_CHARS): Fields {
  const scalar = (v: unknown) => scalarCapped(v, cap);
  const out: Fields = {};
  const system = isObj(event.System) ? event.System : {};
  for (const [key, raw] of Object.entries(system)) {
    if (isObj(raw) && isObj(raw["#attributes"])) {
      for (const [attr, val] of Object.entries(raw["#attributes"] as Obj)) out[`${key}_${attr}`] = scalar(val);
      if ("#text" in raw) out[key] = scalar(raw["#text"]);
    } else {
      out[key] = scalar(evtxValue(raw));
    }
  }
  for (const section of ["EventData", "UserData"]) {
    const data = event[section];
    if (!isObj(data)) continue;
    const items = data.Data;
    if (Array.isArray(items)) {
      // `<Data Name="X">v</Data>` rendered as a list of { #attributes: { Name }, #text }.
      for (const item of items) {
        if (isObj(item) && isObj(item["#attributes"]) && typeof item["#attributes"].Name === "string")
          out[item["#attributes"].Name as string] = scalar(item["#text"] ?? null);
      }
    }
    const body = section === "UserData" && Object.keys(data).length === 1 ? Object.values(data)[0] : data;
    if (!isObj(body)) continue;
    for (const [key, raw] of Object.entries(body)) {
      if (key === "#attributes" || (key === "Data" && Array.isArray(raw))) continue;
      // System fields win: event 104 (log cleared) names the cleared log in UserData.Channel (detection gates on Channel)
      if (key in system && key in out) continue;
      if (Object.keys(out).length >= MAX_FIELDS) break;
      out[key] = scalar(evtxValue(raw));
    }
  }
  return out;
}

/** True when a stored field was cut at MAX_FIELD_CHARS (its whole value is only in the original). */
export function hasTruncatedField(fields: Fields): boolean {
  for (const k in fields) {
    const v = fields[k];
    if (typeof v === "string" && v.length >= MAX_FIELD_CHARS) return true;
  }
  return false;
}

/**
 * The stored fields with every value the store cut at MAX_FIELD_CHARS restored from the event's original text, so
 * detection sees what the sender sent. Only cut values are replaced, and only by a value of the same field that
 * starts with the stored prefix (the original is read as evtx_dump JSON, a HEC envelope or plain JSON, whichever
 * gives it). An original that is not JSON (a syslog line) leaves the fields as stored.
 */
export function restoreTruncatedFields(fields: Fields, original: string): Fields {
  if (!hasTruncatedField(fields) || !original.startsWith("{")) return fields;
  let value: unknown;
  try {
    value = JSON.parse(original);
  } catch {
    return fields;
  }
  if (!isObj(value)) return fields;
  const readings: Fields[] = [];
  const read = (v: Obj) => {
    if (isObj(v.Event) && (isObj(v.Event.System) || isObj(v.Event.EventData)))
      readings.push(flattenWindowsEvent(v.Event, Infinity));
    else readings.push(flatten(v, {}, "", 0, Infinity));
  };
  if (isObj(value.event)) {
    read(value.event);
    if (isObj(value.fields)) readings.push(flatten(value.fields, {}, "", 0, Infinity));
  }
  read(value);
  const out: Fields = { ...fields };
  for (const k in fields) {
    const cut = fields[k];
    if (typeof cut !== "string" || cut.length < MAX_FIELD_CHARS) continue;
    for (const r of readings) {
      const full = r[k];
      if (typeof full === "string" && full.length > cut.length && full.startsWith(cut)) {
        out[k] = full;
        break;
      }
    }
  }
  return out;
}

// ---- normalisation ----

function parseTime(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) {
    // Seconds (HEC, Unix tools) or milliseconds.
    const ms = value < 1e11 ? value * 1000 : value < 1e14 ? value : value / 1000;
    return ms > 0 ? Math.round(ms) : null;
  }
  if (typeof value === "string" && value.length <= 64) {
    if (/^\d+(\.\d+)?$/.test(value)) return parseTime(Number(value));
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

const str = (v: FieldValue | undefined): string | null =>
  v === null || v === undefined || v === "" ? null : String(v).slice(0, 1024);

function first(fields: Fields, names: readonly string[]): FieldValue | undefined {
  for (const n of names) if (fields[n] !== undefined && fields[n] !== null && fields[n] !== "") return fields[n];
  return undefined;
}

const TIME_FIELDS = ["@timestamp", "timestamp", "time", "ts", "_time", "eventTime", "TimeCreated_SystemTime", "date"];
const HOST_FIELDS = ["host", "host.name", "host.hostname", "hostname", "Computer", "computer", "device"];
const SOURCE_FIELDS = ["source", "log.file.path", "Channel", "sourcetype", "program", SYSLOG_FIELD.app, "service.name"];
const MESSAGE_FIELDS = ["message", "msg", "_raw", "log", "event.original", "MESSAGE"];

/** Windows event ids that are sign-ins, process starts and service installs. */
const WINDOWS_CATEGORY: Record<string, string> = {
  "4624": "authentication",
  "4625": "authentication",
  "4648": "authentication",
  "4688": "process",
  "4697": "service",
  "7045": "service",
  "1": "process",
};

/** Builds the stored event from flattened fields (and defaults the input format knows). */
export function normalize(
  fields: Fields,
  original: string,
  now: number,
  defaults: Partial<Pick<NormalizedEvent, "host" | "source" | "product" | "category" | "message">> & {
    time?: number | null;
  } = {},
): NormalizedEvent {
  const time = defaults.time ?? parseTime(first(fields, TIME_FIELDS)) ?? now;
  const windows = fields.EventID !== undefined && (fields.Channel !== undefined || fields.Provider_Name !== undefined);
  const category =
    defaults.category ??
    str(first(fields, ["event.category", "category"])) ??
    (windows ? (WINDOWS_CATEGORY[String(fields.EventID)] ?? null) : null);
  const product =
    defaults.product ??
    str(first(fields, ["observer.product", "product", "deviceProduct"])) ??
    (windows ? "windows" : null);
  return {
    time,
    host: defaults.host ?? str(first(fields, HOST_FIELDS)),
    source: defaults.source ?? str(first(fields, SOURCE_FIELDS)),
    category,
    product,
    message: defaults.message ?? str(first(fields, MESSAGE_FIELDS)),
    fields,
    original,
  };
}

/** A parsed JSON value as an event: evtx_dump records are recognised, other objects flattened. */
export function fromJsonValue(value: unknown, original: string, now: number): NormalizedEvent | string {
  if (!isObj(value)) return "An event must be a JSON object";
  if (isObj(value.Event) && (isObj(value.Event.System) || isObj(value.Event.EventData))) {
    const fields = flattenWindowsEvent(value.Event);
    return normalize(fields, original, now, { source: str(fields.Channel) });
  }
  return normalize(flatten(value), original, now);
}

// ---- input formats ----

/** Calls `each(line, lineNumber)` for every non-empty line (CRLF or LF). */
function forEachLine(body: string, each: (line: string, n: number) => void) {
  let start = 0;
  let n = 0;
  while (start <= body.length) {
    let end = body.indexOf("\n", start);
    if (end === -1) end = body.length;
    n += 1;
    let line = body.slice(start, end);
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (line.trim()) each(line, n);
    start = end + 1;
  }
}

function tooLarge(text: string) {
  return text.length > MAX_EVENT_BYTES;
}

export function parseNdjson(body: string, now: number): ParseResult {
  const result: ParseResult = { events: [], rejected: [], lines: [] };
  forEachLine(body, (line, n) => {
    if (tooLarge(line)) return void result.rejected.push({ line: n, message: "The event is larger than 256 KB" });
    const shape = jsonShapeProblem(line);
    if (shape) return void result.rejected.push({ line: n, message: shape.message });
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return void result.rejected.push({ line: n, message: "The line is not valid JSON" });
    }
    const event = fromJsonValue(value, line, now);
    if (typeof event === "string") return void result.rejected.push({ line: n, message: event });
    result.events.push(event);
    result.lines.push(n);
  });
  return result;
}

/**
 * `application/json`: one event or an array; a bad element is rejected by its 1-based position. A body nested
 * deeper than JSON_LIMITS is refused whole (400); more than MAX_EVENTS_PER_REQUEST elements throw TooManyEventsError.
 */
export function parseJson(body: string, now: number): ParseResult | string {
  // Depth and the number of events, before JSON.parse builds them; not members: 50,000 events hold far more
  // than one API body, and each event is capped below.
  const shape = jsonShapeProblem(body, {
    maxDepth: JSON_LIMITS.maxDepth,
    maxMembers: Infinity,
    maxItems: MAX_EVENTS_PER_REQUEST,
  });
  if (shape?.kind === "items") throw new TooManyEventsError();
  if (shape) return shape.message;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    // jsonl sent as application/json (evtx_dump -o jsonl): read it line by line.
    if (body.trimStart().startsWith("{") && body.includes("\n")) {
      if (countEventLines(body) > MAX_EVENTS_PER_REQUEST) throw new TooManyEventsError();
      return parseNdjson(body, now);
    }
    return "The request body is not valid JSON";
  }
  const items = Array.isArray(value) ? value : [value];
  if (items.length > MAX_EVENTS_PER_REQUEST) throw new TooManyEventsError();
  const result: ParseResult = { events: [], rejected: [], lines: [] };
  items.forEach((item, i) => {
    const original = JSON.stringify(item) ?? "null";
    if (tooLarge(original))
      return void result.rejected.push({ line: i + 1, message: "The event is larger than 256 KB" });
    const event = fromJsonValue(item, original, now);
    if (typeof event === "string") return void result.rejected.push({ line: i + 1, message: event });
    result.events.push(event);
    result.lines.push(i + 1);
  });
  return result;
}

type SyslogParsed = {
  type: string;
  ts?: string | Date;
  host?: string;
  appName?: string;
  pid?: string;
  messageid?: string;
  message?: string;
  facility?: string;
  level?: string;
  structuredData?: Record<string, string>[];
  cef?: Record<string, string>;
  fields?: Record<string, string> | unknown[];
};

/** A BSD timestamp carries no year: the parser assumes this one, which is wrong for late-December lines read in January. */
function bsdTime(ts: number, now: number) {
  if (ts > now + 2 * 86_400_000) {
    const d = new Date(ts);
    d.setUTCFullYear(d.getUTCFullYear() - 1);
    return d.getTime();
  }
  return ts;
}

const NOT_SYSLOG = "The line is not syslog (RFC 5424, RFC 3164) or CEF";

/** `<PRI>` at the start of a line: the end index and the number (0-191), or null. */
function readPri(line: string): { pri: number; end: number } | null {
  if (line.charCodeAt(0) !== 60 /* < */) return null;
  const close = line.indexOf(">", 1);
  if (close < 2 || close > 4) return null;
  const digits = line.slice(1, close);
  if (!/^\d{1,3}$/.test(digits)) return null;
  const pri = Number(digits);
  return pri > 191 ? null : { pri, end: close + 1 };
}

function priFields(pri: number, fields: Fields) {
  const facility = pri >> 3;
  const severity = pri & 7;
  fields[SYSLOG_FIELD.facility] = SYSLOG_FACILITIES[facility] ?? String(facility);
  fields[SYSLOG_FIELD.facilityCode] = facility;
  fields[SYSLOG_FIELD.severity] = SYSLOG_SEVERITIES[severity]!;
  fields[SYSLOG_FIELD.severityCode] = severity;
}

/** SD-NAME (RFC 5424 §6.3.2-3): printable US-ASCII except `=`, SP, `]`, `"`; 1-32 characters. */
function isSdNameChar(c: number) {
  return c > 32 && c < 127 && c !== 61 && c !== 93 && c !== 34;
}

/**
 * STRUCTURED-DATA from index `i` (RFC 5424 §6.3): NILVALUE `-`, or SD-ELEMENTs `[id name="value" ...]` whose values
 * unescape `\"`, `\\` and `\]` (any other backslash is kept, §6.3.3). One pass, no regular expression. Null when
 * malformed.
 */
export function parseStructuredData(
  line: string,
  i: number,
): { elements: [string, [string, string][]][]; end: number } | null {
  const elements: [string, [string, string][]][] = [];
  if (line[i] === "-") return { elements, end: i + 1 };
  const name = () => {
    const from = i;
    while (i < line.length && i - from <= 32 && isSdNameChar(line.charCodeAt(i))) i += 1;
    return i > from && i - from <= 32 ? line.slice(from, i) : null;
  };
  if (line[i] !== "[") return null;
  while (line[i] === "[") {
    i += 1;
    // SD-IDs may carry `@` (enterprise ids) and are up to 32 characters.
    const id = name();
    if (!id) return null;
    const params: [string, string][] = [];
    while (line[i] === " ") {
      i += 1;
      const param = name();
      if (!param || line[i] !== "=" || line[i + 1] !== '"') return null;
      i += 2;
      let value = "";
      let closed = false;
      while (i < line.length) {
        const c = line[i]!;
        if (c === "\\" && (line[i + 1] === '"' || line[i + 1] === "\\" || line[i + 1] === "]")) {
          value += line[i + 1];
          i += 2;
        } else if (c === '"') {
          closed = true;
          i += 1;
          break;
        } else {
          value += c;
          i += 1;
        }
      }
      if (!closed) return null;
      params.push([param, value]);
    }
    if (line[i] !== "]") return null;
    i += 1;
    elements.push([id, params]);
  }
  return { elements, end: i };
}

/** Next space-delimited header field from `i`: its text and the index after the space (or the line's end). */
function headerField(line: string, i: number): { text: string; next: number } | null {
  const sp = line.indexOf(" ", i);
  if (sp === -1 || sp === i) return null;
  return { text: line.slice(i, sp), next: sp + 1 };
}

/** RFC 5424: `<PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID STRUCTURED-DATA [SP [BOM]MSG]`. */
function parse5424(line: string, pri: number, from: number, now: number): NormalizedEvent | string {
  let i = from;
  const header: string[] = [];
  for (let k = 0; k < 5; k += 1) {
    const f = headerField(line, i);
    if (!f) return NOT_SYSLOG;
    header.push(f.text);
    i = f.next;
  }
  const [ts, host, app, procId, msgId] = header as [string, string, string, string, string];
  const sd = parseStructuredData(line, i);
  if (!sd) return "The line's structured data is malformed (RFC 5424 §6.3)";
  i = sd.end;
  if (i < line.length && line[i] !== " ") return "The line's structured data is malformed (RFC 5424 §6.3)";
  let message: string | null = i < line.length ? line.slice(i + 1) : null;
  if (message?.startsWith("\uFEFF")) message = message.slice(1);
  const fields: Fields = {};
  priFields(pri, fields);
  const nil = (v: string) => (v === "-" ? null : v);
  if (nil(app)) fields[SYSLOG_FIELD.app] = app;
  if (nil(procId)) fields[SYSLOG_FIELD.procId] = procId;
  if (nil(msgId)) fields[SYSLOG_FIELD.msgId] = msgId;
  for (const [id, params] of sd.elements)
    for (const [param, value] of params) {
      const key = `${SYSLOG_FIELD.structuredData}.${id}.${param}`;
      if (Object.keys(fields).length < MAX_FIELDS || key in fields) fields[key] = scalar(value);
    }
  const tsMs = nil(ts) && ts.length <= 64 ? Date.parse(ts) : NaN;
  return syslogEvent(fields, line, now, {
    time: Number.isNaN(tsMs) ? null : tsMs,
    host: nil(host),
    app: nil(app),
    message,
  });
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * RFC 3164 (BSD): `<PRI>Mmm dd hh:mm:ss HOSTNAME TAG[pid]: MSG`, or an RFC 3339 timestamp in its place (rsyslog).
 * A line whose content has no `TAG:` keeps it whole as the message. Null when the header is not BSD's.
 */
function parse3164(line: string, pri: number, from: number, now: number): NormalizedEvent | null {
  let i = from;
  let time: number;
  const bsd = /^([A-Z][a-z]{2}) ([ \d]\d) (\d\d):(\d\d):(\d\d) /.exec(line.slice(i, i + 16));
  if (bsd) {
    const month = MONTHS.indexOf(bsd[1]!);
    if (month === -1) return null;
    const year = new Date(now).getUTCFullYear();
    time = bsdTime(Date.UTC(year, month, Number(bsd[2]!.trim()), Number(bsd[3]), Number(bsd[4]), Number(bsd[5])), now);
    i += bsd[0].length;
  } else {
    const f = headerField(line, i);
    if (!f || f.text.length > 40 || !/^\d{4}-\d\d-\d\dT/.test(f.text)) return null;
    const ms = Date.parse(f.text);
    if (Number.isNaN(ms)) return null;
    time = ms;
    i = f.next;
  }
  const hostField = headerField(line, i);
  const host = hostField ? hostField.text : null;
  if (hostField) i = hostField.next;
  const rest = hostField ? line.slice(i) : "";
  const fields: Fields = {};
  priFields(pri, fields);
  // TAG: up to 32 alphanumeric characters (RFC 3164 §4.1.3), in practice also `-`, `_`, `.`, `/`.
  const tag = /^([A-Za-z0-9_./-]{1,48})(?:\[([^\]\s]{1,32})\])?: ?/.exec(rest.slice(0, 96));
  let app: string | null = null;
  let message = rest;
  if (tag) {
    app = tag[1]!;
    fields[SYSLOG_FIELD.app] = app;
    if (tag[2]) fields[SYSLOG_FIELD.procId] = tag[2];
    message = rest.slice(tag[0].length);
  }
  return syslogEvent(fields, line, now, { time, host, app, message: message || null });
}

function syslogEvent(
  fields: Fields,
  line: string,
  now: number,
  {
    time,
    host,
    app,
    message,
  }: { time: number | null; host: string | null; app: string | null; message: string | null },
): NormalizedEvent {
  return normalize(fields, line, now, {
    time,
    host: str(host),
    source: app,
    product: app,
    message: message === null ? null : message.slice(0, MAX_FIELD_CHARS),
    category: app === "sshd" ? "authentication" : undefined,
  });
}

export function parseSyslogLine(line: string, now: number): NormalizedEvent | string {
  const pri = readPri(line);
  if (pri && line.startsWith("1 ", pri.end)) return parse5424(line, pri.pri, pri.end + 2, now);
  if (pri && !line.includes("CEF:")) {
    const bsd = parse3164(line, pri.pri, pri.end, now);
    if (bsd) return bsd;
  }
  // CEF (with or without a syslog header) and anything else nsyslog-parser knows.
  let parsed: SyslogParsed;
  try {
    parsed = syslogParse(line) as SyslogParsed;
  } catch {
    return NOT_SYSLOG;
  }
  if (!parsed || parsed.type === "UNKNOWN") return NOT_SYSLOG;
  const fields: Fields = {};
  if (pri) priFields(pri.pri, fields);
  if (parsed.appName && parsed.appName !== "-") fields[SYSLOG_FIELD.app] = parsed.appName;
  if (parsed.pid && parsed.pid !== "-" && parsed.pid !== "rfc3164") fields[SYSLOG_FIELD.procId] = parsed.pid;
  if (parsed.messageid && parsed.messageid !== "-") fields[SYSLOG_FIELD.msgId] = parsed.messageid;
  let product: string | null = parsed.appName && parsed.appName !== "-" ? parsed.appName : null;
  let message = parsed.message ?? null;
  if (parsed.cef) {
    for (const [k, v] of Object.entries(parsed.cef)) if (k !== "extension") fields[`cef.${k}`] = scalar(v);
    if (parsed.fields && !Array.isArray(parsed.fields))
      for (const [k, v] of Object.entries(parsed.fields)) fields[k] = scalar(v);
    product = parsed.cef.deviceProduct ?? product;
    message = parsed.cef.name ?? message;
  }
  const tsMs = parsed.ts ? new Date(parsed.ts).getTime() : NaN;
  // A CEF line without a syslog header carries no time: receipt time (not the parser's "now").
  const hasHeaderTime = parsed.type === "RFC5424" || parsed.type === "BSD" || !!parsed.host;
  let time: number | null = hasHeaderTime && Number.isFinite(tsMs) ? tsMs : null;
  if (time !== null && parsed.type === "BSD") time = bsdTime(time, now);
  if (time === null && fields.rt !== undefined) time = parseTime(fields.rt) ?? parseTime(Number(fields.rt));
  return normalize(fields, line, now, {
    time,
    host: str(parsed.host ?? null),
    source: product,
    product,
    message,
    category: product === "sshd" ? "authentication" : undefined,
  });
}

export function parseSyslog(body: string, now: number): ParseResult {
  const result: ParseResult = { events: [], rejected: [], lines: [] };
  forEachLine(body, (line, n) => {
    if (tooLarge(line)) return void result.rejected.push({ line: n, message: "The event is larger than 256 KB" });
    const event = parseSyslogLine(line, now);
    if (typeof event === "string") return void result.rejected.push({ line: n, message: event });
    result.events.push(event);
    result.lines.push(n);
  });
  return result;
}

// ---- Splunk HTTP Event Collector ----

/**
 * Splits concatenated JSON objects (`{...}{...}` or separated by whitespace)
 * in one pass, honouring strings and escapes. Answers the texts, or the index
 * of the first envelope that is not an object; stops after `max + 1` texts.
 */
export function splitConcatenatedJson(body: string, max = Infinity): { parts: string[]; badAt: number | null } {
  const parts: string[] = [];
  let i = 0;
  const n = body.length;
  // Past `max` parts the caller refuses the body: no need to cut (and keep) millions of `{}`.
  while (i < n && parts.length <= max) {
    const c = body.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i += 1;
      continue;
    }
    if (c !== 123 /* { */) return { parts, badAt: parts.length };
    let depth = 0;
    let inString = false;
    let j = i;
    for (; j < n; j += 1) {
      const ch = body.charCodeAt(j);
      if (inString) {
        if (ch === 92 /* \ */) j += 1;
        else if (ch === 34 /* " */) inString = false;
      } else if (ch === 34) inString = true;
      else if (ch === 123 || ch === 91) depth += 1;
      else if (ch === 125 || ch === 93) {
        depth -= 1;
        if (depth === 0) break;
      }
    }
    if (j >= n) return { parts, badAt: parts.length };
    parts.push(body.slice(i, j + 1));
    i = j + 1;
  }
  return { parts, badAt: null };
}

/** Items kept of a list-valued HEC indexed field (the original keeps the rest). */
const MAX_LIST_ITEMS = 256;

/** A HEC indexed field: a list of scalars stays a list (Splunk indexes each value); anything else as `scalar`. */
function indexedField(v: unknown): FieldValue {
  if (!Array.isArray(v) || !v.every((x) => x === null || typeof x !== "object")) return scalar(v);
  return v.slice(0, MAX_LIST_ITEMS).map((x) => scalar(x) as FieldScalar);
}

export type HecError = { status: number; text: string; code: number; invalidEventNumber?: number };
export const HEC_SUCCESS = { text: "Success", code: 0 } as const;

/** The HEC envelope's event with its metadata: `time` (epoch seconds), host, source, sourcetype, fields. */
export function parseHec(body: string, now: number): { events: NormalizedEvent[]; error: HecError | null } {
  if (!body.trim()) return { events: [], error: { status: 400, text: "No data", code: 5 } };
  const { parts, badAt } = splitConcatenatedJson(body, MAX_EVENTS_PER_REQUEST);
  if (parts.length > MAX_EVENTS_PER_REQUEST) throw new TooManyEventsError();
  const events: NormalizedEvent[] = [];
  const invalid = (i: number, text = "Invalid data format", code = 6): HecError => ({
    status: 400,
    text,
    code,
    invalidEventNumber: i,
  });
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (tooLarge(part) || jsonShapeProblem(part)) return { events, error: invalid(i) };
    let envelope: unknown;
    try {
      envelope = JSON.parse(part);
    } catch {
      return { events, error: invalid(i) };
    }
    if (!isObj(envelope)) return { events, error: invalid(i) };
    if (!("event" in envelope)) return { events, error: invalid(i, "Event field is required", 12) };
    const ev = envelope.event;
    if (ev === null || ev === "" || (isObj(ev) && Object.keys(ev).length === 0))
      return { events, error: invalid(i, "Event field cannot be blank", 13) };
    let base: NormalizedEvent;
    if (isObj(ev)) {
      const inner = fromJsonValue(ev, part, now);
      if (typeof inner === "string") return { events, error: invalid(i) };
      base = inner;
    } else {
      base = normalize({}, part, now, { message: String(typeof ev === "string" ? ev : JSON.stringify(ev)) });
    }
    const fields: Fields = { ...base.fields };
    if (isObj(envelope.fields)) for (const [k, v] of Object.entries(envelope.fields)) fields[k] = indexedField(v);
    const sourcetype = typeof envelope.sourcetype === "string" ? envelope.sourcetype : null;
    if (sourcetype) fields.sourcetype = sourcetype;
    if (typeof envelope.index === "string") fields.index = envelope.index;
    const time = envelope.time !== undefined ? parseTime(envelope.time) : null;
    events.push({
      ...base,
      fields,
      time: time ?? base.time,
      host: typeof envelope.host === "string" && envelope.host ? envelope.host.slice(0, 1024) : base.host,
      source:
        typeof envelope.source === "string" && envelope.source
          ? envelope.source.slice(0, 1024)
          : (base.source ?? sourcetype),
    });
  }
  if (badAt !== null) return { events, error: invalid(badAt) };
  return { events, error: null };
}

/** /services/collector/raw: each non-blank line is an event's text, under the query string's host, source, sourcetype and index. */
export function parseHecRaw(
  body: string,
  now: number,
  meta: { host: string | null; source: string | null; sourcetype: string | null; index: string | null },
): NormalizedEvent[] {
  const events: NormalizedEvent[] = [];
  forEachLine(body, (line) => {
    const text = line.length > MAX_EVENT_BYTES ? line.slice(0, MAX_EVENT_BYTES) : line;
    const fields: Fields = {};
    if (meta.sourcetype) fields.sourcetype = meta.sourcetype;
    if (meta.index) fields.index = meta.index;
    const base = normalize(fields, text, now, { message: text.slice(0, MAX_FIELD_CHARS) });
    events.push({ ...base, host: meta.host ?? base.host, source: meta.source ?? meta.sourcetype ?? base.source });
  });
  return events;
}
