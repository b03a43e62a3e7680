/**
 * Notification channels and their durable outbox.
 *
 * - E-mail through the shared mailer (app/lib/mailer.server.ts, SMTP from the environment).
 * - Webhook signed as the Standard Webhooks specification says
 *   (https://www.standardwebhooks.com/): `webhook-id`, `webhook-timestamp`,
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, with a
 *   `whsec_` secret shown once. The `webhook-id` is the outbox row, so a retry
 *   carries the same id and a receiver can deduplicate. A Slack-compatible
 *   format (`{ text, blocks }`) serves Slack and Mattermost incoming webhooks.
 *   Every request goes through the SSRF guard (app/lib/outbound.server.ts),
 *   redirects included.
 * - In-app: the bell in the shell (in_app_notifications).
 *
 * Delivery: one outbox row per (event, channel), claimed by an atomic UPDATE
 * with a lease, retried with exponential backoff (1 s doubling, capped at 1 h)
 * for 24 h from the event; every attempt is a row in notification_attempts.
 * A channel failing FAILING_AFTER times in a row is marked failing and the
 * organization's owners are told in the bell. A restart resumes pending rows
 * (and rows whose lease ran out mid-delivery).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { inAppNotifications, notificationAttempts, notificationChannels, notificationOutbox } from "./schema";
import { db, preparedQuery } from "~/lib/db.server";
import { sendMail } from "~/lib/mailer.server";
import { configuredOrigin } from "~/lib/public-origin.server";
import {
  guardedFetch,
  OutboundError,
  parseTargetUrl,
  resolvePublicAddress,
  type OutboundOptions,
} from "~/lib/outbound.server";
import { version as appVersion } from "../../../package.json";
import { memberRoles, memberUserIds } from "~/modules/tenants";
import { publishAlertEvent } from "./bus.server";
import { now } from "./clock.server";
import { DomainError } from "~/lib/errors";

export type ChannelType = "email" | "webhook" | "in_app";
export type WebhookFormat = "standard" | "slack";
/** Event types on the wire (webhook `type`, mail header X-Rampart-Event): dotted, `<object>.<what happened>`. */
export type AlertEventType = "alert.raised" | "alert.escalated" | "alert.resolved" | "test.ping";
/** Names outbox rows queued before issue 28 carry; delivered under today's names. */
const LEGACY_EVENT_TYPES: Record<string, AlertEventType> = {
  "alert.created": "alert.raised",
  "alert.test": "test.ping",
};
function eventType(stored: string): string {
  return LEGACY_EVENT_TYPES[stored] ?? stored;
}

/** Webhook deliveries name themselves and the release, not the scanner's User-Agent (outbound.server.ts). */
export const WEBHOOK_USER_AGENT = `Rampart-Webhooks/${appVersion}`;

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
export const DELIVERY_WINDOW_MS = 24 * 60 * 60_000;
export const FAILING_AFTER = 5;
const LEASE_MS = 60_000;

/** Delay before retry number `attempt` (1-based count of failures so far): 1 s, 2 s, 4 s... capped at 1 h. */
export function deliveryBackoffMs(attempt: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
}

export class ChannelError extends DomainError {
  declare readonly field: string;
  constructor(field: string, message: string) {
    super(message, { field });
  }
}

// ---- channels ---------------------------------------------------------------

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

export type ChannelInput = {
  type: ChannelType;
  name: string;
  url?: string;
  format?: WebhookFormat;
  recipients?: string[];
  userIds?: string[];
};

