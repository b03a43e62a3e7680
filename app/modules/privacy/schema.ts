/**
 * Tables of the privacy module (Privacy Guard).
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

// ---- privacy ----
// Privacy Guard (app/modules/privacy): data subject requests with their legal
// due dates, the data map of systems holding personal data, one checklist task
// per system in scope, extensions, and an append-only history of every change.
// Calendar dates (requested, due, closed) are YYYY-MM-DD in the tenant's time zone.
export const privacySettings = sqliteTable("privacy_settings", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  intakeEnabled: integer("intake_enabled", { mode: "boolean" }).notNull().default(false),
  intakeJurisdiction: text("intake_jurisdiction").notNull().default("gdpr"),
  customDays: integer("custom_days").notNull().default(30),
  customExtensionDays: integer("custom_extension_days").notNull().default(0),
  updatedAt: createdAt(),
});

export const privacySystems = sqliteTable(
  "privacy_systems",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    owner: text("owner").notNull(),
    dataCategories: text("data_categories", { mode: "json" }).$type<string[]>().notNull(),
    location: text("location").notNull(),
    retention: text("retention").notNull(),
    // Request types this system is in scope for; a new request gets a task per matching system.
    requestTypes: text("request_types", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("privacy_systems_tenant_idx").on(t.tenantId)],
);

export const privacyRequests = sqliteTable(
  "privacy_requests",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // Per-tenant sequence; the subject's reference is DSR-<number>.
    number: integer("number").notNull(),
    type: text("type", {
      enum: ["access", "deletion", "correction", "portability", "objection", "restriction"],
    }).notNull(),
    status: text("status", { enum: ["pending", "verifying", "in-progress", "completed", "rejected"] })
      .notNull()
      .default("pending"),
    jurisdiction: text("jurisdiction", { enum: ["gdpr", "uk-gdpr", "ccpa", "lgpd", "pipeda", "custom"] }).notNull(),
    channel: text("channel", { enum: ["web-form", "email", "post", "phone", "in-person", "api"] }).notNull(),
    subjectName: text("subject_name").notNull(),
    subjectEmail: text("subject_email").notNull(),
    notes: text("notes").notNull().default(""),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    requestedAt: text("requested_at").notNull(),
    // The base period's due date, and the current one (later after extensions).
    originalDueDate: text("original_due_date").notNull(),
    dueDate: text("due_date").notNull(),
    // The custom policy's days at receipt, so a later settings change does not move old deadlines.
    customDays: integer("custom_days"),
    customExtensionDays: integer("custom_extension_days"),
    verificationMethod: text("verification_method"),
    verifiedAt: integer("verified_at", { mode: "number" }),
    rejectionReason: text("rejection_reason"),
    completedAt: integer("completed_at", { mode: "number" }),
    // The calendar day (tenant time zone) it was completed or rejected: compared with dueDate for "on time".
    closedOn: text("closed_on"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("privacy_requests_number_unique").on(t.tenantId, t.number),
    index("privacy_requests_tenant_status_idx").on(t.tenantId, t.status, t.dueDate),
  ],
);

export const privacyExtensions = sqliteTable(
  "privacy_extensions",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    requestId: text("request_id")
      .notNull()
      .references(() => privacyRequests.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    notifiedAt: text("notified_at").notNull(),
    previousDueDate: text("previous_due_date").notNull(),
    newDueDate: text("new_due_date").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("privacy_extensions_request_idx").on(t.tenantId, t.requestId)],
);

export const privacyTasks = sqliteTable(
  "privacy_tasks",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    requestId: text("request_id")
      .notNull()
      .references(() => privacyRequests.id, { onDelete: "cascade" }),
    systemId: text("system_id").references(() => privacySystems.id, { onDelete: "set null" }),
    // The system's name when the task was made: the checklist still reads after the system is removed.
    systemName: text("system_name").notNull(),
    status: text("status", { enum: ["open", "done"] })
      .notNull()
      .default("open"),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    doneAt: integer("done_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("privacy_tasks_request_idx").on(t.tenantId, t.requestId)],
);

// Append-only: the migration adds a trigger that refuses UPDATE (rows go only with their tenant or request).
export const privacyEvents = sqliteTable(
  "privacy_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    requestId: text("request_id")
      .notNull()
      .references(() => privacyRequests.id, { onDelete: "cascade" }),
    // null: the subject through the public form, or the system.
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("privacy_events_request_idx").on(t.tenantId, t.requestId, t.id)],
);
