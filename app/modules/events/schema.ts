/**
 * Tables of the events module: stored events, event settings and quota, anomalies and the
 * detectors' state.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenants } from "../tenants/schema";

const id = () => text("id").primaryKey();

// Stored events. `rowid` (seq) orders them and keys the FTS5 index (migration events-fts).
export const events = sqliteTable(
  "events",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    receivedAt: integer("received_at", { mode: "number" }).notNull(),
    time: integer("time", { mode: "number" }).notNull(),
    host: text("host"),
    source: text("source"),
    category: text("category"),
    product: text("product"),
    message: text("message"),
    // Flattened fields (JSON object, string/number/boolean values).
    fields: text("fields").notNull(),
    // The event as received (JSON text or the syslog line).
    original: text("original").notNull(),
  },
  (t) => [
    uniqueIndex("events_id_unique").on(t.id),
    index("events_tenant_time_idx").on(t.tenantId, t.time),
    index("events_tenant_received_idx").on(t.tenantId, t.receivedAt),
  ],
);

// Per-tenant event settings: retention (days from receipt).
export const eventSettings = sqliteTable("event_settings", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  retentionDays: integer("retention_days").notNull().default(30),
});

// Events accepted per tenant per UTC day, and the bytes stored for them, for the daily quota.
export const eventQuotaUsage = sqliteTable(
  "event_quota_usage",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
    bytes: integer("bytes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

// Anomalies (spec entity: id, type, severity, detectedAt, user) with their explanation and events.
export const anomalies = sqliteTable(
  "anomalies",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    detectedAt: integer("detected_at", { mode: "number" }).notNull(),
    user: text("user"),
    host: text("host"),
    // What was unusual, as a stable key: a benign verdict suppresses the same pattern later.
    pattern: text("pattern").notNull(),
    explanation: text("explanation").notNull(),
    eventIds: text("event_ids", { mode: "json" }).$type<string[]>().notNull(),
    status: text("status", { enum: ["open", "acknowledged", "benign"] })
      .notNull()
      .default("open"),
    dedupeKey: text("dedupe_key").notNull(),
  },
  (t) => [
    uniqueIndex("anomalies_dedupe_unique").on(t.tenantId, t.dedupeKey),
    index("anomalies_tenant_detected_idx").on(t.tenantId, t.detectedAt),
  ],
);

// What the detectors remember per tenant: first-seen terms, hourly counts, last sign-in place.
export const anomalyState = sqliteTable(
  "anomaly_state",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