/** Validates the input; webhook URLs are refused when they name a private/loopback/link-local address. */
export async function createChannel(
  tenantId: string,
  input: ChannelInput,
  createdBy: string | null,
): Promise<{ id: string; secret?: string }> {
  const name = input.name.trim();
  if (!name || name.length > 100) throw new ChannelError("name", "Give the channel a name (up to 100 characters)");
  let config: Record<string, unknown>;
  let secret: string | null = null;
  if (input.type === "email") {
    const recipients = [...new Set((input.recipients ?? []).map((r) => r.trim().toLowerCase()).filter(Boolean))];
    if (recipients.length === 0 || recipients.length > 20)
      throw new ChannelError("recipients", "Enter one to twenty e-mail addresses");
    const bad = recipients.find((r) => !EMAIL_RE.test(r));
    if (bad) throw new ChannelError("recipients", `Not an e-mail address: ${bad.slice(0, 80)}`);
    config = { recipients };
  } else if (input.type === "webhook") {
    const raw = (input.url ?? "").trim();
    if (!raw || raw.length > 2000) throw new ChannelError("url", "Enter the webhook URL (http:// or https://)");
    let url: URL;
    try {
      url = parseTargetUrl(raw);
    } catch (error) {
      throw new ChannelError("url", error instanceof Error ? error.message : "Not a valid URL");
    }
    try {
      await resolvePublicAddress(url.hostname, deliveryOutboundOptions);
    } catch (error) {
      // A name that does not resolve yet is checked again at every delivery; a private address never passes.
      if (error instanceof OutboundError && error.code === "BLOCKED_ADDRESS")
        throw new ChannelError("url", error.message);
    }
    config = { url: url.href, format: input.format === "slack" ? "slack" : "standard" };
    secret = `whsec_${randomBytes(24).toString("base64")}`;
  } else if (input.type === "in_app") {
    config = { userIds: [...new Set(input.userIds ?? [])] };
  } else {
    throw new ChannelError("type", "Choose e-mail, webhook or in-app");
  }
  const id = randomUUID();
  db.insert(notificationChannels).values({ id, tenantId, type: input.type, name, config, secret, createdBy }).run();
  return secret ? { id, secret } : { id };
}

export function listChannels(tenantId: string) {
  return db
    .select({
      id: notificationChannels.id,
      type: notificationChannels.type,
      name: notificationChannels.name,
      config: notificationChannels.config,
      status: notificationChannels.status,
      consecutiveFailures: notificationChannels.consecutiveFailures,
      createdAt: notificationChannels.createdAt,
    })
    .from(notificationChannels)
    .where(eq(notificationChannels.tenantId, tenantId))
    .orderBy(notificationChannels.createdAt)
    .all();
}

export function getChannel(tenantId: string, channelId: string) {
  return (
    db
      .select()
      .from(notificationChannels)
      .where(and(eq(notificationChannels.tenantId, tenantId), eq(notificationChannels.id, channelId)))
      .get() ?? null
  );
}

export function deleteChannel(tenantId: string, channelId: string): boolean {
  return (
    db
      .delete(notificationChannels)
      .where(and(eq(notificationChannels.tenantId, tenantId), eq(notificationChannels.id, channelId)))
      .run().changes > 0
  );
}

/** The last deliveries of a channel with their attempts (the channel's page). */
export function channelDeliveries(tenantId: string, channelId: string, limit = 20) {
  const rows = db
    .select()
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.tenantId, tenantId), eq(notificationOutbox.channelId, channelId)))
    .orderBy(desc(notificationOutbox.createdAt))
    .limit(limit)
    .all();
  const ids = rows.map((r) => r.id);
  const attempts = ids.length
    ? db
        .select()
        .from(notificationAttempts)
        .where(and(eq(notificationAttempts.tenantId, tenantId), inArray(notificationAttempts.outboxId, ids)))
        .orderBy(notificationAttempts.id)
        .all()
    : [];
  return rows.map((r) => ({ ...r, attemptLog: attempts.filter((a) => a.outboxId === r.id) }));
}

// ---- outbox -----------------------------------------------------------------

export type AlertPayload = {
  id: string;
  title: string;
  detail: string | null;
  severity: string;
  source: string;
  status: string;
  occurrences: number;
  createdAt: string;
};

let wake: (() => void) | null = null;
/** The worker registers a callback so a new outbox row is delivered at once, not at the next poll. */
export function onOutboxEnqueued(fn: (() => void) | null) {
  wake = fn;
}

export function enqueueNotification(input: {
  tenantId: string;
  channelId: string;
  alertId: string | null;
  type: AlertEventType;
  alert: AlertPayload;
  extra?: Record<string, unknown>;
}): string {
  const id = randomUUID();
  const at = now();
  db.insert(notificationOutbox)
    .values({
      id,
      tenantId: input.tenantId,
      channelId: input.channelId,
      alertId: input.alertId,
      eventType: input.type,
      payload: { type: input.type, alert: input.alert, ...(input.extra ?? {}) },
      nextAttemptAt: at,
      createdAt: at,
    })
    .run();
  wake?.();
  return id;
}

