/**
 * Tables of the training module (issue 34): phishing simulation campaigns, their recipients and what each
 * recipient did (events), the organization's own e-mail templates, and course assignments. The starter
 * templates and the courses live in code (templates.ts, courses.ts); a campaign copies its template when it is
 * created, so editing or deleting a template never changes a campaign already sent.
 *
 * Nothing a recipient types on a landing page is stored anywhere: a submission is a timestamp and an event.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";

const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const tenantId = () =>
  text("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

// The organization's own templates (imported from a raw .eml or written by hand).
export const trainingTemplates = sqliteTable(
  "training_templates",
  {
    id: text("id").primaryKey(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("training_templates_tenant_idx").on(t.tenantId, t.createdAt)],
);

export const CAMPAIGN_STATUSES = ["scheduled", "sending", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const trainingCampaigns = sqliteTable(
  "training_campaigns",
  {
    id: text("id").primaryKey(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    templateName: text("template_name").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    // The course a person who clicks or submits is enrolled in (courses.ts id), or none.
    courseId: text("course_id"),
    launchAt: integer("launch_at", { mode: "number" }).notNull(),
    spreadMinutes: integer("spread_minutes").notNull().default(0),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("scheduled"),
    lastError: text("last_error"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("training_campaigns_tenant_idx").on(t.tenantId, t.createdAt)],
);

export const trainingRecipients = sqliteTable(
  "training_recipients",
  {
    id: text("id").primaryKey(),
    tenantId: tenantId(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => trainingCampaigns.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    department: text("department").notNull().default(""),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // 32 random bytes (base64url) in every link of this recipient's mail: unguessable, unique.
    token: text("token").notNull(),
    sendAt: integer("send_at", { mode: "number" }).notNull(),
    // Set in the same UPDATE that claims the recipient for sending: a claimed recipient is never mailed again.
    claimedAt: integer("claimed_at", { mode: "number" }),
    sentAt: integer("sent_at", { mode: "number" }),
    // A send that failed after its claim, or was interrupted by a restart (not retried: never twice).
    sendError: text("send_error"),
    openedAt: integer("opened_at", { mode: "number" }),
    clickedAt: integer("clicked_at", { mode: "number" }),
    submittedAt: integer("submitted_at", { mode: "number" }),
    reportedAt: integer("reported_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("training_recipients_token_idx").on(t.token),
    uniqueIndex("training_recipients_campaign_email_idx").on(t.campaignId, t.email),
    index("training_recipients_tenant_idx").on(t.tenantId, t.campaignId),
  ],
);

export const TRACKING_EVENTS = ["sent", "opened", "clicked", "submitted", "reported"] as const;
export type TrackingEvent = (typeof TRACKING_EVENTS)[number];

// The timeline: every event of every recipient (repeated opens and clicks too), never any typed value.
export const trainingEvents = sqliteTable(
  "training_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: tenantId(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => trainingCampaigns.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => trainingRecipients.id, { onDelete: "cascade" }),
    type: text("type", { enum: TRACKING_EVENTS }).notNull(),
    at: integer("at", { mode: "number" }).notNull(),
  },
  (t) => [index("training_events_campaign_idx").on(t.tenantId, t.campaignId, t.at)],
);

// A course assigned to a person (a member, or anyone by e-mail address: they take it through the tokened link).
export const trainingAssignments = sqliteTable(
  "training_assignments",
  {
    id: text("id").primaryKey(),
    tenantId: tenantId(),
    courseId: text("course_id").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    token: text("token").notNull(),
    dueAt: integer("due_at", { mode: "number" }).notNull(),
    // Where it came from: assigned by hand, or a click or submission in a campaign.
    campaignId: text("campaign_id").references(() => trainingCampaigns.id, { onDelete: "set null" }),
    completedAt: integer("completed_at", { mode: "number" }),
    // Percentage of quiz answers right at completion.
    score: integer("score"),
    reminderSentAt: integer("reminder_sent_at", { mode: "number" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("training_assignments_token_idx").on(t.token),
    uniqueIndex("training_assignments_person_idx").on(t.tenantId, t.courseId, t.email),
  ],
);
