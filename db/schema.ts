/**
 * Every table Rampart keeps, in one SQLite file.
 *
 * Tenant-owned tables carry `tenant_id` with ON DELETE CASCADE, and every query
 * helper in app/modules takes the tenant id as a required argument.
 * Timestamps are unix milliseconds (integer) so comparisons stay cheap.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

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
    // ---- alerting (issue 16): lifecycle and fingerprint deduplication ----
    // sha256 of (source, rule, entity): a new occurrence of an open alert bumps `occurrences`.
    fingerprint: text("fingerprint"),
    rule: text("rule"),
    entity: text("entity"),
    occurrences: integer("occurrences").notNull().default(1),
    lastSeenAt: integer("last_seen_at", { mode: "number" }),
    silencedUntil: integer("silenced_until", { mode: "number" }),
    acknowledgedAt: integer("acknowledged_at", { mode: "number" }),
    // Raised inside a maintenance window: recorded, never notified.
    suppressed: integer("suppressed", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("alerts_tenant_status_idx").on(t.tenantId, t.status, t.createdAt),
    uniqueIndex("alerts_dedupe_unique").on(t.tenantId, t.dedupeKey),
    index("alerts_fingerprint_idx").on(t.tenantId, t.fingerprint),
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

// ---------------------------------------------------------------------------
// ---- vulnerability: dependencies ----
// OSV advisories imported by the operator (npm run import:osv) or from the
// first-start seed (db/seed/osv), and the tenants' scanned projects with their
// findings. Advisories are global (public data); projects and findings are
// tenant-owned. See app/modules/vulnerability/deps.
// ---------------------------------------------------------------------------
export const osvAdvisories = sqliteTable("osv_advisories", {
  id: text("id").primaryKey(),
  // RFC 3339 text as published; compared as text (same format and zone, so the order is the time order).
  modified: text("modified").notNull(),
  published: text("published"),
  withdrawn: text("withdrawn"),
  summary: text("summary").notNull().default(""),
  details: text("details").notNull().default(""),
  aliases: text("aliases", { mode: "json" }).$type<string[]>().notNull(),
  severityLevel: text("severity_level", { enum: ["critical", "high", "medium", "low", "unknown"] }).notNull(),
  severityScore: real("severity_score"),
  severityVector: text("severity_vector"),
  importedAt: integer("imported_at", { mode: "number" }).notNull(),
});

/** One `affected` entry of an advisory, looked up by ecosystem and normalised package name. */
export const osvAffected = sqliteTable(
  "osv_affected",
  {
    advisoryId: text("advisory_id")
      .notNull()
      .references(() => osvAdvisories.id, { onDelete: "cascade" }),
    ecosystem: text("ecosystem").notNull(),
    packageKey: text("package_key").notNull(),
    packageName: text("package_name").notNull(),
    // { ranges: [{ type, events }], versions: [] } as stored by deps/osv.ts.
    data: text("data").notNull(),
  },
  (t) => [
    index("osv_affected_package_idx").on(t.ecosystem, t.packageKey),
    index("osv_affected_advisory_idx").on(t.advisoryId),
  ],
);

export const depProjects = sqliteTable(
  "dep_projects",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    filename: text("filename").notNull(),
    format: text("format").notNull(),
    ecosystem: text("ecosystem").notNull(),
    packageCount: integer("package_count").notNull(),
    // [{ name, version, ecosystem, direct }]: kept so a new OSV import can re-check the project.
    packages: text("packages", { mode: "json" })
      .$type<{ name: string; version: string; ecosystem: string; direct: boolean | null }[]>()
      .notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    scannedAt: integer("scanned_at", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("dep_projects_tenant_name_unique").on(t.tenantId, t.name)],
);