/** Outbound policy for deliveries; tests inject a resolver/address rule (SSRF tests). */
let deliveryOutboundOptions: Pick<OutboundOptions, "resolver" | "isBlocked"> = {};
export function setDeliveryOutboundOptionsForTests(options: Pick<OutboundOptions, "resolver" | "isBlocked"> = {}) {
  deliveryOutboundOptions = options;
}

const outboxRow = {
  id: notificationOutbox.id,
  tenantId: notificationOutbox.tenantId,
  channelId: notificationOutbox.channelId,
  alertId: notificationOutbox.alertId,
  eventType: notificationOutbox.eventType,
  payload: notificationOutbox.payload,
  attempts: notificationOutbox.attempts,
  createdAt: notificationOutbox.createdAt,
};
type OutboxRow = ReturnType<typeof claimDue>[number];

/** Leases up to `limit` due rows (pending and due, or delivering with a lapsed lease), oldest due first. */
function claimDue(at: number, limit: number) {
  const o = notificationOutbox;
  const due = db
    .select({ id: o.id })
    .from(o)
    .where(
      or(
        and(eq(o.status, "pending"), lte(o.nextAttemptAt, at)),
        and(eq(o.status, "delivering"), lt(o.lockedUntil, at)),
      ),
    )
    .orderBy(o.nextAttemptAt)
    .limit(limit);
  return db
    .update(o)
    .set({ status: "delivering", attempts: sql`${o.attempts} + 1`, lockedUntil: at + LEASE_MS })
    .where(inArray(o.id, due))
    .returning(outboxRow)
    .all();
}

function severityWord(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The verb a person reads for an event type (mail subject, Slack text, the bell). */
function eventVerb(type: string): string {
  const t = eventType(type);
  return t === "alert.resolved"
    ? "Resolved"
    : t === "alert.escalated"
      ? "Escalated"
      : t === "test.ping"
        ? "Test"
        : "New alert";
}

type StoredPayload = { type: string; alert: AlertPayload } & Record<string, unknown>;

/**
 * The Standard Webhooks body: `{ type, timestamp, data }`. `timestamp` is when
 * the event happened (the outbox row's creation, so every retry sends the same
 * bytes); `data` holds the alert and, when present, the escalation step or the
 * playbook that sent it.
 */
export function standardBody(payload: StoredPayload, createdAt: number) {
  const { type, ...data } = payload;
  return { type: eventType(type), timestamp: new Date(createdAt).toISOString(), data };
}

export function slackBody(payload: { type: string; alert: AlertPayload }) {
  const a = payload.alert;
  const verb = eventVerb(payload.type);
  const text = `${verb}: [${severityWord(a.severity)}] ${a.title} (${a.source})`;
  return {
    text,
    blocks: [
      {
        type: "section",
        text: { type: "mrkdwn", text: `*${verb}* · ${severityWord(a.severity)} severity\n${a.title}` },
      },
      ...(a.detail ? [{ type: "section", text: { type: "plain_text", text: a.detail.slice(0, 2900) } }] : []),
      { type: "context", elements: [{ type: "mrkdwn", text: `Source: ${a.source} · Status: ${a.status}` }] },
    ],
  };
}

async function deliverWebhook(
  channel: typeof notificationChannels.$inferSelect,
  row: OutboxRow,
): Promise<{ statusCode: number }> {
  const config = channel.config as { url: string; format?: WebhookFormat };
  const payload = row.payload as StoredPayload;
  const body = JSON.stringify(config.format === "slack" ? slackBody(payload) : standardBody(payload, row.createdAt));
  const msgId = `msg_${row.id}`;
  const timestamp = new Date(Math.floor(now() / 1000) * 1000);
  const signature = new Webhook(channel.secret ?? "").sign(msgId, timestamp, body);
  const res = await guardedFetch(config.url, {
    ...deliveryOutboundOptions,
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/json",
      Accept: "*/*",
      "User-Agent": WEBHOOK_USER_AGENT,
      "webhook-id": msgId,
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": signature,
    },
    maxBodyBytes: 64 * 1024,
  });
  if (res.status < 200 || res.status >= 300) {
    const err = new Error(`The endpoint answered HTTP ${res.status}`) as Error & { statusCode?: number };
    err.statusCode = res.status;
    throw err;
  }
  return { statusCode: res.status };
}

