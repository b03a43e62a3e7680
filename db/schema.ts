/**
 * Every table Rampart keeps, in one SQLite file.
 *
 * Tenant-owned tables carry `tenant_id` with ON DELETE CASCADE, and every query
 * helper in app/modules takes the tenant id as a required argument.
 * Timestamps are unix milliseconds (integer) so comparisons stay cheap.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
  (t) => [
    index("login_failures_email_idx").on(t.email, t.createdAt),
    index("login_failures_ip_idx").on(t.ip, t.createdAt),
  ],
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

// ---------------------------------------------------------------------------
// Alerts: raised by every module, read by /alerts and /api/alerts/active.
// dedupe_key keeps one alert per cause (e.g. one per breach and identity).
// ---------------------------------------------------------------------------
export const alerts = sqliteTable(
  "alerts",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    title: text("title").notNull(),
    detail: text("detail"),
    status: text("status", { enum: ["active", "acknowledged", "resolved"] })
      .notNull()
      .default("active"),
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "number" }),
  },
  (t) => [
    index("alerts_tenant_status_idx").on(t.tenantId, t.status, t.createdAt),
    uniqueIndex("alerts_dedupe_unique").on(t.tenantId, t.dedupeKey),
  ],
);

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
// Pwned Passwords range store: SHA-1 split into a 5-hex prefix and 35-hex suffix.
// ---------------------------------------------------------------------------
export const pwnedHashes = sqliteTable(
  "pwned_hashes",
  {
    prefix: text("prefix").notNull(),
    suffix: text("suffix").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.suffix] })],
);

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
    // Domains count only once an operator has verified the tenant controls them.
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
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

// ---------------------------------------------------------------------------
// Page cache (app/lib/page-cache.server.ts, docs/decisions/012): a counter per
// tenant that SQLite triggers raise on every insert, update and delete of a
// tenant-owned row (every table with a tenant_id column, and the tenant row
// itself), whichever connection or process writes. A cached page records the
// counter it was rendered at and is served again only while it is unchanged.
// No foreign key: a deleted tenant's counter is simply never read again.
// The triggers are in the migration SQL (drizzle has no schema object for them).
export const tenantDataVersions = sqliteTable("tenant_data_versions", {
  tenantId: text("tenant_id").primaryKey(),
  version: integer("version").notNull().default(0),
});

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
// ---- jobs (app/lib/jobs.server.ts) ----
// Durable background work: one row per job. A recurring job (interval_ms set)
// goes back to queued with a new run_at after each run. `key` names a job so
// that enqueueing/scheduling it twice keeps one row (e.g. "web-scan:site:<id>").
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    key: text("key"),
    tenantId: text("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    payload: text("payload").notNull().default("{}"),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    runAt: integer("run_at", { mode: "number" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    intervalMs: integer("interval_ms"),
    lockedUntil: integer("locked_until", { mode: "number" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("jobs_key_unique").on(t.key), index("jobs_due_idx").on(t.status, t.runAt)],
);

// ---- vulnerability: web ----
// Sites a tenant watches, each scan of one (Observatory tests + TLS checks),
// and the findings those scans raise in the spec's vulnerability shape.
export const webSites = sqliteTable(
  "web_sites",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    host: text("host").notNull(),
    createdAt: createdAt(),
    lastScanId: text("last_scan_id"),
  },
  (t) => [uniqueIndex("web_sites_tenant_url_unique").on(t.tenantId, t.url)],
);

export const webScans = sqliteTable(
  "web_scans",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    siteId: text("site_id").references(() => webSites.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    grade: text("grade"),
    score: integer("score"),
    // JSON: [{ name, result, pass, scoreModifier, recommendation }]
    tests: text("tests"),
    // JSON: [{ url, status }] — every URL requested, in order
    chain: text("chain"),
    // JSON: the TLS checks (certificate, protocols)
    tls: text("tls"),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "number" }),
  },
  (t) => [index("web_scans_tenant_idx").on(t.tenantId, t.createdAt), index("web_scans_site_idx").on(t.siteId)],
);

export const webFindings = sqliteTable(
  "web_findings",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => webSites.id, { onDelete: "cascade" }),
    // What the finding is about, stable across scans: "tls:expiry", "observatory:content-security-policy".
    checkKey: text("check_key").notNull(),
    title: text("title").notNull(),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    status: text("status", { enum: ["open", "remediated"] })
      .notNull()
      .default("open"),
    target: text("target").notNull(),
    detail: text("detail"),
    discoveredAt: integer("discovered_at", { mode: "number" }).notNull(),
    remediatedAt: integer("remediated_at", { mode: "number" }),
    lastSeenScanId: text("last_seen_scan_id"),
  },
  (t) => [
    uniqueIndex("web_findings_site_check_unique").on(t.siteId, t.checkKey),
    index("web_findings_tenant_idx").on(t.tenantId, t.status),
  ],
);

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

// ---- events (issue 14: API tokens, event ingestion, Logs & Anomalies) ----

// API tokens: only the SHA-256 of the secret is kept; the secret is shown once at creation.
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // JSON array of scopes ("events:write", "read").
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    tokenHash: text("token_hash").notNull(),
    // The first characters after the prefix, so a person can tell tokens apart without the secret.
    hint: text("hint").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "number" }),
    revokedAt: integer("revoked_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("api_tokens_hash_unique").on(t.tokenHash), index("api_tokens_tenant_idx").on(t.tenantId)],
);

// Stored events. `rowid` (seq) orders them and keys the FTS5 index (migration events-fts).
export const events = sqliteTable(
  "events",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    receivedAt: integer("received_at", { mode: "number" }).notNull(),
    time: integer("time", { mode: "number" }).notNull(),
    host: text("host"),
    source: text("source"),
    category: text("category"),
    product: text("product"),
    message: text("message"),
    // Flattened fields (JSON object, string/number/boolean values).
    fields: text("fields").notNull(),
    // The event as received (JSON text or the syslog line).
    original: text("original").notNull(),
  },
  (t) => [
    uniqueIndex("events_id_unique").on(t.id),
    index("events_tenant_time_idx").on(t.tenantId, t.time),
    index("events_tenant_received_idx").on(t.tenantId, t.receivedAt),
  ],
);

// Per-tenant event settings: retention (days from receipt).
export const eventSettings = sqliteTable("event_settings", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  retentionDays: integer("retention_days").notNull().default(30),
});

// Events accepted per tenant per UTC day, for the daily quota.
export const eventQuotaUsage = sqliteTable(
  "event_quota_usage",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);

// Anomalies (spec entity: id, type, severity, detectedAt, user) with their explanation and events.
export const anomalies = sqliteTable(
  "anomalies",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    detectedAt: integer("detected_at", { mode: "number" }).notNull(),
    user: text("user"),
    host: text("host"),
    // What was unusual, as a stable key: a benign verdict suppresses the same pattern later.
    pattern: text("pattern").notNull(),
    explanation: text("explanation").notNull(),
    eventIds: text("event_ids", { mode: "json" }).$type<string[]>().notNull(),
    status: text("status", { enum: ["open", "acknowledged", "benign"] })
      .notNull()
      .default("open"),
    dedupeKey: text("dedupe_key").notNull(),
  },
  (t) => [
    uniqueIndex("anomalies_dedupe_unique").on(t.tenantId, t.dedupeKey),
    index("anomalies_tenant_detected_idx").on(t.tenantId, t.detectedAt),
  ],
);

// What the detectors remember per tenant: first-seen terms, hourly counts, last sign-in place.
export const anomalyState = sqliteTable(
  "anomaly_state",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

// ---- detection (issue 15: Sigma rules, detections, hunts, playbooks) ----

// Sigma rules of a tenant, kept as written (yaml) with the metadata the lists show.
export const detectionRules = sqliteTable(
  "detection_rules",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    level: text("level"),
    status: text("status"),
    sigmaId: text("sigma_id"),
    logsource: text("logsource", { mode: "json" }).$type<Record<string, string>>().notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    author: text("author"),
    license: text("license"),
    references: text("references", { mode: "json" }).$type<string[]>().notNull(),
    yaml: text("yaml").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastMatchAt: integer("last_match_at", { mode: "number" }),
  },
  (t) => [index("detection_rules_tenant_idx").on(t.tenantId, t.createdAt)],
);

// One row per (rule, event) match; the rule's title and level are copied so the list reads without a join.
export const detections = sqliteTable(
  "detections",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    ruleId: text("rule_id")
      .notNull()
      .references(() => detectionRules.id, { onDelete: "cascade" }),
    ruleTitle: text("rule_title").notNull(),
    level: text("level"),
    eventId: text("event_id").notNull(),
    eventTime: integer("event_time", { mode: "number" }).notNull(),
    host: text("host"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("detections_rule_event_unique").on(t.ruleId, t.eventId),
    index("detections_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("detections_tenant_rule_idx").on(t.tenantId, t.ruleId, t.createdAt),
  ],
);

// High/critical detections alert once per rule, host and window; later matches in the window raise the counter.
export const detectionAlertWindows = sqliteTable(
  "detection_alert_windows",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    ruleId: text("rule_id")
      .notNull()
      .references(() => detectionRules.id, { onDelete: "cascade" }),
    host: text("host").notNull(),
    windowStart: integer("window_start", { mode: "number" }).notNull(),
    alertId: text("alert_id"),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.ruleId, t.host, t.windowStart] })],
);

// Saved hunts: the query (a /logs query or a Sigma rule) and how many events it found.
export const hunts = sqliteTable(
  "hunts",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["query", "sigma"] }).notNull(),
    query: text("query").notNull(),
    resultsCount: integer("results_count").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("hunts_tenant_idx").on(t.tenantId, t.createdAt)],
);
