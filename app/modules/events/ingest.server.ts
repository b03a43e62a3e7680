/**
 * Ingestion: a request body in one of the accepted formats -> stored events,
 * within the tenant's daily quota. Used by POST /api/events and the Splunk
 * HEC endpoint (/services/collector/event).
 */
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { Plan } from "~/lib/plans";
import {
  countEventLines,
  HEC_SUCCESS,
  MAX_EVENTS_PER_REQUEST,
  parseHec,
  parseHecRaw,
  parseJson,
  parseNdjson,
  parseSyslog,
  TOO_MANY_EVENTS,
  TooManyEventsError,
  type HecError,
  type ParseResult,
  type Rejected,
} from "./parse";
import { eventsNow, reserveQuota, storedEventBytes, storeEvents, type QuotaState } from "./store.server";

/** Request bodies up to 10 MB, after decompression (server/guards.ts sets the same read limit). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class IngestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: "VALIDATION_ERROR" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE",
  ) {
    super(message);
  }
}

const TOO_LARGE = `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB after decompression`;

/** zlib's streaming decoder for a Content-Encoding, or null for identity. */
function decoderFor(contentEncoding: string | null): zlib.Gunzip | zlib.Inflate | null {
  const enc = (contentEncoding ?? "").trim().toLowerCase();
  if (!enc || enc === "identity") return null;
  if (enc === "gzip" || enc === "x-gzip") return zlib.createGunzip();
  if (enc === "deflate") return zlib.createInflate();
  throw new IngestError(415, "Content-Encoding must be gzip, deflate or identity", "UNSUPPORTED_MEDIA_TYPE");
}

/**
 * The body as text, read as a stream and decompressed as it arrives (Content-Encoding gzip or deflate), stopping
 * at MAX_BODY_BYTES of compressed or decompressed bytes: a 413, with no more than the cap ever held. Behind the
 * production server the body arrives decompressed already (body-parser inflates it under the same cap and
 * server.ts drops the Content-Encoding it honoured); this is the same rule for any other caller.
 */
export async function readIngestBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const decoder = decoderFor(request.headers.get("Content-Encoding"));
  if (!request.body) return "";
  const chunks: Buffer[] = [];
  let size = 0;
  const capped = (what: "raw" | "decoded") => {
    let seen = 0;
    return async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        seen += chunk.length;
        if (seen > maxBytes) throw new IngestError(413, TOO_LARGE, "PAYLOAD_TOO_LARGE");
        if (what === "decoded") chunks.push(chunk);
        yield chunk;
      }
      if (what === "decoded") size = seen;
    };
  };
  try {
    const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
    if (decoder)
      await pipeline(source, capped("raw"), decoder, capped("decoded"), new Writable({ write: (_c, _e, cb) => cb() }));
    else await pipeline(source, capped("decoded"), new Writable({ write: (_c, _e, cb) => cb() }));
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(400, "The request body could not be read or decompressed", "VALIDATION_ERROR");
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

export type EventFormat = "ndjson" | "json" | "syslog";

export function formatFor(contentType: string | null): EventFormat | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (
    type === "application/x-ndjson" ||
    type === "application/ndjson" ||
    type === "application/jsonl" ||
    type === "application/x-jsonlines"
  )
    return "ndjson";
  if (type === "application/json") return "json";
  if (type === "text/plain") return "syslog";
  return null;
}

/** Characters of a line-based body parsed between two yields to the event loop (~256 KB: a few ms of parsing). */
export const PARSE_SLICE_CHARS = 256 * 1024;

/**
 * Runs a line-based parser (NDJSON, syslog) over the body in slices cut at line ends, giving the event loop
 * back between slices: a 10 MB body parsed in one go held it for hundreds of milliseconds. Line numbers in
 * the answer are the body's, as if it had been parsed at once.
 */