/**
 * Where a person sees the alert: `/alerts?alert=<id>` on the configured public
 * origin. Null without one (the mail then goes without a link rather than with
 * a wrong one) and for messages about no stored alert (a channel test).
 */
export function alertLink(alertId: string | null): string | null {
  const origin = configuredOrigin();
  if (!origin || !alertId) return null;
  return `${origin}/alerts?alert=${encodeURIComponent(alertId)}`;
}

async function deliverEmail(channel: typeof notificationChannels.$inferSelect, row: OutboxRow) {
  const { recipients } = channel.config as { recipients: string[] };
  const { type, alert } = row.payload as { type: string; alert: AlertPayload };
  const verb = eventVerb(type);
  const link = alertLink(row.alertId);
  await sendMail({
    to: recipients,
    // The severity first, in brackets, so a mail client's list and its filters can sort on it.
    subject: `[${severityWord(alert.severity)}] ${verb}: ${alert.title}`,
    text: [
      `${verb}: ${alert.title}`,
      `Severity: ${severityWord(alert.severity)}`,
      `Source: ${alert.source}`,
      `Status: ${alert.status}`,
      ...(alert.occurrences > 1 ? [`Seen ${alert.occurrences} times`] : []),
      ...(link ? [`Open the alert: ${link}`] : []),
      "",
      alert.detail ?? "",
    ].join("\n"),
    headers: {
      // RFC 3834: machine-generated, so vacation responders and other automatic replies stay quiet.
      "Auto-Submitted": "auto-generated",
      "X-Rampart-Alert-Id": alert.id,
      "X-Rampart-Event": eventType(type),
    },
  });
  return { statusCode: null };
}

/** In-app: one bell entry per chosen member (default: the organization's owners and admins). */
function deliverInApp(channel: typeof notificationChannels.$inferSelect, row: OutboxRow) {
  const { userIds } = channel.config as { userIds?: string[] };
  const { type, alert } = row.payload as { type: string; alert: AlertPayload };
  const members = memberRoles(channel.tenantId);
  const targets = userIds?.length
    ? members.filter((m) => userIds.includes(m.userId))
    : members.filter((m) => m.role === "owner" || m.role === "admin");
  const verb = eventVerb(type);
  for (const m of targets) {
    notifyInApp({
      tenantId: channel.tenantId,
      userId: m.userId,
      alertId: row.alertId,
      title: `${verb}: ${alert.title}`,
      body: `${severityWord(alert.severity)} severity · ${alert.source}`,
    });
  }
  return { statusCode: null };
}

export function notifyInApp(input: {
  tenantId: string;
  userId: string;
  alertId: string | null;
  title: string;
  body?: string;
}) {
  db.insert(inAppNotifications)
    .values({
      id: randomUUID(),
      tenantId: input.tenantId,
      userId: input.userId,
      alertId: input.alertId,
      title: input.title.slice(0, 300),
      body: (input.body ?? "").slice(0, 1000),
      createdAt: now(),
    })
    .run();
  publishAlertEvent(input.tenantId);
}

function recordAttempt(
  row: OutboxRow,
  ok: boolean,
  statusCode: number | null,
  error: string | null,
  durationMs: number,
) {
  db.insert(notificationAttempts)
    .values({
      tenantId: row.tenantId,
      outboxId: row.id,
      channelId: row.channelId,
      attempt: row.attempts,
      ok,
      statusCode,
      error,
      durationMs,
      createdAt: now(),
    })
    .run();
}

function channelSucceeded(channelId: string) {
  db.update(notificationChannels)
    .set({ consecutiveFailures: 0, status: "ok" })
    .where(eq(notificationChannels.id, channelId))
    .run();
}

function channelFailed(tenantId: string, channelId: string) {
  const c = notificationChannels;
  const row = db
    .update(c)
    .set({ consecutiveFailures: sql`${c.consecutiveFailures} + 1` })
    .where(eq(c.id, channelId))
    .returning({ consecutiveFailures: c.consecutiveFailures, status: c.status, name: c.name })
    .get();
  if (!row || row.status === "failing" || row.consecutiveFailures < FAILING_AFTER) return;
  db.update(c).set({ status: "failing" }).where(eq(c.id, channelId)).run();
  for (const ownerId of memberUserIds(tenantId, "owner")) {
    notifyInApp({
      tenantId,
      userId: ownerId,
      alertId: null,
      title: `Notification channel "${row.name}" is failing`,
      body: `${row.consecutiveFailures} deliveries in a row have failed. Check the channel's attempts in Admin › Notification channels.`,
    });
  }
}

