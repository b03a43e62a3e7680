/**
 * Tables of the alerts module. Other modules create alerts only with raiseAlert / raiseAlerts,
 * change their state only with transitionAlert and read them with getAlerts, so every alert goes
 * through alert rules, channels (the durable notification outbox), escalation and the timeline.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ---------------------------------------------------------------------------
// Alerts: raised by every module, read by /alerts and /api/alerts/active.
// dedupe_key keeps one alert per cause (e.g. one per breach and identity).
// ---------------------------------------------------------------------------
export const alerts = sqliteTable(
  "alerts",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    title: text("title").notNull(),
    detail: text("detail"),
    status: text("status", { enum: ["active", "acknowledged", "resolved"] })
      .notNull()
      .default("active"),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "number" }),
    // ---- alerting (issue 16): lifecycle and fingerprint deduplication ----
    // sha256 of (source, rule, entity): a new occurrence of an open alert bumps `occurrences`.
    fingerprint: text("fingerprint"),
    rule: text("rule"),
    entity: text("entity"),
    occurrences: integer("occurrences").notNull().default(1),
    lastSeenAt: integer("last_seen_at", { mode: "number" }),
    silencedUntil: integer("silenced_until", { mode: "number" }),
    acknowledgedAt: integer("acknowledged_at", { mode: "number" }),
    // Raised inside a maintenance window: recorded, never notified.
    suppressed: integer("suppressed", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("alerts_tenant_status_idx").on(t.tenantId, t.status, t.createdAt),
    uniqueIndex("alerts_dedupe_unique").on(t.tenantId, t.dedupeKey),
    index("alerts_fingerprint_idx").on(t.tenantId, t.fingerprint),
  ],
);

// ---- alerting ----
// Issue 16: alert timeline, maintenance windows, alert rules, notification
// channels with a durable outbox, escalation policies, in-app notifications.

// Every change to an alert (raised, repeated, acknowledged, escalation step...), with who and when.
// The integer id orders events and is the SSE event id (`Last-Event-ID` resume).
export const alertEvents = sqliteTable(
  "alert_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    // null: the system (a rule, the escalation engine).
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("alert_events_tenant_idx").on(t.tenantId, t.id), index("alert_events_alert_idx").on(t.alertId, t.id)],
);

export const maintenanceWindows = sqliteTable(
  "maintenance_windows",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "number" }).notNull(),
    endsAt: integer("ends_at", { mode: "number" }).notNull(),
    // null: every source.
    source: text("source"),
    reason: text("reason").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("maintenance_windows_tenant_idx").on(t.tenantId, t.endsAt)],
);

export const notificationChannels = sqliteTable(
  "notification_channels",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["email", "webhook", "in_app"] }).notNull(),
    name: text("name").notNull(),
    // email: { recipients: string[] }; webhook: { url, format: "standard" | "slack" }; in_app: { userIds?: string[] }
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    // Standard Webhooks signing secret (whsec_...), shown once at creation.
    secret: text("secret"),
    status: text("status", { enum: ["ok", "failing"] })
      .notNull()
      .default("ok"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("notification_channels_tenant_idx").on(t.tenantId)],
);

export const escalationPolicies = sqliteTable(
  "escalation_policies",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // [{ channelIds: string[], memberIds: string[], waitMinutes: number }]
    steps: text("steps", { mode: "json" })
      .$type<{ channelIds: string[]; memberIds: string[]; waitMinutes: number }[]>()
      .notNull(),
    repeatLast: integer("repeat_last").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("escalation_policies_tenant_idx").on(t.tenantId)],
);

export const alertRules = sqliteTable(
  "alert_rules",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    matchSource: text("match_source"),
    minSeverity: text("min_severity", { enum: ["low", "medium", "high", "critical"] })
      .notNull()
      .default("low"),
    matchText: text("match_text"),
    channelIds: text("channel_ids", { mode: "json" }).$type<string[]>().notNull(),
    escalationPolicyId: text("escalation_policy_id").references(() => escalationPolicies.id, {
      onDelete: "set null",
    }),
    // "first": stop at this rule when it matches; "all": keep looking at later rules too.
    mode: text("mode", { enum: ["first", "all"] })
      .notNull()
      .default("first"),
    createdAt: createdAt(),
  },
  (t) => [index("alert_rules_tenant_idx").on(t.tenantId, t.position)],
);

// The outbox: one row per (alert event, channel). Delivered by the in-process worker with retries.
export const notificationOutbox = sqliteTable(
  "notification_outbox",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    channelId: text("channel_id")
      .notNull()
      .references(() => notificationChannels.id, { onDelete: "cascade" }),
    alertId: text("alert_id").references(() => alerts.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "delivering", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "number" }).notNull(),
    lockedUntil: integer("locked_until", { mode: "number" }),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
    deliveredAt: integer("delivered_at", { mode: "number" }),
  },
  (t) => [
    index("notification_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("notification_outbox_channel_idx").on(t.tenantId, t.channelId, t.createdAt),
  ],
);

export const notificationAttempts = sqliteTable(
  "notification_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    outboxId: text("outbox_id")
      .notNull()
      .references(() => notificationOutbox.id, { onDelete: "cascade" }),
    channelId: text("channel_id")
      .notNull()
      .references(() => notificationChannels.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("notification_attempts_channel_idx").on(t.tenantId, t.channelId, t.id)],
);

// The running escalation of one alert (one policy per alert).
export const alertEscalations = sqliteTable(
  "alert_escalations",
  {
    alertId: text("alert_id")
      .primaryKey()
      .references(() => alerts.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    policyId: text("policy_id")
      .notNull()
      .references(() => escalationPolicies.id, { onDelete: "cascade" }),
    // The next step to take (0-based) and how often the last step has been repeated.
    stepIndex: integer("step_index").notNull().default(0),
    repeats: integer("repeats").notNull().default(0),
    state: text("state", { enum: ["running", "stopped", "closed", "exhausted"] })
      .notNull()
      .default("running"),
    nextAt: integer("next_at", { mode: "number" }).notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [index("alert_escalations_due_idx").on(t.state, t.nextAt)],
);

// The bell: in-app notifications for one member.
export const inAppNotifications = sqliteTable(
  "in_app_notifications",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    alertId: text("alert_id").references(() => alerts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    readAt: integer("read_at", { mode: "number" }),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("in_app_notifications_user_idx").on(t.tenantId, t.userId, t.createdAt)],
);
