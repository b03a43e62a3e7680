// Issue 26 §8 and §13 in the events module, on this file's real SQLite database: a compressed body is inflated as
// a stream and refused at the cap, a request carries at most MAX_EVENTS_PER_REQUEST events, the daily quota counts
// stored bytes as well as events (with per-plan figures), and JSON nested past the limit is refused, not a 500.
// The same through the real server, with /healthz timed: tests/unit/events-bombs.test.ts.
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { resetEnvForTests } from "~/lib/env.server";
import { EVENT_DAILY_QUOTA } from "~/lib/plans";
import { signedInUser } from "../../../tests/unit/helpers";
import { ingestEvents, ingestHec, IngestError, MAX_BODY_BYTES, readIngestBody } from "./ingest.server";
import { flatten, MAX_EVENTS_PER_REQUEST, parseHec, parseNdjson } from "./parse";
import { quotaState, setEventsClock, storedEventBytes } from "./store.server";

afterEach(() => {
  delete process.env.RAMPART_EVENTS_DAILY_QUOTA;
  delete process.env.RAMPART_EVENTS_DAILY_MB;
  resetEnvForTests();
  setEventsClock();
});

const post = (body: BodyInit, encoding?: string) =>
  new Request("http://localhost/api/events", {
    method: "POST",
    body,
    headers: encoding ? { "Content-Encoding": encoding } : {},
  });