export const depFindings = sqliteTable(
  "dep_findings",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => depProjects.id, { onDelete: "cascade" }),
    // No foreign key: a finding outlives a re-import that drops or withdraws its advisory.
    // The representative id of the finding's alias group (deps/grouping.ts)...
    advisoryId: text("advisory_id").notNull(),
    // ...and every record id of the group, so a finding keeps its state when the group grows or its representative changes.
    advisoryIds: text("advisory_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    ecosystem: text("ecosystem").notNull(),
    packageName: text("package_name").notNull(),
    version: text("version").notNull(),
    direct: integer("direct", { mode: "boolean" }),
    aliases: text("aliases", { mode: "json" }).$type<string[]>().notNull(),
    summary: text("summary").notNull(),
    severity: text("severity", { enum: ["critical", "high", "medium", "low", "unknown"] }).notNull(),
    severityScore: real("severity_score"),
    fixedIn: text("fixed_in"),
    status: text("status", { enum: ["open", "remediated", "accepted"] })
      .notNull()
      .default("open"),
    reason: text("reason"),
    discoveredAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "number" }),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("dep_findings_unique").on(t.projectId, t.advisoryId, t.ecosystem, t.packageName, t.version),
    index("dep_findings_tenant_status_idx").on(t.tenantId, t.status),
  ],
);

// ---- compliance ----
// Control catalogues (db/catalogs, read once per database by app/modules/compliance/catalog.server.ts) and each
// tenant's adopted frameworks, requirement states, evidence and daily scores. Catalogue rows are shared, not
// tenant-owned; everything else carries tenant_id.
export const complianceCatalogItems = sqliteTable(
  "compliance_catalog_items",
  {
    framework: text("framework").notNull(),
    itemId: text("item_id").notNull(),
    parentId: text("parent_id"),
    // function / category / subcategory (CSF), control / enhancement (800-53), standard / implementation_specification (HIPAA)
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    statement: text("statement"),
    // Position in the catalogue's own order.
    sortIndex: integer("sort_index").notNull(),
    // A requirement a tenant assesses (CSF subcategories, every 800-53 entry, every HIPAA standard and specification).
    assessable: integer("assessable", { mode: "boolean" }).notNull(),
    withdrawn: integer("withdrawn", { mode: "boolean" }).notNull().default(false),
    // HIPAA: 'Required' or 'Addressable' for implementation specifications, 'Standard' for standards.
    requirement: text("requirement"),
    // CSF 1.1 ids withdrawn into 2.0: [{ rel: 'incorporated_into' | 'moved_to', href }].
    links: text("links", { mode: "json" }).$type<{ rel: string; href: string }[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.framework, t.itemId] }),
    index("compliance_items_sort_idx").on(t.framework, t.sortIndex),
  ],
);

