/**
 * Every table Rampart keeps, in one SQLite file.
 *
 * Tenant-owned tables carry `tenant_id` with ON DELETE CASCADE, and every query
 * helper in app/modules takes the tenant id as a required argument.
 * Timestamps are unix milliseconds (integer) so comparisons stay cheap.
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
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const tenants = sqliteTable("tenants", {
  id: id(),
  name: text("name").notNull(),
  plan: text("plan", { enum: ["free", "pro", "business", "enterprise"] }).notNull().default("free"),
  createdAt: createdAt(),
});

export const memberships = sqliteTable(
  "memberships",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "admin", "member"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("memberships_user_tenant_unique").on(t.userId, t.tenantId),
    index("memberships_tenant_idx").on(t.tenantId),
  ],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // SHA-256 of the token in the link; the token itself is shown once.
    tokenHash: text("token_hash").notNull(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    acceptedBy: text("accepted_by"),
    acceptedAt: integer("accepted_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("invitations_token_unique").on(t.tokenHash), index("invitations_tenant_idx").on(t.tenantId)],
);

export const trials = sqliteTable(
  "trials",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // 'active' until endsAt; 'ended' when an operator ends it early. Expiry is computed from endsAt.
    status: text("status", { enum: ["active", "ended"] }).notNull(),
    startedAt: integer("started_at", { mode: "number" }).notNull(),
    endsAt: integer("ends_at", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("trials_tenant_unique").on(t.tenantId)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_tenant_idx").on(t.tenantId, t.createdAt), index("audit_user_idx").on(t.userId, t.createdAt)],
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
  (t) => [index("login_failures_email_idx").on(t.email, t.createdAt), index("login_failures_ip_idx").on(t.ip, t.createdAt)],
);

export const contactMessages = sqliteTable("contact_messages", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  ip: text("ip"),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;
export type Tenant = typeof tenants.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Role = Membership["role"];
