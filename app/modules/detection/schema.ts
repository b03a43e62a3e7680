/**
 * Tables of the detection module: Sigma rules, detections, alert windows, placeholders and
 * saved hunts.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ---- detection (issue 15: Sigma rules, detections, hunts, playbooks) ----

// Sigma rules of a tenant, kept as written (yaml) with the metadata the lists show.
export const detectionRules = sqliteTable(
  "detection_rules",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    level: text("level"),
    status: text("status"),
    sigmaId: text("sigma_id"),
    logsource: text("logsource", { mode: "json" }).$type<Record<string, string>>().notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    author: text("author"),
    license: text("license"),
    references: text("references", { mode: "json" }).$type<string[]>().notNull(),
    yaml: text("yaml").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastMatchAt: integer("last_match_at", { mode: "number" }),
  },
  (t) => [index("detection_rules_tenant_idx").on(t.tenantId, t.createdAt)],
);

// One row per (rule, event) match; the rule's title and level are copied so the list reads without a join.
export const detections = sqliteTable(
  "detections",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    ruleId: text("rule_id")
      .notNull()
      .references(() => detectionRules.id, { onDelete: "cascade" }),
    ruleTitle: text("rule_title").notNull(),
    level: text("level"),
    eventId: text("event_id").notNull(),
    eventTime: integer("event_time", { mode: "number" }).notNull(),
    host: text("host"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("detections_rule_event_unique").on(t.ruleId, t.eventId),
    index("detections_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("detections_tenant_rule_idx").on(t.tenantId, t.ruleId, t.createdAt),
  ],
);

// High/critical detections alert once per rule, host and window; later matches in the window raise the counter.
export const detectionAlertWindows = sqliteTable(
  "detection_alert_windows",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    ruleId: text("rule_id")
      .notNull()
      .references(() => detectionRules.id, { onDelete: "cascade" }),
    host: text("host").notNull(),
    windowStart: integer("window_start", { mode: "number" }).notNull(),
    alertId: text("alert_id"),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ruleId, t.host, t.windowStart] })],
);

// A tenant's `%name%` lists for Sigma's `|expand` modifier (e.g. Admins_Workstations): rules resolve them when loaded.
export const detectionPlaceholders = sqliteTable(
  "detection_placeholders",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    values: text("values", { mode: "json" }).$type<string[]>().notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

// Saved hunts: the query (a /logs query or a Sigma rule) and how many events it found.
export const hunts = sqliteTable(
  "hunts",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["query", "sigma"] }).notNull(),
    query: text("query").notNull(),
    resultsCount: integer("results_count").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("hunts_tenant_idx").on(t.tenantId, t.createdAt)],
);
