// The store on this file's real SQLite database: ids in order, listeners per batch, iteration by time,
// the daily quota and retention from receipt (with a fixed clock).
import { afterEach, describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { resetEnvForTests } from "~/lib/env.server";
import { signedInUser } from "../../../tests/unit/helpers";
import { ingestEvents } from "./ingest.server";
import { parseNdjson } from "./parse";
import {
  BATCH_SIZE,
  iterateEvents,
  onEventsStored,
  purgeExpiredEvents,
  quotaState,
  setEventsClock,
  setRetentionDays,
  storeEvents,
} from "./store.server";

const NOW = Date.UTC(2026, 2, 10, 12);
const DAY = 86_400_000;

afterEach(() => {
  setEventsClock();
  delete process.env.RAMPART_EVENTS_DAILY_QUOTA;
  resetEnvForTests();
});

const lines = (n: number, t0 = NOW - 3600_000) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({ time: new Date(t0 + i * 1000).toISOString(), message: `event ${i}` }),
  ).join("\n");

describe("event store", () => {
  it("stores in bounded batches, tells listeners, and iterates a time range in order", async () => {
    const { tenantId } = await signedInUser();
    const other = await signedInUser();
    const batches: number[] = [];
    const off = onEventsStored(({ tenantId: t, events }) => {
      if (t === tenantId) batches.push(events.length);
    });
    const parsed = parseNdjson(lines(BATCH_SIZE + 5), NOW);
    const ids = await storeEvents(tenantId, parsed.events, { receivedAt: NOW });
    await storeEvents(other.tenantId, parseNdjson(lines(3), NOW).events, { receivedAt: NOW });
    off();
    expect(ids).toHaveLength(BATCH_SIZE + 5);
    expect(batches).toEqual([BATCH_SIZE, 5]);
    const got = [
      ...iterateEvents(tenantId, { from: NOW - 3600_000 + 10_000, to: NOW - 3600_000 + 20_000 }, { pageSize: 3 }),
    ];
    expect(got.map((e) => e.message)).toEqual(Array.from({ length: 10 }, (_, i) => `event ${i + 10}`));
    expect(got.every((e) => e.tenantId === tenantId)).toBe(true);
    expect(got[0]!.id).toBe(ids[10]);
  });

  it("stops at the daily quota with a Retry-After until midnight UTC", async () => {
    process.env.RAMPART_EVENTS_DAILY_QUOTA = "5";
    resetEnvForTests();
    setEventsClock(() => NOW);
    const { tenantId } = await signedInUser();
    const first = await ingestEvents(tenantId, "ndjson", lines(3), { plan: "business" });
    expect(first).toMatchObject({ ok: true, accepted: 3 });
    const second = await ingestEvents(tenantId, "ndjson", lines(4), { plan: "business" });
    expect(second).toMatchObject({ ok: true, accepted: 2 });
    if (second.ok)
      expect(second.rejected).toEqual([
        { line: 3, message: "The daily event quota is reached" },
        { line: 4, message: "The daily event quota is reached" },
      ]);
    const third = await ingestEvents(tenantId, "ndjson", lines(1), { plan: "business" });
    expect(third.ok).toBe(false);
    if (!third.ok)
      expect(third.quota).toMatchObject({ exceeded: true, used: 5, limit: 5, retryAfterSeconds: 12 * 3600 });
    // The next UTC day starts afresh.
    setEventsClock(() => NOW + DAY);
    expect(quotaState(tenantId, "business").remaining).toBe(5);
  });

  it("deletes events older than the tenant's retention, counted from receipt", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    setRetentionDays(b.tenantId, 7);
    const old = parseNdjson(lines(2), NOW).events;
    await storeEvents(a.tenantId, old, { receivedAt: NOW - 10 * DAY });
    await storeEvents(b.tenantId, old, { receivedAt: NOW - 10 * DAY });
    await storeEvents(a.tenantId, old, { receivedAt: NOW - 40 * DAY });
    const count = (t: string) =>
      (sqlite().prepare("SELECT count(*) AS n FROM events WHERE tenant_id = ?").get(t) as { n: number }).n;
    const fts = () =>
      (sqlite().prepare("SELECT count(*) AS n FROM events_fts WHERE events_fts MATCH 'event'").get() as { n: number })
        .n;
    const before = fts();
    const removed = await purgeExpiredEvents(NOW);
    expect(removed).toBe(4); // a's 40-day-old pair (30-day default) and b's 10-day-old pair (7 days)
    expect(count(a.tenantId)).toBe(2);
    expect(count(b.tenantId)).toBe(0);
    expect(fts()).toBe(before - 4);
  });
});

describe("retention job", () => {
  it("runs on the durable job runner", async () => {
    const { registerEventJobs, EVENTS_RETENTION_JOB } = await import("./jobs.server");
    const { runDueJobs, setJobClock } = await import("~/lib/jobs.server");
    const { tenantId } = await signedInUser();
    const now = Date.now();
    await storeEvents(tenantId, parseNdjson(lines(3), now).events, { receivedAt: now - 31 * DAY });
    registerEventJobs(now);
    setJobClock(() => now + 1000);
    await runDueJobs();
    setJobClock();
    const left = sqlite().prepare("SELECT count(*) AS n FROM events WHERE tenant_id = ?").get(tenantId) as {
      n: number;
    };
    expect(left.n).toBe(0);
    const job = sqlite().prepare("SELECT status FROM jobs WHERE key = ?").get(EVENTS_RETENTION_JOB) as {
      status: string;
    };
    expect(job.status).toBe("queued"); // recurring: waiting for its next hour
  });
});
