/**
 * Tables of the cloud security module: each upload (a snapshot of one account), the findings its checks
 * and any Prowler file produced, and the mutelist.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";

const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const cloudSnapshots = sqliteTable(
  "cloud_snapshots",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["aws", "azure", "gcp"] }).notNull(),
    // The account label: given with the upload, else the account id the files name, else "default".
    account: text("account").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    // JSON: [{ file, kind }], [{ file, reason }], [checkId]
    recognised: text("recognised").notNull(),
    skipped: text("skipped").notNull(),
    notChecked: text("not_checked").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("cloud_snapshots_tenant_idx").on(t.tenantId, t.provider, t.account, t.createdAt)],
);

export const cloudFindings = sqliteTable(
  "cloud_findings",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    snapshotId: text("snapshot_id")
      .notNull()
      .references(() => cloudSnapshots.id, { onDelete: "cascade" }),
    checkId: text("check_id").notNull(),
    cis: text("cis"),
    title: text("title").notNull(),
    severity: text("severity", { enum: ["low", "medium", "high", "critical"] }).notNull(),
    resource: text("resource").notNull(),
    // What the files showed; "muted" is decided when read, against the mutelist and its expiry.
    status: text("status", { enum: ["pass", "fail"] }).notNull(),
    // A failure not muted when it was uploaded: what the next upload compares with to tell a new failure.
    alerting: integer("alerting", { mode: "boolean" }).notNull().default(false),
    source: text("source", { enum: ["rampart", "prowler"] }).notNull(),
    detail: text("detail"),
    // JSON { text, cli, console } (Prowler's findings carry their own text only)
    remediation: text("remediation"),
  },
  (t) => [index("cloud_findings_snapshot_idx").on(t.snapshotId), index("cloud_findings_tenant_idx").on(t.tenantId)],
);

export const cloudMutes = sqliteTable(
  "cloud_mutes",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    checkId: text("check_id").notNull(),
    // The resource the mute covers; "*" mutes the check on every resource.
    resource: text("resource").notNull(),
    reason: text("reason").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("cloud_mutes_tenant_idx").on(t.tenantId)],
);
