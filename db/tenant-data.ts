/**
 * The rows a tenant owns across every module's tables, for deleting an organization (app/modules/tenants).
 *
 * The tables are not listed by hand: every table of the modules' schemas (re-exported by db/schema.ts) with a
 * `tenant_id` column is a tenant table (the schema's own convention), so a table a module adds later is deleted
 * too (app/modules/tenants/organization.test.ts fails if a table in the database has a tenant_id this list
 * misses). Rows go children first, in the order of the schema's foreign keys, so no ON DELETE action has to
 * rewrite a row that is about to go (append-only tables refuse UPDATE). This lives in the database layer, beside
 * the schema it reads, so no module writes another module's tables.
 */
import { is, sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export type TenantTable = { name: string; table: SQLiteTable; references: string[] };

let cached: TenantTable[] | null = null;

/**
 * Every tenant table of the schema, children before parents (a table comes
 * after every table whose foreign keys point at it). `tenants` itself is not
 * in the list; `tenant_data_versions` (no foreign key) is last.
 */
export function tenantTables(): TenantTable[] {
  if (cached) return cached;
  const all: TenantTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    if (!config.columns.some((c) => c.name === "tenant_id")) continue;
    const references = config.foreignKeys
      .map((fk) => getTableConfig(fk.reference().foreignTable).name)
      .filter((n) => n !== config.name);
    all.push({ name: config.name, table: value, references });
  }
  const ordered: TenantTable[] = [];
  const placed = new Set<string>();
  // A table may go once nothing still to delete references it.
  while (ordered.length < all.length) {
    const next = all.filter(
      (t) =>
        !placed.has(t.name) &&
        all.every((other) => placed.has(other.name) || other.name === t.name || !other.references.includes(t.name)),
    );
    if (!next.length) throw new Error("tenant tables reference each other in a cycle");
    // The page-cache counter goes last: deleting any other table bumps it.
    const batch = next.some((t) => t.name !== "tenant_data_versions")
      ? next.filter((t) => t.name !== "tenant_data_versions")
      : next;
    for (const t of batch) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  cached = ordered;
  return ordered;
}

/**
 * Deletes the tenant's rows from every tenant table (children first) and answers the count per table. The
 * `tenants` row itself is the caller's. Call inside a transaction.
 */
export function deleteTenantRows(db: BetterSQLite3Database<typeof schema>, tenantId: string): Record<string, number> {
  const removed: Record<string, number> = {};
  for (const t of tenantTables()) {
    const n = db.run(sql`DELETE FROM ${t.table} WHERE tenant_id = ${tenantId}`).changes;
    if (n) removed[t.name] = n;
  }
  return removed;
}
