import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { alertEscalations, notificationAttempts, notificationOutbox } from "./schema";
import { db, sqlite } from "~/lib/db.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { isBlockedAddress } from "~/lib/outbound.server";
import { signedInUser } from "../../../tests/unit/helpers";
import { startLoopbackSmtp } from "../../../tests/support/loopback-smtp";
import {
  alertTimeline,
  alertTimelines,
  bellFor,
  channelDeliveries,
  createChannel,
  createMaintenanceWindow,
  createPolicy,
  createRule,
  deliverDueNotifications,
  deliveryBackoffMs,
  escalationFor,
  getChannel,
  listAlerts,
  raiseAlert,
  raiseAlertDetailed,
  runAlertingOnce,
  runDueEscalations,
  setAlertingClock,
  silenceAlert,
  testRule,
  transitionAlert,
} from "./index";
import { setDeliveryOutboundOptionsForTests } from "./channels.server";
import { eq } from "drizzle-orm";

type Received = { headers: http.IncomingHttpHeaders; body: string; url: string };

async function startReceiver(handler?: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: req.headers, body, url: req.url ?? "" });
      if (handler) handler(req, res, body);
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    received,
    url: `http://127.0.0.1:${port}/hook`,
    port,
    close: () => new Promise((r) => server.close(r)),
  };
}

let clockNow = Date.UTC(2026, 0, 5, 9, 0, 0);
beforeEach(() => {
  clockNow = Date.UTC(2026, 0, 5, 9, 0, 0);
  setAlertingClock(() => clockNow);
  process.env.RAMPART_ALLOW_PRIVATE_TARGETS = "1";
});
afterEach(() => {
  setAlertingClock();
  setDeliveryOutboundOptionsForTests();
  delete process.env.RAMPART_ALLOW_PRIVATE_TARGETS;
});

describe("fingerprint deduplication", () => {
  it("a new occurrence of an open alert raises its counter and lastSeenAt instead of a second alert", async () => {
    const { tenantId } = await signedInUser();
    const input = {
      tenantId,
      source: "detections",
      severity: "high" as const,
      title: "Brute force on host-1",
      rule: "ssh-brute",
      entity: "host-1",
    };
    const first = raiseAlertDetailed(input);
    expect(first.created).toBe(true);
    clockNow += 60_000;
    const second = raiseAlertDetailed({ ...input, title: "Brute force on host-1 (again)" });
    expect(second).toMatchObject({ id: first.id, created: false, occurrences: 2 });
    const rows = listAlerts(tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ occurrences: 2, lastSeenAt: clockNow });
    // Another entity is another alert; a resolved alert does not absorb a new occurrence.
    expect(raiseAlert({ ...input, entity: "host-2" })).not.toBeNull();
    transitionAlert(tenantId, first.id, "resolve", null);
    expect(raiseAlert(input)).not.toBeNull();
    expect(listAlerts(tenantId)).toHaveLength(3);
    expect(alertTimeline(tenantId, first.id).map((e) => e.kind)).toEqual(["raised", "repeated", "resolved"]);
  });

  it("the timelines of many alerts in one query are each alert's own timeline, and another tenant's ids give nothing", async () => {
    const { tenantId } = await signedInUser();
    const other = await signedInUser();
    const input = { tenantId, source: "detections", severity: "high" as const, title: "Port scan", rule: "scan" };
    const a = raiseAlertDetailed({ ...input, entity: "host-a" });
    raiseAlertDetailed({ ...input, entity: "host-a" });
    const b = raiseAlertDetailed({ ...input, entity: "host-b" });
    transitionAlert(tenantId, b.id, "acknowledge", null);
    const foreign = raiseAlertDetailed({ ...input, tenantId: other.tenantId, entity: "host-a" });
    const all = alertTimelines(tenantId, [a.id, b.id, foreign.id]);
    expect(all.get(a.id)).toEqual(alertTimeline(tenantId, a.id));
    expect(all.get(b.id)).toEqual(alertTimeline(tenantId, b.id));
    expect(all.get(a.id)!.map((e) => e.kind)).toEqual(["raised", "repeated"]);
    expect(all.get(foreign.id)).toEqual([]);
    expect(alertTimelines(tenantId, []).size).toBe(0);
  });

  it("keeps the dedupe-key contract of existing callers: the same cause alerts once", async () => {
    const { tenantId } = await signedInUser();
    const input = {
      tenantId,
      source: "breach",
      severity: "high" as const,
      title: "Exposure",
      dedupeKey: "breach:x:a@example.com",
    };
    expect(raiseAlert(input)).not.toBeNull();
    expect(raiseAlert(input)).toBeNull();
    expect(listAlerts(tenantId)).toHaveLength(1);
  });
});