export const complianceBaselineItems = sqliteTable(
  "compliance_baseline_items",
  {
    framework: text("framework").notNull(),
    baseline: text("baseline").notNull(),
    itemId: text("item_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.framework, t.baseline, t.itemId] })],
);

/** One row per framework: the SHA-256 of the files it was loaded from, so a changed catalogue is loaded again. */
export const complianceCatalogVersions = sqliteTable("compliance_catalog_versions", {
  framework: text("framework").primaryKey(),
  version: text("version").notNull(),
  loadedAt: integer("loaded_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

export const complianceAdoptions = sqliteTable(
  "compliance_adoptions",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    framework: text("framework").notNull(),
    baseline: text("baseline"),
    adoptedBy: text("adopted_by").references(() => users.id, { onDelete: "set null" }),
    adoptedAt: integer("adopted_at", { mode: "number" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("compliance_adoptions_unique").on(t.tenantId, t.framework)],
);

export const complianceRequirementStates = sqliteTable(
  "compliance_requirement_states",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    framework: text("framework").notNull(),
    itemId: text("item_id").notNull(),
    status: text("status", { enum: ["not-started", "in-progress", "compliant", "not-applicable"] })
      .notNull()
      .default("not-started"),
    justification: text("justification"),
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at", { mode: "number" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.framework, t.itemId] })],
);

export const complianceEvidence = sqliteTable(
  "compliance_evidence",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    framework: text("framework").notNull(),
    itemId: text("item_id").notNull(),
    kind: text("kind", { enum: ["file", "link"] }).notNull(),
    title: text("title").notNull(),
    url: text("url"),
    // File evidence: the name as uploaded (shown, never used on disk), its size and SHA-256, and the random name
    // it is stored under in the tenant's evidence directory.
    fileName: text("file_name"),
    sizeBytes: integer("size_bytes").notNull().default(0),
    sha256: text("sha256"),
    storageKey: text("storage_key"),
    // Calendar dates, YYYY-MM-DD. The evidence stops counting on its expiry date.
    effectiveOn: text("effective_on").notNull(),
    expiresOn: text("expires_on"),
    // Set once checkEvidenceExpiry has handled the expiry (status change and alert).
    expiredAt: integer("expired_at", { mode: "number" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("compliance_evidence_item_idx").on(t.tenantId, t.framework, t.itemId),
    index("compliance_evidence_expiry_idx").on(t.tenantId, t.expiredAt, t.expiresOn),
  ],
);

export const complianceScoreSnapshots = sqliteTable(
  "compliance_score_snapshots",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    framework: text("framework").notNull(),
    day: text("day").notNull(),
    score: integer("score").notNull(),
    compliant: integer("compliant").notNull(),
    applicable: integer("applicable").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.framework, t.day] })],
);

// ---- alerting ----
// Issue 16: alert timeline, maintenance windows, alert rules, notification
// channels with a durable outbox, escalation policies, in-app notifications.

// Every change to an alert (raised, repeated, acknowledged, escalation step...), with who and when.
// The integer id orders events and is the SSE event id (`Last-Event-ID` resume).
export const alertEvents = sqliteTable(
  "alert_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    // null: the system (a rule, the escalation engine).
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("alert_events_tenant_idx").on(t.tenantId, t.id), index("alert_events_alert_idx").on(t.alertId, t.id)],
);

export const maintenanceWindows = sqliteTable(
  "maintenance_windows",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    startsAt: integer("starts_at", { mode: "number" }).notNull(),
    endsAt: integer("ends_at", { mode: "number" }).notNull(),
    // null: every source.
    source: text("source"),
    reason: text("reason").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("maintenance_windows_tenant_idx").on(t.tenantId, t.endsAt)],
);

export const notificationChannels = sqliteTable(
  "notification_channels",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["email", "webhook", "in_app"] }).notNull(),
    name: text("name").notNull(),
    // email: { recipients: string[] }; webhook: { url, format: "standard" | "slack" }; in_app: { userIds?: string[] }
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    // Standard Webhooks signing secret (whsec_...), shown once at creation.
    secret: text("secret"),
    status: text("status", { enum: ["ok", "failing"] })
      .notNull()
      .default("ok"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("notification_channels_tenant_idx").on(t.tenantId)],
);

export const escalationPolicies = sqliteTable(
  "escalation_policies",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // [{ channelIds: string[], memberIds: string[], waitMinutes: number }]
    steps: text("steps", { mode: "json" })
      .$type<{ channelIds: string[]; memberIds: string[]; waitMinutes: number }[]>()
      .notNull(),
    repeatLast: integer("repeat_last").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("escalation_policies_tenant_idx").on(t.tenantId)],
);

export const alertRules = sqliteTable(
  "alert_rules",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    matchSource: text("match_source"),
    minSeverity: text("min_severity", { enum: ["low", "medium", "high", "critical"] })
      .notNull()
      .default("low"),
    matchText: text("match_text"),
    channelIds: text("channel_ids", { mode: "json" }).$type<string[]>().notNull(),
    escalationPolicyId: text("escalation_policy_id").references(() => escalationPolicies.id, {
      onDelete: "set null",
    }),
    // "first": stop at this rule when it matches; "all": keep looking at later rules too.
    mode: text("mode", { enum: ["first", "all"] })
      .notNull()
      .default("first"),
    createdAt: createdAt(),
  },
  (t) => [index("alert_rules_tenant_idx").on(t.tenantId, t.position)],
);

