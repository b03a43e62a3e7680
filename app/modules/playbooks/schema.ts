/**
 * Tables of the playbooks module.
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

// ---- playbooks (issue 15: SIEM/SOAR response playbooks) ----
// A playbook: a trigger on detections (a rule, a tag such as attack.t1059, or a level at or above a threshold)
// and ordered steps (raise an alert, open an incident, notify a channel, add an indicator, wait for approval).
export const playbooks = sqliteTable(
  "playbooks",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    triggerType: text("trigger_type", { enum: ["rule", "tag", "level"] }).notNull(),
    // the rule id, the tag (lower case) or the minimum level
    triggerValue: text("trigger_value").notNull(),
    steps: text("steps", { mode: "json" }).$type<Record<string, string>[]>().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [index("playbooks_tenant_idx").on(t.tenantId, t.createdAt)],
);

// One run of a playbook for one detection: its steps with their outcomes, executed by the durable job runner.
export const playbookRuns = sqliteTable(
  "playbook_runs",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // kept when the playbook is deleted: the run stays on record with the playbook's name
    playbookId: text("playbook_id").references(() => playbooks.id, { onDelete: "set null" }),
    playbookName: text("playbook_name").notNull(),
    // one run per playbook, rule, host and hour: a burst of matches does not start a burst of runs
    dedupeKey: text("dedupe_key").notNull(),
    status: text("status", {
      enum: ["queued", "running", "awaiting_approval", "completed", "failed", "rejected"],
    }).notNull(),
    trigger: text("trigger", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    steps: text("steps", { mode: "json" }).$type<Record<string, unknown>[]>().notNull(),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("playbook_runs_dedupe_unique").on(t.tenantId, t.dedupeKey),
    index("playbook_runs_tenant_idx").on(t.tenantId, t.createdAt),
    index("playbook_runs_playbook_idx").on(t.playbookId, t.createdAt),
  ],
);

// Indicators (host, IP, hash, user) that playbooks put on the tenant's watchlist, shown on /siem-soar.
export const playbookIndicators = sqliteTable(
  "playbook_indicators",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["host", "ip", "hash", "user"] }).notNull(),
    value: text("value").notNull(),
    playbookId: text("playbook_id").references(() => playbooks.id, { onDelete: "set null" }),
    runId: text("run_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("playbook_indicators_unique").on(t.tenantId, t.kind, t.value)],
);