describe("lifecycle", () => {
  it("acknowledge, silence and resolve are recorded with who and when", async () => {
    const { tenantId, user } = await signedInUser();
    const id = raiseAlert({ tenantId, source: "phishing", severity: "medium", title: "Lure" })!;
    clockNow += 1000;
    expect(transitionAlert(tenantId, id, "acknowledge", user.id)).toMatchObject({ status: "acknowledged" });
    silenceAlert(tenantId, id, clockNow + 3_600_000, user.id);
    expect(listAlerts(tenantId, 10, { status: "silenced" })).toHaveLength(1);
    expect(listAlerts(tenantId, 10, { status: "acknowledged" })).toHaveLength(0);
    clockNow += 3_600_001;
    expect(listAlerts(tenantId, 10, { status: "acknowledged" })).toHaveLength(1);
    transitionAlert(tenantId, id, "resolve", user.id);
    const timeline = alertTimeline(tenantId, id);
    expect(timeline.map((e) => e.kind)).toEqual(["raised", "acknowledged", "silenced", "resolved"]);
    expect(timeline[1]).toMatchObject({ actor: user.email, createdAt: Date.UTC(2026, 0, 5, 9, 0, 1) });
    // Another tenant cannot touch it.
    const other = await signedInUser();
    expect(transitionAlert(other.tenantId, id, "reopen", other.user.id)).toBeNull();
  });
});

describe("alert rules", () => {
  it("match on source, severity at or above, and text; first match stops, all matches continue", async () => {
    const { tenantId } = await signedInUser();
    const a = await createChannel(tenantId, { type: "in_app", name: "Bell A" }, null);
    const b = await createChannel(tenantId, { type: "in_app", name: "Bell B" }, null);
    const c = await createChannel(tenantId, { type: "in_app", name: "Bell C" }, null);
    const base = { matchSource: null, matchText: null, escalationPolicyId: null };
    createRule(tenantId, { ...base, name: "all high", minSeverity: "high", channelIds: [a.id], mode: "all" });
    createRule(tenantId, {
      ...base,
      name: "phishing ceo",
      matchSource: "phishing",
      matchText: "CEO",
      minSeverity: "low",
      channelIds: [b.id],
      mode: "first",
    });
    createRule(tenantId, { ...base, name: "catch-all", minSeverity: "low", channelIds: [c.id], mode: "first" });
    const outboxFor = (alertId: string) =>
      db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.alertId, alertId))
        .all()
        .map((r) => r.channelId)
        .sort();
    const high = raiseAlert({ tenantId, source: "phishing", severity: "critical", title: "Fake ceo payment request" })!;
    expect(outboxFor(high)).toEqual([a.id, b.id].sort());
    const low = raiseAlert({ tenantId, source: "phishing", severity: "low", title: "Newsletter lookalike" })!;
    expect(outboxFor(low)).toEqual([c.id]);
    const other = raiseAlert({ tenantId, source: "breach", severity: "high", title: "CEO in breach" })!;
    expect(outboxFor(other)).toEqual([a.id, c.id].sort());
    // "Would have matched N" over the last 50 alerts.
    expect(testRule(tenantId, { matchSource: "phishing", minSeverity: "low", matchText: null })).toMatchObject({
      matched: 2,
      of: 3,
    });
    expect(testRule(tenantId, { matchSource: null, minSeverity: "high", matchText: "ceo" }).matched).toBe(2);
  });
});

