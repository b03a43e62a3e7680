/**
 * Ingestion: a request body in one of the accepted formats -> stored events,
 * within the tenant's daily quota. Used by POST /api/events and the Splunk
 * HEC endpoint (/services/collector/event).
 */
import { gunzipSync } from "node:zlib";
import {
  HEC_SUCCESS,
  parseHec,
  parseJson,
  parseNdjson,
  parseSyslog,
  type HecError,
  type ParseResult,
  type Rejected,
} from "./parse";
import { registerAnomalyDetection } from "./anomalies.server";
import { eventsNow, reserveQuota, storeEvents, type QuotaState } from "./store.server";

/** Request bodies up to 10 MB, after gzip decompression (server/guards.js sets the same read limit). */
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

/**
 * The body as text. A gzip body is inflated here unless the server already did
 * (express inflates Content-Encoding: gzip while reading under its limit, but
 * leaves the header): the gzip magic bytes decide. The inflated size is capped.
 */
export function decodeBody(raw: Uint8Array, contentEncoding: string | null): string {
  let bytes = raw;
  const enc = (contentEncoding ?? "").trim().toLowerCase();
  if (enc && enc !== "identity" && enc !== "gzip" && enc !== "x-gzip")
    throw new IngestError(415, "Content-Encoding must be gzip or identity", "UNSUPPORTED_MEDIA_TYPE");
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_BODY_BYTES });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
        throw new IngestError(413, "Request body is too large", "PAYLOAD_TOO_LARGE");
      throw new IngestError(400, "The gzip body could not be inflated", "VALIDATION_ERROR");
    }
  }
  if (bytes.length > MAX_BODY_BYTES) throw new IngestError(413, "Request body is too large", "PAYLOAD_TOO_LARGE");
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
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

/** Parses and stores; events beyond the day's quota are rejected by line, and none left is a quota answer. */
export async function ingestEvents(tenantId: string, format: EventFormat, body: string): Promise<IngestResult> {
  registerAnomalyDetection();
  const now = eventsNow();
  let parsed: ParseResult;
  if (format === "ndjson") parsed = await parseInSlices(body, now, parseNdjson);
  else if (format === "syslog") parsed = await parseInSlices(body, now, parseSyslog);
  else {
    const r = parseJson(body, now);
    if (typeof r === "string") throw new IngestError(400, r, "VALIDATION_ERROR");
    parsed = r;
  }
  const rejected = [...parsed.rejected];
  let events = parsed.events;
  if (events.length > 0) {
    const { granted, state } = reserveQuota(tenantId, events.length, now);
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
export async function ingestHec(tenantId: string, body: string): Promise<HecAnswer> {
  registerAnomalyDetection();
  const now = eventsNow();
  const { events, error } = parseHec(body, now);
  if (events.length > 0) {
    const { granted, state } = reserveQuota(tenantId, events.length, now);
    // HEC has no partial success: all or the "server is busy" answer shippers retry on.
    if (granted < events.length)
      return { status: 429, body: { text: "Server is busy", code: 9 }, retryAfterSeconds: state.retryAfterSeconds };
    await storeEvents(tenantId, events, { receivedAt: now });
  }
  if (error) return { status: error.status, body: hecErrorBody(error) };
  return { status: 200, body: { ...HEC_SUCCESS } };
}

export function hecErrorBody(error: HecError): Record<string, unknown> {
  const body: Record<string, unknown> = { text: error.text, code: error.code };
  if (error.invalidEventNumber !== undefined) body["invalid-event-number"] = error.invalidEventNumber;
  return body;
}
