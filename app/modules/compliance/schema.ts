/**
 * Tables of the compliance module.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

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
