/**
 * Tables of the accounts module: people (users), their sign-in sessions, failed sign-ins,
 * single-use account tokens and account notices. Other modules read people through the
 * accounts module's functions.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  "users",
  {
    id: id(),
    // Stored lower-cased and trimmed; the unique index makes e-mail unique regardless of case.
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    passwordChangedAt: integer("password_changed_at", { mode: "number" }),
    // Set when the owner followed the verification link (issue 20); null: unverified, which blocks
    // invitations and watched domains. Accounts older than the column count as verified (migration 0013).
    emailVerifiedAt: integer("email_verified_at", { mode: "number" }),
    // May use the operator console (/operator, issue 32): set by `npm run admin -- operator <email>`, or by
    // RAMPART_OPERATOR_EMAILS for a verified address. Never set by anything a customer can do.
    isOperator: integer("is_operator", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the random session id the cookie carries: a copy of the database
    // does not hand out live sessions.
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    selectedTenantId: text("selected_tenant_id"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "number" }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    // Issue 33: a session that passed the password but not yet the second factor ("second-factor"), or whose
    // person must first enrol because an organization requires it ("enrol"). Such a session signs nobody in:
    // getSession() ignores it; only /login/2fa reads it. Null: signed in.
    pendingStep: text("pending_step", { enum: ["second-factor", "enrol"] }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Failed sign-ins, counted per e-mail and per client address for the brute-force window. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_failures_email_idx").on(t.email, t.createdAt),
    index("login_failures_ip_idx").on(t.ip, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;

// ---- account lifecycle ----
// Issue 20: password reset (and later e-mail verification) tokens. Only the
// SHA-256 of a token is stored; the token itself travels once, in the e-mail.
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["password-reset", "verify-email"] }).notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    // Single use: set when the token is spent; a spent token never works again.
    usedAt: integer("used_at", { mode: "number" }),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose, t.createdAt)],
);

// ---- account lifecycle: notices (issue 20) ----
// In-app messages to one person that outlive an organization: "X deleted the
// organization Y" cannot go to the bell (in_app_notifications belong to the
// deleted tenant and go with it). A person's record, no tenant_id, so it needs
// no page-cache trigger; the shell shows unread ones as a banner.
export const accountNotices = sqliteTable(
  "account_notices",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    createdAt: createdAt(),
    readAt: integer("read_at", { mode: "number" }),
  },
  (t) => [index("account_notices_user_idx").on(t.userId, t.readAt)],
);

// ---- two-factor sign-in (issue 33) ----
// One row per person who started or finished TOTP enrolment. The secret is sealed (app/lib/secret-box.server.ts).
// enabledAt null: enrolment started, not confirmed with a code yet (the secret is not used at sign-in).
export const twoFactor = sqliteTable("two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  createdAt: createdAt(),
  enabledAt: integer("enabled_at", { mode: "number" }),
  // The TOTP time step (unix seconds / 30) of the last code accepted: a code of that step or an earlier one is
  // refused, so an observed code cannot be replayed within the ±1 step window.
  lastStep: integer("last_step", { mode: "number" }),
});

// Ten single-use recovery codes per person, shown once; only their SHA-256 is kept (they are random, 50 bits).
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    usedAt: integer("used_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_unique").on(t.userId, t.codeHash)],
);
