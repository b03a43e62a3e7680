/**
 * Tables of the executive module: the cost inputs an owner or admin enters for the savings estimate (one row per
 * organization). Amounts are monthly, in `currency`; a tool missing from `tool_costs` was not entered.
 */
import { sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenants } from "../tenants/schema";
import { users } from "../accounts/schema";

export const executiveCostInputs = sqliteTable("executive_cost_inputs", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  // ISO 4217, e.g. "USD".
  currency: text("currency").notNull().default("USD"),
  // Per hour of staff time; null: not entered.
  hourlyRate: real("hourly_rate"),
  // Monthly cost per replaced tool (./tools.ts keys); only the entered ones.
  toolCosts: text("tool_costs", { mode: "json" })
    .$type<Record<string, number>>()
    .notNull()
    .default(sql`'{}'`),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
