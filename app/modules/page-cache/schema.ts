/**
 * Table of the page-cache module: the per-tenant data version.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
