/**
 * Tables of the emergency access module: the trusted contacts an organization names (one row per contact, carrying
 * the state of its current request or grant) and the timeline of everything that happened to each.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";
import { EMERGENCY_LEVELS } from "./rules";

const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export { EMERGENCY_LEVELS, type EmergencyLevel } from "./rules";
/**
 * invited → accepted → requested → granted → (expired | revoked) → accepted …; a rejected request goes back to
 * accepted; `declined` (by the contact) and `removed` (by the organization) are final.
 */
export const CONTACT_STATES = ["invited", "accepted", "requested", "granted", "declined", "removed"] as const;
export type ContactState = (typeof CONTACT_STATES)[number];

export const emergencyContacts = sqliteTable(
  "emergency_contacts",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // The address the owner named (lower case); the contact acts once signed in with this address verified.
    email: text("email").notNull(),
    contactUserId: text("contact_user_id").references(() => users.id, { onDelete: "cascade" }),
    // The owner or admin who named the contact: the grantor told of requests.
    grantorUserId: text("grantor_user_id").references(() => users.id, { onDelete: "set null" }),
    level: text("level", { enum: EMERGENCY_LEVELS }).notNull(),
    waitDays: integer("wait_days").notNull(),
    grantDays: integer("grant_days").notNull(),
    state: text("state", { enum: CONTACT_STATES }).notNull(),
    requestedAt: integer("requested_at", { mode: "number" }),
    // When the current request is granted unless rejected (requested_at + wait).
    grantAt: integer("grant_at", { mode: "number" }),
    grantedAt: integer("granted_at", { mode: "number" }),
    endsAt: integer("ends_at", { mode: "number" }),
    usedAt: integer("used_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("emergency_contacts_tenant_idx").on(t.tenantId),
    // The tenant gate asks "which grants does this person hold" on every request.
    index("emergency_contacts_user_idx").on(t.contactUserId, t.state),
    index("emergency_contacts_email_idx").on(t.email),
  ],
);

export const EMERGENCY_EVENT_KINDS = [
  "invited",
  "accepted",
  "declined",
  "requested",
  "rejected",
  "granted",
  "used",
  "expired",
  "revoked",
  "removed",
] as const;
export type EmergencyEventKind = (typeof EMERGENCY_EVENT_KINDS)[number];

export const emergencyEvents = sqliteTable(
  "emergency_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => emergencyContacts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EMERGENCY_EVENT_KINDS }).notNull(),
    // Who did it; null when the clock did (granted, expired).
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    at: integer("at", { mode: "number" }).notNull(),
  },
  (t) => [index("emergency_events_contact_idx").on(t.tenantId, t.contactId, t.at)],
);

export type EmergencyContact = typeof emergencyContacts.$inferSelect;