describe("channels against real loopback servers", () => {
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    configureMailerForTests(smtp.config);
  });
  afterAll(async () => {
    configureMailerForTests(undefined);
    await smtp.close();
  });

  it("webhook: Standard Webhooks signature verifies with the standardwebhooks library", async () => {
    const receiver = await startReceiver();
    try {
      const { tenantId } = await signedInUser();
      const created = await createChannel(tenantId, { type: "webhook", name: "SIEM", url: receiver.url }, null);
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      createRule(tenantId, {
        name: "all",
        matchSource: null,
        minSeverity: "low",
        matchText: null,
        escalationPolicyId: null,
        channelIds: [created.id],
        mode: "all",
      });
      setAlertingClock(() => Date.now());
      const id = raiseAlert({
        tenantId,
        source: "dark-web",
        severity: "high",
        title: "Credentials for sale",
        detail: "3 addresses",
      })!;
      await runAlertingOnce();
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0];
      const verified = new Webhook(created.secret!).verify(got.body, {
        "webhook-id": String(got.headers["webhook-id"]),
        "webhook-timestamp": String(got.headers["webhook-timestamp"]),
        "webhook-signature": String(got.headers["webhook-signature"]),
      }) as { type: string; data: { alert: { id: string; title: string; severity: string } } };
      expect(verified).toMatchObject({
        type: "alert.raised",
        data: { alert: { id, title: "Credentials for sale", severity: "high" } },
      });
      expect(String(got.headers["webhook-signature"])).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      // A wrong secret does not verify.
      expect(() =>
        new Webhook("whsec_" + Buffer.from("not the secret at all 123").toString("base64")).verify(got.body, {
          "webhook-id": String(got.headers["webhook-id"]),
          "webhook-timestamp": String(got.headers["webhook-timestamp"]),
          "webhook-signature": String(got.headers["webhook-signature"]),
        }),
      ).toThrow();
      // Resolving tells the same channel.
      transitionAlert(tenantId, id, "resolve", null);
      await runAlertingOnce();
      expect(JSON.parse(receiver.received[1].body)).toMatchObject({
        type: "alert.resolved",
        data: { alert: { id, status: "resolved" } },
      });
    } finally {
      await receiver.close();
    }
  });

  it("webhook in Slack format sends { text, blocks }", async () => {
    const receiver = await startReceiver();
    try {
      const { tenantId } = await signedInUser();
      const ch = await createChannel(
        tenantId,
        { type: "webhook", name: "Slack", url: receiver.url, format: "slack" },
        null,
      );
      createRule(tenantId, {
        name: "all",
        matchSource: null,
        minSeverity: "low",
        matchText: null,
        escalationPolicyId: null,
        channelIds: [ch.id],
        mode: "all",
      });
      raiseAlert({ tenantId, source: "phishing", severity: "critical", title: "Wire transfer lure" });
      await runAlertingOnce();
      const body = JSON.parse(receiver.received[0].body);
      expect(body.text).toBe("New alert: [Critical] Wire transfer lure (phishing)");
      expect(Array.isArray(body.blocks)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("e-mail arrives at the SMTP server with the alert", async () => {
    const { tenantId } = await signedInUser();
    const ch = await createChannel(
      tenantId,
      { type: "email", name: "SOC", recipients: ["soc@example.com", "lead@example.com"] },
      null,
    );
    createRule(tenantId, {
      name: "all",
      matchSource: null,
      minSeverity: "medium",
      matchText: null,
      escalationPolicyId: null,
      channelIds: [ch.id],
      mode: "all",
    });
    raiseAlert({ tenantId, source: "vulnerability", severity: "high", title: "Critical CVE in openssl" });
    raiseAlert({ tenantId, source: "vulnerability", severity: "low", title: "Info header" });
    await runAlertingOnce();
    const mine = smtp.received.filter((m) => m.raw.includes("Critical CVE in openssl"));
    expect(mine).toHaveLength(1);
    expect(mine[0].to.sort()).toEqual(["lead@example.com", "soc@example.com"]);
    expect(mine[0].raw).toMatch(/Subject: \[High\] New alert: Critical CVE in openssl/);
    expect(smtp.received.some((m) => m.raw.includes("Info header"))).toBe(false);
  });

  it("in-app: owners and admins see it in the bell", async () => {
    const { tenantId, user } = await signedInUser();
    const ch = await createChannel(tenantId, { type: "in_app", name: "Bell" }, null);
    createRule(tenantId, {
      name: "all",
      matchSource: null,
      minSeverity: "low",
      matchText: null,
      escalationPolicyId: null,
      channelIds: [ch.id],
      mode: "all",
    });
    raiseAlert({ tenantId, source: "phishing", severity: "high", title: "Lure to finance" });
    await runAlertingOnce();
    const bell = bellFor(tenantId, user.id);
    expect(bell.unread).toBe(1);
    expect(bell.items[0].title).toBe("New alert: Lure to finance");
  });
});

describe("durable outbox", () => {
  it("backs off 1 s doubling to 1 h, gives up after 24 h, records every attempt, marks the channel failing and tells the owner", async () => {
    expect([1, 2, 3, 4, 12, 13, 40].map(deliveryBackoffMs)).toEqual([
      1000, 2000, 4000, 8000, 2_048_000, 3_600_000, 3_600_000,
    ]);
    const receiver = await startReceiver((_req, res) => res.writeHead(503).end());
    try {
      const { tenantId, user } = await signedInUser();
      const ch = await createChannel(tenantId, { type: "webhook", name: "Flaky", url: receiver.url }, null);
      createRule(tenantId, {
        name: "all",
        matchSource: null,
        minSeverity: "low",
        matchText: null,
        escalationPolicyId: null,
        channelIds: [ch.id],
        mode: "all",
      });
      const start = clockNow;
      raiseAlert({ tenantId, source: "phishing", severity: "high", title: "Retry me" });
      const delays: number[] = [];
      let last = start;
      for (let i = 0; i < 100; i++) {
        const n = await deliverDueNotifications();
        if (n > 0) {
          delays.push(clockNow - last);
          last = clockNow;
        }
        const row = db.select().from(notificationOutbox).where(eq(notificationOutbox.channelId, ch.id)).get()!;
        if (row.status === "failed") break;
        clockNow = row.nextAttemptAt;
      }
      expect(delays.slice(1, 6)).toEqual([1000, 2000, 4000, 8000, 16000]);
      expect(Math.max(...delays)).toBe(3_600_000);
      const row = db.select().from(notificationOutbox).where(eq(notificationOutbox.channelId, ch.id)).get()!;
      expect(row.status).toBe("failed");
      expect(clockNow - start).toBeLessThanOrEqual(24 * 3_600_000);
      expect(clockNow - start).toBeGreaterThan(22 * 3_600_000);
      const attempts = db.select().from(notificationAttempts).where(eq(notificationAttempts.channelId, ch.id)).all();
      expect(attempts.length).toBe(receiver.received.length);
      expect(attempts.every((a) => !a.ok && a.statusCode === 503)).toBe(true);
      expect(channelDeliveries(tenantId, ch.id)[0].attemptLog.length).toBe(attempts.length);
      expect(getChannel(tenantId, ch.id)?.status).toBe("failing");
      expect(bellFor(tenantId, user.id).items.some((n) => n.title === 'Notification channel "Flaky" is failing')).toBe(
        true,
      );
      // Retries carry the same webhook-id (receivers deduplicate on it).
      expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("a restart resumes pending deliveries and ones whose worker died mid-delivery", async () => {
    const receiver = await startReceiver();
    try {
      const { tenantId } = await signedInUser();
      const ch = await createChannel(tenantId, { type: "webhook", name: "Hook", url: receiver.url }, null);
      createRule(tenantId, {
        name: "all",
        matchSource: null,
        minSeverity: "low",
        matchText: null,
        escalationPolicyId: null,
        channelIds: [ch.id],
        mode: "all",
      });
      raiseAlert({ tenantId, source: "phishing", severity: "high", title: "Pending at crash" });
      raiseAlert({ tenantId, source: "phishing", severity: "high", title: "Claimed at crash" });
      // The process died while delivering the second: it is 'delivering' with a lease.
      sqlite()
        .prepare(
          `UPDATE notification_outbox SET status = 'delivering', attempts = 1, locked_until = ? WHERE payload LIKE '%Claimed at crash%'`,
        )
        .run(clockNow + 60_000);
      expect(await runAlertingOnce()).toBe(1);
      clockNow += 61_000; // the lease runs out; a new process picks it up
      expect(await runAlertingOnce()).toBe(1);
      expect(receiver.received.map((r) => JSON.parse(r.body).data.alert.title).sort()).toEqual([
        "Claimed at crash",
        "Pending at crash",
      ]);
      const statuses = db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.channelId, ch.id))
        .all()
        .map((r) => r.status);
      expect(statuses).toEqual(["delivered", "delivered"]);
    } finally {
      await receiver.close();
    }
  });
});

describe("SSRF guard on webhook deliveries", () => {
  it("refuses a webhook URL naming a loopback address at creation", async () => {
    delete process.env.RAMPART_ALLOW_PRIVATE_TARGETS;
    const { tenantId } = await signedInUser();
    await expect(
      createChannel(tenantId, { type: "webhook", name: "x", url: "http://127.0.0.1:9/hook" }, null),
    ).rejects.toThrow(/loopback/);
    await expect(
      createChannel(tenantId, { type: "webhook", name: "x", url: "http://169.254.169.254/latest" }, null),
    ).rejects.toThrow();
  });

  it("refuses a DNS name that resolves to 127.0.0.1 at delivery, and a redirect to a loopback address", async () => {
    const receiver = await startReceiver();
    const inside = await startReceiver();
    const redirector = await startReceiver((_req, res) =>
      res.writeHead(307, { Location: `http://127.0.0.2:${inside.port}/steal` }).end(),
    );
    try {
      const { tenantId } = await signedInUser();
      const named = await createChannel(
        tenantId,
        { type: "webhook", name: "rebind", url: `http://rebind.example.test:${receiver.port}/hook` },
        null,
      );
      const redirect = await createChannel(tenantId, { type: "webhook", name: "redirect", url: redirector.url }, null);
      createRule(tenantId, {
        name: "all",
        matchSource: null,
        minSeverity: "low",
        matchText: null,
        escalationPolicyId: null,
        channelIds: [named.id, redirect.id],
        mode: "all",
      });
      delete process.env.RAMPART_ALLOW_PRIVATE_TARGETS;
      // The name resolves to loopback (a DNS answer an attacker controls); only the redirector's own
      // address counts as public here, so the hop to 127.0.0.2 must be refused after the redirect.
      setDeliveryOutboundOptionsForTests({
        resolver: async () => [{ address: "127.0.0.1", family: 4 }],
        isBlocked: (address) => !(address === "127.0.0.1" && redirectorPhase) && isBlockedAddress(address),
      });
      let redirectorPhase = false;
      raiseAlert({ tenantId, source: "phishing", severity: "high", title: "SSRF probe" });
      // First delivery pass: the rebinding name is refused.
      const rows = () => db.select().from(notificationOutbox).where(eq(notificationOutbox.tenantId, tenantId)).all();
      const namedRow = rows().find((r) => r.channelId === named.id)!;
      sqlite()
        .prepare(`UPDATE notification_outbox SET next_attempt_at = ? WHERE id <> ? AND tenant_id = ?`)
        .run(clockNow + 1e9, namedRow.id, tenantId);
      await deliverDueNotifications();
      expect(receiver.received).toHaveLength(0);
      const attempt = db
        .select()
        .from(notificationAttempts)
        .where(eq(notificationAttempts.outboxId, namedRow.id))
        .get()!;
      expect(attempt.ok).toBe(false);
      expect(attempt.error).toMatch(/rebind\.example\.test resolves to 127\.0\.0\.1/);
      // Second: the redirector answers 307 to 127.0.0.2; the hop is refused and the inside server never hears.
      redirectorPhase = true;
      sqlite()
        .prepare(`UPDATE notification_outbox SET next_attempt_at = ? WHERE channel_id = ?`)
        .run(clockNow, redirect.id);
      sqlite()
        .prepare(`UPDATE notification_outbox SET next_attempt_at = ? WHERE channel_id = ?`)
        .run(clockNow + 1e9, named.id);
      await deliverDueNotifications();
      expect(redirector.received).toHaveLength(1);
      expect(inside.received).toHaveLength(0);
      const redirectRow = rows().find((r) => r.channelId === redirect.id)!;
      expect(redirectRow.lastError).toMatch(/127\.0\.0\.2/);
    } finally {
      await Promise.all([receiver.close(), inside.close(), redirector.close()]);
    }
  });
});

describe("escalation policies", () => {
  it("walks three steps while unacknowledged, repeats the last, and stops on acknowledge", async () => {
    const { tenantId, user } = await signedInUser();
    const c1 = await createChannel(tenantId, { type: "in_app", name: "Step 1" }, null);
    const c2 = await createChannel(tenantId, { type: "in_app", name: "Step 2" }, null);
    const c3 = await createChannel(tenantId, { type: "in_app", name: "Step 3" }, null);
    const policy = createPolicy(tenantId, {
      name: "On-call",
      steps: [
        { channelIds: [c1.id], memberIds: [], waitMinutes: 5 },
        { channelIds: [c2.id], memberIds: [user.id], waitMinutes: 10 },
        { channelIds: [c3.id], memberIds: [], waitMinutes: 15 },
      ],
      repeatLast: 1,
    });
    createRule(tenantId, {
      name: "critical",
      matchSource: null,
      minSeverity: "critical",
      matchText: null,
      escalationPolicyId: policy,
      channelIds: [],
      mode: "first",
    });
    const id = raiseAlert({ tenantId, source: "detections", severity: "critical", title: "Ransomware beacon" })!;
    const steps = () =>
      alertTimeline(tenantId, id)
        .filter((e) => e.kind === "escalation_step")
        .map((e) => e.detail);
    expect(runDueEscalations()).toBe(1);
    expect(steps()).toEqual([expect.objectContaining({ step: 1 })]);
    clockNow += 4 * 60_000;
    expect(runDueEscalations()).toBe(0); // still waiting
    clockNow += 60_000;
    expect(runDueEscalations()).toBe(1);
    expect(bellFor(tenantId, user.id).items[0].title).toBe("Escalated: Ransomware beacon");
    clockNow += 10 * 60_000;
    expect(runDueEscalations()).toBe(1);
    expect(steps().map((s) => s.step)).toEqual([1, 2, 3]);
    clockNow += 15 * 60_000;
    expect(runDueEscalations()).toBe(1); // the last step, repeated once
    expect(steps().at(-1)).toMatchObject({ step: 3, repeat: 1 });
    clockNow += 15 * 60_000;
    expect(runDueEscalations()).toBe(0);
    expect(escalationFor(tenantId, id)?.state).toBe("exhausted");
    const outbox = db.select().from(notificationOutbox).where(eq(notificationOutbox.alertId, id)).all();
    expect(outbox.map((r) => r.channelId)).toEqual([c1.id, c2.id, c3.id, c3.id]);
    expect(outbox.every((r) => r.eventType === "alert.escalated")).toBe(true);
  });

  it("acknowledging stops it, resolving closes it", async () => {
    const { tenantId, user } = await signedInUser();
    const c1 = await createChannel(tenantId, { type: "in_app", name: "Step" }, null);
    const policy = createPolicy(tenantId, {
      name: "Two steps",
      steps: [
        { channelIds: [c1.id], memberIds: [], waitMinutes: 5 },
        { channelIds: [c1.id], memberIds: [], waitMinutes: 5 },
      ],
      repeatLast: 3,
    });
    createRule(tenantId, {
      name: "any",
      matchSource: null,
      minSeverity: "low",
      matchText: null,
      escalationPolicyId: policy,
      channelIds: [],
      mode: "first",
    });
    const a = raiseAlert({ tenantId, source: "x", severity: "high", title: "A" })!;
    const b = raiseAlert({ tenantId, source: "x", severity: "high", title: "B" })!;
    expect(runDueEscalations()).toBe(2);
    transitionAlert(tenantId, a, "acknowledge", user.id);
    transitionAlert(tenantId, b, "resolve", user.id);
    clockNow += 60 * 60_000;
    expect(runDueEscalations()).toBe(0);
    expect(escalationFor(tenantId, a)?.state).toBe("stopped");
    expect(escalationFor(tenantId, b)?.state).toBe("closed");
    expect(alertTimeline(tenantId, a).map((e) => e.kind)).toContain("escalation_stopped");
    expect(db.select().from(alertEscalations).where(eq(alertEscalations.tenantId, tenantId)).all()).toHaveLength(2);
  });
});

describe("maintenance windows", () => {
  it("records alerts raised inside the window but does not notify; outside it notifies", async () => {
    const { tenantId, user } = await signedInUser();
    const ch = await createChannel(tenantId, { type: "in_app", name: "Bell" }, null);
    createRule(tenantId, {
      name: "all",
      matchSource: null,
      minSeverity: "low",
      matchText: null,
      escalationPolicyId: null,
      channelIds: [ch.id],
      mode: "all",
    });
    createMaintenanceWindow(
      tenantId,
      { startsAt: clockNow - 1000, endsAt: clockNow + 3_600_000, source: "vulnerability", reason: "patching" },
      user.id,
    );
    const inside = raiseAlertDetailed({
      tenantId,
      source: "vulnerability",
      severity: "high",
      title: "Port open during patch",
    });
    const otherSource = raiseAlertDetailed({
      tenantId,
      source: "phishing",
      severity: "high",
      title: "Lure during patch",
    });
    clockNow += 3_600_000;
    const after = raiseAlertDetailed({
      tenantId,
      source: "vulnerability",
      severity: "high",
      title: "Port open after patch",
    });
    expect(inside).toMatchObject({ created: true, suppressed: true });
    expect(otherSource.suppressed).toBe(false);
    expect(after.suppressed).toBe(false);
    expect(listAlerts(tenantId)).toHaveLength(3);
    const notified = new Set(
      db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.tenantId, tenantId))
        .all()
        .map((r) => r.alertId),
    );
    expect(notified.has(inside.id)).toBe(false);
    expect(notified.has(otherSource.id)).toBe(true);
    expect(notified.has(after.id)).toBe(true);
    expect(alertTimeline(tenantId, inside.id).map((e) => e.kind)).toEqual(["raised", "suppressed"]);
  });
});
