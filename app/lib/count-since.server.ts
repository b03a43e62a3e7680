/**
 * How many of a tenant's rows happened in a window (the usage analytics, issue 31): rows whose time column is set
 * and, unless `since` is null (all time), at or after `since`. Each module counts its own tables with it.
 */
import { and, count, eq, gte, isNotNull, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "./db.server";

export function countSince(
  table: SQLiteTable & { tenantId: SQLiteColumn },
  tenantId: string,
  at: SQLiteColumn,
  since: number | null,
  extra?: SQL,
): number {
  const where = [eq(table.tenantId, tenantId), isNotNull(at), extra];
  if (since !== null) where.push(gte(at, since));
  return (
    db
      .select({ n: count() })
      .from(table)
      .where(and(...where))
      .get()?.n ?? 0
  );
}
