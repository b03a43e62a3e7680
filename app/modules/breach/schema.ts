/**
 * Tables of the breach module: the breach catalogue, exposed accounts, watchlists,
 * exposures and the breach feed state.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenants } from "../tenants/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ---------------------------------------------------------------------------
// Breach catalogue in the Have I Been Pwned breach model, and exposed
// accounts as an HMAC of the normalised e-mail beside its domain in clear.
// ---------------------------------------------------------------------------
export const breaches = sqliteTable(
  "breaches",
  {
    id: id(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    domain: text("domain").notNull().default(""),
    breachDate: text("breach_date").notNull(),
    addedDate: text("added_date").notNull(),
    pwnCount: integer("pwn_count").notNull().default(0),
    description: text("description").notNull().default(""),
    dataClasses: text("data_classes", { mode: "json" }).$type<string[]>().notNull(),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(true),
    isFabricated: integer("is_fabricated", { mode: "boolean" }).notNull().default(false),
    isSensitive: integer("is_sensitive", { mode: "boolean" }).notNull().default(false),
    isRetired: integer("is_retired", { mode: "boolean" }).notNull().default(false),
    isSpamList: integer("is_spam_list", { mode: "boolean" }).notNull().default(false),
    importedAt: createdAt(),
  },
  (t) => [uniqueIndex("breaches_name_unique").on(t.name)],
);

export const breachAccounts = sqliteTable(
  "breach_accounts",
  {
    breachId: text("breach_id")
      .notNull()
      .references(() => breaches.id, { onDelete: "cascade" }),
    emailHash: text("email_hash").notNull(),
    domain: text("domain").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.breachId, t.emailHash] }),
    index("breach_accounts_hash_idx").on(t.emailHash),
    index("breach_accounts_domain_idx").on(t.domain),
  ],
);

// Dark web monitoring: a tenant's watchlist and the exposures found for it.
export const watchedIdentities = sqliteTable(
  "watched_identities",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["email", "domain"] }).notNull(),
    // The watched e-mail address (type email) or domain (type domain), normalised.
    value: text("value").notNull(),
    domain: text("domain").notNull(),
    emailHash: text("email_hash"),
    // Domains count only once the tenant has shown it controls them (a DNS TXT record, issue 32).
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    // The value the tenant publishes as `rampart-verification=<token>` in the domain's TXT records.
    verificationToken: text("verification_token"),
    // The last check of that record (by the Verify button or the scheduled re-check) and why it failed.
    verificationCheckedAt: integer("verification_checked_at"),
    verificationError: text("verification_error"),
    // Issue 32: the third way to verify, a confirmation link mailed to security@/postmaster@/hostmaster@ the domain.
    // Only the SHA-256 of the link's token is kept; the link works once, until the expiry.
    mailVerificationHash: text("mail_verification_hash"),
    mailVerificationExpiresAt: integer("mail_verification_expires_at"),
    mailVerificationAddress: text("mail_verification_address"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("watched_tenant_value_unique").on(t.tenantId, t.type, t.value),
    index("watched_domain_idx").on(t.domain),
  ],
);

export const exposures = sqliteTable(
  "exposures",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    identityId: text("identity_id")
      .notNull()
      .references(() => watchedIdentities.id, { onDelete: "cascade" }),
    breachId: text("breach_id")
      .notNull()
      .references(() => breaches.id, { onDelete: "cascade" }),
    accountCount: integer("account_count").notNull().default(1),
    status: text("status", { enum: ["open", "resolved", "skipped"] })
      .notNull()
      .default("open"),
    foundAt: createdAt(),
  },
  (t) => [
    uniqueIndex("exposures_identity_breach_unique").on(t.identityId, t.breachId),
    index("exposures_tenant_idx").on(t.tenantId),
  ],
);

// ---- breach feed (issue 20) ----
// One row per feed (today "hibp"): when the breach catalogue was last synced
// and with what outcome, for the dark web page and the operator.
export const breachFeedState = sqliteTable("breach_feed_state", {
  feed: text("feed").primaryKey(),
  baseUrl: text("base_url").notNull(),
  lastAttemptAt: integer("last_attempt_at", { mode: "number" }),
  lastSyncAt: integer("last_sync_at", { mode: "number" }),
  lastError: text("last_error"),
  breachCount: integer("breach_count").notNull().default(0),
  // The API's retry-after: no request before this time.
  notBefore: integer("not_before", { mode: "number" }),
});