export async function parseInSlices(
  body: string,
  now: number,
  parse: (body: string, now: number) => ParseResult,
  sliceChars = PARSE_SLICE_CHARS,
): Promise<ParseResult> {
  if (body.length <= sliceChars) return parse(body, now);
  const result: ParseResult = { events: [], rejected: [], lines: [] };
  let start = 0;
  let linesBefore = 0;
  while (start < body.length) {
    let end = Math.min(body.length, start + sliceChars);
    if (end < body.length) {
      const nl = body.indexOf("\n", end);
      end = nl === -1 ? body.length : nl + 1;
    }
    const slice = body.slice(start, end);
    const part = parse(slice, now);
    for (const e of part.events) result.events.push(e);
    for (const n of part.lines) result.lines.push(n + linesBefore);
    for (const r of part.rejected) result.rejected.push({ ...r, line: r.line + linesBefore });
    for (let i = slice.indexOf("\n"); i !== -1; i = slice.indexOf("\n", i + 1)) linesBefore += 1;
    start = end;
    if (start < body.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return result;
}

export type IngestResult =
  { ok: true; accepted: number; ids: string[]; rejected: Rejected[] } | { ok: false; quota: QuotaState };

/** A request with more than MAX_EVENTS_PER_REQUEST events: refused whole, before anything is stored. */
const tooMany = () => new IngestError(413, TOO_MANY_EVENTS, "PAYLOAD_TOO_LARGE");

/**
 * Parses and stores; events beyond the day's quota (events or stored bytes, for the tenant's effective `plan`)
 * are rejected by line, and none left is a quota answer. More than MAX_EVENTS_PER_REQUEST events is a 413
 * before any line is parsed.
 */
export async function ingestEvents(
  tenantId: string,
  format: EventFormat,
  body: string,
  { plan }: { plan: Plan },
): Promise<IngestResult> {
  const now = eventsNow();
  let parsed: ParseResult;
  if (format !== "json" && countEventLines(body) > MAX_EVENTS_PER_REQUEST) throw tooMany();
  if (format === "ndjson") parsed = await parseInSlices(body, now, parseNdjson);
  else if (format === "syslog") parsed = await parseInSlices(body, now, parseSyslog);
  else {
    let r: ParseResult | string;
    try {
      r = parseJson(body, now);
    } catch (error) {
      if (error instanceof TooManyEventsError) throw tooMany();
      throw error;
    }
    if (typeof r === "string") throw new IngestError(400, r, "VALIDATION_ERROR");
    parsed = r;
  }
  const rejected = [...parsed.rejected];
  let events = parsed.events;
  if (events.length > 0) {
    const { granted, state } = reserveQuota(tenantId, events.map(storedEventBytes), plan, { now });
    if (granted === 0) return { ok: false, quota: state };
    if (granted < events.length) {
      for (const line of parsed.lines.slice(granted))
        rejected.push({ line, message: "The daily event quota is reached" });
      events = events.slice(0, granted);
    }
  }
  rejected.sort((a, b) => a.line - b.line);
  const ids = await storeEvents(tenantId, events, { receivedAt: now });
  return { ok: true, accepted: ids.length, ids, rejected };
}

export type HecAnswer = { status: number; body: Record<string, unknown>; retryAfterSeconds?: number };

/** HEC semantics: envelopes before a bad one are indexed, and the answer names the bad one. */
export async function ingestHec(tenantId: string, body: string, { plan }: { plan: Plan }): Promise<HecAnswer> {
  const now = eventsNow();
  let parsed: ReturnType<typeof parseHec>;
  try {
    parsed = parseHec(body, now);
  } catch (error) {
    // HEC's own shape; code 6 is its "Invalid data format".
    if (error instanceof TooManyEventsError) return { status: 413, body: { text: TOO_MANY_EVENTS, code: 6 } };
    throw error;
  }
  const { events, error } = parsed;
  if (events.length > 0) {
    // HEC has no partial success: all or the "server is busy" answer shippers retry on.
    const { granted, state } = reserveQuota(tenantId, events.map(storedEventBytes), plan, {
      now,
      allOrNothing: true,
    });
    if (granted < events.length)
      return { status: 503, body: { text: "Server is busy", code: 9 }, retryAfterSeconds: state.retryAfterSeconds };
    await storeEvents(tenantId, events, { receivedAt: now });
  }
  if (error) return { status: error.status, body: hecErrorBody(error) };
  return { status: 200, body: { ...HEC_SUCCESS } };
}

export type HecRawMeta = {
  host: string | null;
  source: string | null;
  sourcetype: string | null;
  index: string | null;
};

/** /services/collector/raw: one event per non-blank line, with the query string's metadata; all stored or none. */
export async function ingestHecRaw(
  tenantId: string,
  body: string,
  { plan, meta }: { plan: Plan; meta: HecRawMeta },
): Promise<HecAnswer> {
  const now = eventsNow();
  if (!body.trim()) return { status: 400, body: { text: "No data", code: 5 } };
  if (countEventLines(body) > MAX_EVENTS_PER_REQUEST) return { status: 413, body: { text: TOO_MANY_EVENTS, code: 6 } };
  const events = parseHecRaw(body, now, meta);
  const { granted, state } = reserveQuota(tenantId, events.map(storedEventBytes), plan, { now, allOrNothing: true });
  if (granted < events.length)
    return { status: 503, body: { text: "Server is busy", code: 9 }, retryAfterSeconds: state.retryAfterSeconds };
  await storeEvents(tenantId, events, { receivedAt: now });
  return { status: 200, body: { ...HEC_SUCCESS } };
}

export function hecErrorBody(error: HecError): Record<string, unknown> {
  const body: Record<string, unknown> = { text: error.text, code: error.code };
  if (error.invalidEventNumber !== undefined) body["invalid-event-number"] = error.invalidEventNumber;
  return body;
}
