/**
 * Tables of the Zero Trust module: the stage a team claims for each function of CISA's model, with its notes and
 * evidence links, and one maturity reading per day for the history chart.
 */
import { sql } from "drizzle-orm";
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenants } from "../tenants/schema";
import { users } from "../accounts/schema";

const now = () => sql`(unixepoch('subsec') * 1000)`;

export const ztClaims = sqliteTable(
  "zt_claims",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // A function id of the model (app/modules/zero-trust/model.ts), e.g. "identity.authentication".
    functionId: text("function_id").notNull(),
    // 0 Traditional, 1 Initial, 2 Advanced, 3 Optimal.
    stage: integer("stage").notNull(),
    notes: text("notes").notNull().default(""),
    links: text("links", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.functionId] })],
);

export const ztHistory = sqliteTable(
  "zt_history",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    // YYYY-MM-DD (UTC): the last reading of the day wins.
    day: text("day").notNull(),
    // Overall maturity on the 0-3 scale, and each group's, as computed from the claims at that time.
    overall: real("overall").notNull(),
    groups: text("groups", { mode: "json" }).$type<Record<string, number | null>>().notNull(),
    recordedAt: integer("recorded_at", { mode: "number" }).notNull().default(now()),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day] })],
);
