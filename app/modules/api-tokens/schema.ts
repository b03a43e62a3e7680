/**
 * Table of the api-tokens module.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../accounts/schema";
import { tenants } from "../tenants/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

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
