/**
 * Table of the phishing module: analysed messages.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ---------------------------------------------------------------------------
// Phishing analyzer: one row per analysed message. The raw message is not
// kept; the parsed, text-only view and the analysis are.
// ---------------------------------------------------------------------------
export const phishingItems = sqliteTable(
  "phishing_items",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    sender: text("sender").notNull(),
    senderName: text("sender_name"),
    risk: text("risk", { enum: ["low", "medium", "high"] }).notNull(),
    score: integer("score").notNull(),
    // What the threat is (issue 29); rows analysed before kinds existed read "legitimate" at low risk, else
    // "phishing" (set by migration 0016).
    kind: text("kind", { enum: ["phishing", "scam", "malware", "spam", "legitimate"] })
      .notNull()
      .default("legitimate"),
    status: text("status", { enum: ["detected", "quarantined"] })
      .notNull()
      .default("detected"),
    rationale: text("rationale", { mode: "json" }).$type<string[]>().notNull(),
    // Structured signals, links, attachments and headers for the detail view.
    analysis: text("analysis", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    bodyText: text("body_text"),
    messageId: text("message_id"),
    sentAt: integer("sent_at", { mode: "number" }),
    sizeBytes: integer("size_bytes").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("phishing_tenant_created_idx").on(t.tenantId, t.createdAt)],
);

// ---------------------------------------------------------------------------
// The indicators an analysed message carries (issue 32): relays' IPs and hosts from its Received: headers,
// its sender, Reply-To and Return-Path addresses and their domains, its links and their hosts, its
// attachments' SHA-256. The raw message is not kept, so these are what threat hunting matches exactly
// (the (tenant, value) index). Values are canonical: IPs as ipaddr.js prints them, the rest lowercased.
// ---------------------------------------------------------------------------
export const phishingIndicators = sqliteTable(
  "phishing_indicators",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => phishingItems.id, { onDelete: "cascade" }),
    // Where in the message the indicator is, as the hunt's result says it.
    source: text("source", {
      enum: ["received", "sender", "reply-to", "return-path", "link", "attachment"],
    }).notNull(),
    value: text("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.source, t.value] }),
    index("phishing_indicators_value_idx").on(t.tenantId, t.value),
  ],
);
