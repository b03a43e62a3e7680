/**
 * Tables of the incidents module.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { alerts } from "../alerts/schema";
import { tenants } from "../tenants/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ---- incidents ----
// Incident response cases (issue 17, app/modules/incidents). The timeline table is append-only: the migration adds a
// trigger that refuses UPDATE (rows go only with their tenant or case, by cascade).

export const incidents = sqliteTable(
  "incidents",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // Per-tenant case number (IR-1, IR-2...).
    number: integer("number").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    status: text("status", { enum: ["open", "investigating", "contained", "resolved", "closed"] })
      .notNull()
      .default("open"),
    resolution: text("resolution", { enum: ["true-positive", "false-positive", "benign", "duplicate"] }),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    tlp: text("tlp", { enum: ["clear", "green", "amber", "red"] })
      .notNull()
      .default("amber"),
    template: text("template"),
    source: text("source", { enum: ["manual", "alerts", "playbook", "api"] })
      .notNull()
      .default("manual"),
    // The case this one was merged into (it is then closed as a duplicate).
    mergedInto: text("merged_into"),
    openedAt: integer("opened_at", { mode: "number" }).notNull(),
    // Measured response: first acknowledgement (investigating or later), containment, resolution.
    acknowledgedAt: integer("acknowledged_at", { mode: "number" }),
    containedAt: integer("contained_at", { mode: "number" }),
    resolvedAt: integer("resolved_at", { mode: "number" }),
    closedAt: integer("closed_at", { mode: "number" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("incidents_number_unique").on(t.tenantId, t.number),
    index("incidents_tenant_status_idx").on(t.tenantId, t.status, t.openedAt),
  ],
);

export const incidentAlerts = sqliteTable(
  "incident_alerts",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    incidentId: text("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.alertId] }),
    index("incident_alerts_alert_idx").on(t.tenantId, t.alertId),
  ],
);

export const incidentTemplates = sqliteTable(
  "incident_templates",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // phishing, account-compromise, malware, data-exposure, lost-device (or a tenant's own).
    key: text("key").notNull(),
    name: text("name").notNull(),
    tasks: text("tasks", { mode: "json" }).$type<{ title: string; phase: string; dueHours: number }[]>().notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("incident_templates_key_unique").on(t.tenantId, t.key)],
);

export const incidentTasks = sqliteTable(
  "incident_tasks",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    incidentId: text("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    phase: text("phase").notNull(),
    dueAt: integer("due_at", { mode: "number" }),
    status: text("status", { enum: ["open", "done"] })
      .notNull()
      .default("open"),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    doneAt: integer("done_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("incident_tasks_case_idx").on(t.tenantId, t.incidentId, t.position)],
);

export const incidentObservables = sqliteTable(
  "incident_observables",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    incidentId: text("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["ip", "domain", "url", "email", "hash", "host", "user"] }).notNull(),
    // Normalised (lower-cased where the type is case-insensitive) so the same indicator links cases.
    value: text("value").notNull(),
    ioc: integer("ioc", { mode: "boolean" }).notNull().default(false),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("incident_observables_unique").on(t.incidentId, t.type, t.value),
    index("incident_observables_value_idx").on(t.tenantId, t.type, t.value),
  ],
);

export const incidentEvidence = sqliteTable(
  "incident_evidence",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    incidentId: text("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    // Relative to the data directory; the name is the evidence id, never the uploaded name.
    storagePath: text("storage_path").notNull(),
    note: text("note"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("incident_evidence_case_idx").on(t.tenantId, t.incidentId)],
);

export const incidentEvents = sqliteTable(
  "incident_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    incidentId: text("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // created, status, assignee, field, task_added, task_done, task_reopened, observable, evidence, comment,
    // correction, alert_linked, merged, sla_breach
    kind: text("kind").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    // For a correction: the entry it corrects.
    corrects: integer("corrects"),
    at: integer("at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("incident_events_case_idx").on(t.tenantId, t.incidentId, t.id)],
);

export const incidentSlaTargets = sqliteTable(
  "incident_sla_targets",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    // Minutes from opening.
    ackMinutes: integer("ack_minutes").notNull(),
    containMinutes: integer("contain_minutes").notNull(),
    resolveMinutes: integer("resolve_minutes").notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.severity] })],
);