// The outbox: one row per (alert event, channel). Delivered by the in-process worker with retries.
export const notificationOutbox = sqliteTable(
  "notification_outbox",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    channelId: text("channel_id")
      .notNull()
      .references(() => notificationChannels.id, { onDelete: "cascade" }),
    alertId: text("alert_id").references(() => alerts.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "delivering", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "number" }).notNull(),
    lockedUntil: integer("locked_until", { mode: "number" }),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
    deliveredAt: integer("delivered_at", { mode: "number" }),
  },
  (t) => [
    index("notification_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("notification_outbox_channel_idx").on(t.tenantId, t.channelId, t.createdAt),
  ],
);

export const notificationAttempts = sqliteTable(
  "notification_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    outboxId: text("outbox_id")
      .notNull()
      .references(() => notificationOutbox.id, { onDelete: "cascade" }),
    channelId: text("channel_id")
      .notNull()
      .references(() => notificationChannels.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("notification_attempts_channel_idx").on(t.tenantId, t.channelId, t.id)],
);

// The running escalation of one alert (one policy per alert).
export const alertEscalations = sqliteTable(
  "alert_escalations",
  {
    alertId: text("alert_id")
      .primaryKey()
      .references(() => alerts.id, { onDelete: "cascade" }),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    policyId: text("policy_id")
      .notNull()
      .references(() => escalationPolicies.id, { onDelete: "cascade" }),
    // The next step to take (0-based) and how often the last step has been repeated.
    stepIndex: integer("step_index").notNull().default(0),
    repeats: integer("repeats").notNull().default(0),
    state: text("state", { enum: ["running", "stopped", "closed", "exhausted"] })
      .notNull()
      .default("running"),
    nextAt: integer("next_at", { mode: "number" }).notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [index("alert_escalations_due_idx").on(t.state, t.nextAt)],
);

// The bell: in-app notifications for one member.
export const inAppNotifications = sqliteTable(
  "in_app_notifications",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    alertId: text("alert_id").references(() => alerts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    readAt: integer("read_at", { mode: "number" }),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("in_app_notifications_user_idx").on(t.tenantId, t.userId, t.createdAt)],
);

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

// Events accepted per tenant per UTC day, and the bytes stored for them, for the daily quota.
export const eventQuotaUsage = sqliteTable(
  "event_quota_usage",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
    bytes: integer("bytes").notNull().default(0),
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

// A tenant's `%name%` lists for Sigma's `|expand` modifier (e.g. Admins_Workstations): rules resolve them when loaded.
export const detectionPlaceholders = sqliteTable(
  "detection_placeholders",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    values: text("values", { mode: "json" }).$type<string[]>().notNull(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
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

// ---- playbooks (issue 15: SIEM/SOAR response playbooks) ----
// A playbook: a trigger on detections (a rule, a tag such as attack.t1059, or a level at or above a threshold)
// and ordered steps (raise an alert, open an incident, notify a channel, add an indicator, wait for approval).
export const playbooks = sqliteTable(
  "playbooks",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    triggerType: text("trigger_type", { enum: ["rule", "tag", "level"] }).notNull(),
    // the rule id, the tag (lower case) or the minimum level
    triggerValue: text("trigger_value").notNull(),
    steps: text("steps", { mode: "json" }).$type<Record<string, string>[]>().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [index("playbooks_tenant_idx").on(t.tenantId, t.createdAt)],
);

// One run of a playbook for one detection: its steps with their outcomes, executed by the durable job runner.
export const playbookRuns = sqliteTable(
  "playbook_runs",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // kept when the playbook is deleted: the run stays on record with the playbook's name
    playbookId: text("playbook_id").references(() => playbooks.id, { onDelete: "set null" }),
    playbookName: text("playbook_name").notNull(),
    // one run per playbook, rule, host and hour: a burst of matches does not start a burst of runs
    dedupeKey: text("dedupe_key").notNull(),
    status: text("status", {
      enum: ["queued", "running", "awaiting_approval", "completed", "failed", "rejected"],
    }).notNull(),
    trigger: text("trigger", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    steps: text("steps", { mode: "json" }).$type<Record<string, unknown>[]>().notNull(),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("playbook_runs_dedupe_unique").on(t.tenantId, t.dedupeKey),
    index("playbook_runs_tenant_idx").on(t.tenantId, t.createdAt),
    index("playbook_runs_playbook_idx").on(t.playbookId, t.createdAt),
  ],
);

// Indicators (host, IP, hash, user) that playbooks put on the tenant's watchlist, shown on /siem-soar.
export const playbookIndicators = sqliteTable(
  "playbook_indicators",
  {
    id: id(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["host", "ip", "hash", "user"] }).notNull(),
    value: text("value").notNull(),
    playbookId: text("playbook_id").references(() => playbooks.id, { onDelete: "set null" }),
    runId: text("run_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("playbook_indicators_unique").on(t.tenantId, t.kind, t.value)],
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

// ---- Pwned Passwords NTLM range store (issue 28) ----
// The downloader's NTLM mode: a 32-hex NTLM hash split into a 5-hex prefix and a
// 27-hex suffix. Its own table so a SHA-1 range can never answer an NTLM request
// (or the reverse), and "is any NTLM data loaded" is one row read.
export const pwnedNtlmHashes = sqliteTable(
  "pwned_ntlm_hashes",
  {
    prefix: text("prefix").notNull(),
    suffix: text("suffix").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.suffix] })],
);

// ---- intelligence feeds (issue 30, app/modules/feeds) ----
// Public data, no tenant: one row per feed (an OSV ecosystem export, CISA KEV,
// FIRST EPSS, the Pwned Passwords range API, an operator's file import) with
// the last attempt and success, the records it holds, the last error and the
// HTTP validator (Last-Modified) an incremental download sends back.
export const feedState = sqliteTable("feed_state", {
  feed: text("feed").primaryKey(),
  lastAttemptAt: integer("last_attempt_at", { mode: "number" }),
  lastSuccessAt: integer("last_success_at", { mode: "number" }),
  records: integer("records").notNull().default(0),
  lastError: text("last_error"),
  // The Last-Modified value of the last full download, sent as If-Modified-Since.
  validator: text("validator"),
  // The newest `modified` time read from the export's modified_id.csv (incremental OSV).
  cursor: text("cursor"),
});

// CISA Known Exploited Vulnerabilities, by CVE id (the catalogue's cveID).
export const kevEntries = sqliteTable("kev_entries", {
  cveId: text("cve_id").primaryKey(),
  dateAdded: text("date_added").notNull(),
  vendor: text("vendor").notNull().default(""),
  product: text("product").notNull().default(""),
  name: text("name").notNull().default(""),
  ransomware: integer("ransomware", { mode: "boolean" }).notNull().default(false),
});

// FIRST EPSS scores (probability of exploitation in the next 30 days), by CVE id.
export const epssScores = sqliteTable("epss_scores", {
  cveId: text("cve_id").primaryKey(),
  epss: real("epss").notNull(),
  percentile: real("percentile").notNull(),
});

// Pwned Passwords range answers fetched from the live API, by 5-hex prefix, kept
// until expires_at (only counts > 0 are stored: the padding lines are dropped).
export const pwnedRangeCache = sqliteTable("pwned_range_cache", {
  prefix: text("prefix").primaryKey(),
  body: text("body").notNull(),
  fetchedAt: integer("fetched_at", { mode: "number" }).notNull(),
  expiresAt: integer("expires_at", { mode: "number" }).notNull(),
});