const stored = (tenantId: string) =>
  (sqlite().prepare("SELECT count(*) n FROM events WHERE tenant_id = ?").get(tenantId) as { n: number }).n;

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (error) {
    if (error instanceof IngestError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  return null;
}

describe("reading a compressed body", () => {
  it("inflates gzip and deflate, and stops a bomb at the cap with a 413", async () => {
    expect(await readIngestBody(post(gzipSync('{"a":1}\n'), "gzip"))).toBe('{"a":1}\n');
    expect(await readIngestBody(post(deflateSync('{"a":2}\n'), "deflate"))).toBe('{"a":2}\n');
    // 64 MB of spaces in 64 KB: refused once 10 MB have come out.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(100_000);
    const before = process.memoryUsage().arrayBuffers;
    expect(await refusal(readIngestBody(post(bomb, "gzip")))).toMatchObject({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
    });
    // Streamed: what was held is the cap's worth, not the 64 MB.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(3 * MAX_BODY_BYTES);
  });

  it("answers 400 for a body that does not inflate and 415 for an encoding it does not take", async () => {
    expect(await refusal(readIngestBody(post("not gzip", "gzip")))).toMatchObject({ status: 400 });
    expect(await refusal(readIngestBody(post(brotliCompressSync("x"), "br")))).toMatchObject({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
  });
});

describe("events per request", () => {
  it("refuses more than MAX_EVENTS_PER_REQUEST events whole, in every format, storing nothing", async () => {
    const { tenantId } = await signedInUser();
    const n = MAX_EVENTS_PER_REQUEST + 1;
    const ndjson = '{"a":1}\n'.repeat(n);
    const syslog = "<13>Nov 27 08:00:00 host app: x\n".repeat(n);
    const json = `[${Array.from({ length: n }, () => '{"a":1}').join(",")}]`;
    for (const [format, body] of [
      ["ndjson", ndjson],
      ["syslog", syslog],
      ["json", json],
    ] as const) {
      expect(await refusal(ingestEvents(tenantId, format, body, { plan: "business" })), format).toEqual({
        status: 413,
        code: "PAYLOAD_TOO_LARGE",
        message: "A request may carry at most 50,000 events: send smaller batches",
      });
    }
    expect(await ingestHec(tenantId, '{"event":"x"}'.repeat(n), { plan: "business" })).toMatchObject({
      status: 413,
      body: { code: 6 },
    });
    expect(stored(tenantId)).toBe(0);
    // Blank lines are not events.
    const ok = await ingestEvents(tenantId, "ndjson", `{"a":1}${"\n".repeat(n)}`, { plan: "business" });
    expect(ok).toMatchObject({ ok: true, accepted: 1 });
  });
});

describe("the daily quota in stored bytes", () => {
  it("takes events while their stored bytes fit, rejects the rest by line, then answers the quota", async () => {
    process.env.RAMPART_EVENTS_DAILY_MB = "1";
    resetEnvForTests();
    const { tenantId } = await signedInUser();
    const line = JSON.stringify({ message: "x".repeat(100_000) });
    const first = await ingestEvents(tenantId, "ndjson", Array(20).fill(line).join("\n"), { plan: "business" });
    if (!first.ok) throw new Error("expected a partial acceptance");
    // ~118 KB each as stored (the 100 KB original, the field capped at 8 KB twice, the message column, the row):
    // 8 fit in 1 MB, where the event count alone would have let all 20 in.
    const size = storedEventBytes(parseNdjson(line, Date.now()).events[0]!);
    expect(size).toBeGreaterThan(100_000);
    const fit = Math.floor((1024 * 1024) / size);
    expect(first.accepted).toBe(fit);
    expect(first.rejected).toHaveLength(20 - fit);
    expect(first.rejected[0]).toEqual({ line: fit + 1, message: "The daily event quota is reached" });
    const q = quotaState(tenantId, "business");
    expect(q.bytesUsed).toBe(fit * size);
    const second = await ingestEvents(tenantId, "ndjson", line, { plan: "business" });
    // What is left (less than one such event) still takes a small one.
    expect(second).toMatchObject({ ok: false, quota: { bytesLimit: 1024 * 1024 } });
    expect(stored(tenantId)).toBe(fit);
    // HEC is all or nothing: "Server is busy" for two envelopes when only one would fit.
    const small = JSON.stringify({ event: "x".repeat(40_000) });
    expect(await ingestHec(tenantId, small + small, { plan: "business" })).toMatchObject({ status: 503 });
    expect(await ingestHec(tenantId, small, { plan: "business" })).toMatchObject({ status: 200 });
  });

  it("uses the plan's figures unless the operator sets them", async () => {
    const { tenantId } = await signedInUser();
    expect(quotaState(tenantId, "business")).toMatchObject({
      limit: EVENT_DAILY_QUOTA.business.events,
      bytesLimit: EVENT_DAILY_QUOTA.business.bytes,
    });
    expect(quotaState(tenantId, "enterprise")).toMatchObject({
      limit: EVENT_DAILY_QUOTA.enterprise.events,
      bytesLimit: EVENT_DAILY_QUOTA.enterprise.bytes,
    });
    process.env.RAMPART_EVENTS_DAILY_QUOTA = "7";
    process.env.RAMPART_EVENTS_DAILY_MB = "3";
    resetEnvForTests();
    expect(quotaState(tenantId, "enterprise")).toMatchObject({ limit: 7, bytesLimit: 3 * 1024 * 1024 });
  });
});

describe("hostile JSON in events", () => {
  const deep = "[".repeat(100_000) + "]".repeat(100_000);

  it("a line nested past 64 levels is rejected by line; a JSON body or HEC envelope that deep is a 400", async () => {
    const { tenantId } = await signedInUser();
    const r = parseNdjson(`{"ok":1}\n${deep}\n{"a":${"[".repeat(65)}${"]".repeat(65)}}`, Date.now());
    expect(r.events).toHaveLength(1);
    expect(r.rejected).toEqual([
      { line: 2, message: "The JSON is nested more than 64 levels deep" },
      { line: 3, message: "The JSON is nested more than 64 levels deep" },
    ]);
    expect(await refusal(ingestEvents(tenantId, "json", deep, { plan: "business" }))).toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "The JSON is nested more than 64 levels deep",
    });
    const hec = parseHec(`{"event":"fine"}{"event":${deep}}`, Date.now());
    expect(hec.events).toHaveLength(1);
    expect(hec.error).toMatchObject({ status: 400, code: 6, invalidEventNumber: 1 });
    expect(stored(tenantId)).toBe(0);
  });

  it("flattens an event with many members in linear time", () => {
    const value: Record<string, unknown> = {};
    for (let i = 0; i < 499; i += 1) value[`f${i}`] = i;
    for (let i = 0; i < 40_000; i += 1) value[`e${i}`] = {};
    let fields = {};
    let best = Infinity;
    for (let run = 0; run < 3; run += 1) {
      const t = performance.now();
      fields = flatten(value);
      best = Math.min(best, performance.now() - t);
    }
    // Before: 1.2-1.8 s per event (Object.keys of the kept fields for each member); now ~25 ms.
    expect(best).toBeLessThan(200);
    expect(Object.keys(fields)).toHaveLength(499);
  });
});