/** Delivers every due outbox row once (up to `limit`); answers how many were attempted. */
export async function deliverDueNotifications(limit = 50): Promise<number> {
  const rows = claimDue(now(), limit);
  await Promise.all(rows.map((row) => deliverOne(row)));
  return rows.length;
}

async function deliverOne(row: OutboxRow) {
  const channel = db.select().from(notificationChannels).where(eq(notificationChannels.id, row.channelId)).get();
  if (!channel) return;
  const started = performance.now();
  try {
    let result: { statusCode: number | null };
    if (channel.type === "webhook") result = await deliverWebhook(channel, row);
    else if (channel.type === "email") result = await deliverEmail(channel, row);
    else result = deliverInApp(channel, row);
    recordAttempt(row, true, result.statusCode, null, Math.round(performance.now() - started));
    db.update(notificationOutbox)
      .set({ status: "delivered", deliveredAt: now(), lockedUntil: null, lastError: null })
      .where(eq(notificationOutbox.id, row.id))
      .run();
    channelSucceeded(channel.id);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const statusCode = (error as { statusCode?: number }).statusCode ?? null;
    recordAttempt(row, false, statusCode, message, Math.round(performance.now() - started));
    const at = now();
    const next = at + deliveryBackoffMs(row.attempts);
    if (next - row.createdAt > DELIVERY_WINDOW_MS) {
      db.update(notificationOutbox)
        .set({ status: "failed", lockedUntil: null, lastError: message })
        .where(eq(notificationOutbox.id, row.id))
        .run();
    } else {
      db.update(notificationOutbox)
        .set({ status: "pending", nextAttemptAt: next, lockedUntil: null, lastError: message })
        .where(eq(notificationOutbox.id, row.id))
        .run();
    }
    channelFailed(channel.tenantId, channel.id);
  }
}

/** The bell: a member's latest in-app notifications and the unread count. */
// The bell is on every signed-in page: its two queries are built and prepared once (db.server.ts preparedQuery).
const bellQueries = preparedQuery((d) => {
  const mine = and(
    eq(inAppNotifications.tenantId, sql.placeholder("tenantId")),
    eq(inAppNotifications.userId, sql.placeholder("userId")),
  );
  return {
    latest: d
      .select()
      .from(inAppNotifications)
      .where(mine)
      .orderBy(desc(inAppNotifications.createdAt))
      .limit(sql.placeholder("limit"))
      .prepare(),
    unread: d
      .select({ n: count() })
      .from(inAppNotifications)
      .where(and(mine, isNull(inAppNotifications.readAt)))
      .prepare(),
  };
});

export function bellFor(tenantId: string, userId: string, limit = 10) {
  const q = bellQueries();
  const items = q.latest.all({ tenantId, userId, limit });
  const unread = q.unread.get({ tenantId, userId })!.n;
  return { items, unread };
}

export function markBellRead(tenantId: string, userId: string) {
  db.update(inAppNotifications)
    .set({ readAt: now() })
    .where(
      and(
        eq(inAppNotifications.tenantId, tenantId),
        eq(inAppNotifications.userId, userId),
        isNull(inAppNotifications.readAt),
      ),
    )
    .run();
}

/** Queues a test message through the outbox (so it is retried and shown like any delivery). */
export function queueTestMessage(tenantId: string, channelId: string, actor: string): string | null {
  const channel = getChannel(tenantId, channelId);
  if (!channel) return null;
  const at = new Date(now()).toISOString();
  return enqueueNotification({
    tenantId,
    channelId,
    alertId: null,
    type: "test.ping",
    alert: {
      id: "test",
      title: `Test message for "${channel.name}"`,
      detail: `Sent by ${actor} from Rampart to check this channel. No action is needed.`,
      severity: "low",
      source: "rampart",
      status: "active",
      occurrences: 1,
      createdAt: at,
    },
  });
}
