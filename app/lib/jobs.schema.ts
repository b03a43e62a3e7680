/**
 * The durable job table. Infrastructure, not a module's: the runner (jobs.server.ts) lives in
 * app/lib and every module enqueues work through it, so the table sits beside the runner.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenants } from "../modules/tenants/schema";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

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
