/**
 * Tables of the tenants module: organizations, memberships (and the Role type), invitations
 * and trials.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const tenants = sqliteTable("tenants", {
  id: id(),
  name: text("name").notNull(),
  plan: text("plan", { enum: ["free", "pro", "business", "enterprise"] })
    .notNull()
    .default("free"),
  createdAt: createdAt(),
  // Public address of the tenant's pages that need one (the privacy request form,
  // /privacy-request/<slug>): derived from the name when first needed, then never
  // changed, so a published link keeps working after a rename (app/modules/tenants/profile.server.ts).
  slug: text("slug").unique("tenants_slug_unique"),
  // IANA time zone for calendar dates (privacy request due dates); owners and admins set it.
  timeZone: text("time_zone").notNull().default("UTC"),
  // Issue 33: owners require two-factor sign-in of every member; members without it enrol at their next sign-in.
  requireTwoFactor: integer("require_two_factor", { mode: "boolean" }).notNull().default(false),
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
    // Roles and what each may do: app/lib/permissions.ts (viewer: read-only).
    role: text("role", { enum: ["owner", "admin", "member", "viewer"] }).notNull(),
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
    role: text("role", { enum: ["admin", "member", "viewer"] }).notNull(),
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

// An organization asking the operator for a plan (issue 32): there is no payment provider, so "request a quote"
// and "ask for this plan" are stored here, shown in the operator console and mailed when SMTP is set.
export const upgradeRequests = sqliteTable(
  "upgrade_requests",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    plan: text("plan", { enum: ["free", "pro", "business", "enterprise"] }).notNull(),
    // The feature whose upgrade wall the request came from, when it came from one.
    feature: text("feature"),
    message: text("message"),
    status: text("status", { enum: ["open", "done"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
  },
  (t) => [index("upgrade_requests_tenant_idx").on(t.tenantId, t.createdAt)],
);

export type Tenant = typeof tenants.$inferSelect;

export type Membership = typeof memberships.$inferSelect;

// ---- trials: one per person (app/modules/tenants/trials.server.ts, docs/decisions/016) ----
// Who started a trial from the app. The primary key makes "one trial per
// user in total" a single atomic insert; trials an operator starts have no row.
// A person's record, not the organization's (the trial itself is in `trials`),
// so it has no tenant_id and needs no page-cache trigger.
export const trialStarts = sqliteTable("trial_starts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});
