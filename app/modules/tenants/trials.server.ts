/**
 * Trials: one 14-day trial per organization. Status is 'none' before any
 * trial, 'active' until it ends, then 'expired' (also when an operator ends it
 * early). Expiry is computed from ends_at, so no job has to flip it.
 */
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { trials } from "@db/schema";
import { db, preparedQuery } from "~/lib/db.server";
import { TRIAL_DAYS, type TrialStatus } from "~/lib/plans";

export type TrialInfo = { status: TrialStatus; endsAt: string | null; startedAt: string | null };

// Read on every signed-in request (effective plan): prepared once (db.server.ts preparedQuery).
const trialOfTenant = preparedQuery((d) =>
  d
    .select()
    .from(trials)
    .where(eq(trials.tenantId, sql.placeholder("tenantId")))
    .prepare(),
);

export function getTrial(tenantId: string, now = Date.now()): TrialInfo {
  const row = trialOfTenant().get({ tenantId });
  if (!row) return { status: "none", endsAt: null, startedAt: null };
  const status: TrialStatus = row.status === "active" && row.endsAt > now ? "active" : "expired";
  return { status, endsAt: new Date(row.endsAt).toISOString(), startedAt: new Date(row.startedAt).toISOString() };
}

export class TrialError extends Error {}

export function startTrial(tenantId: string, now = Date.now()): TrialInfo {
  const existing = db.select().from(trials).where(eq(trials.tenantId, tenantId)).get();
  if (existing) throw new TrialError("This organization has already used its free trial.");
  db.insert(trials)
    .values({ id: randomUUID(), tenantId, status: "active", startedAt: now, endsAt: now + TRIAL_DAYS * 86_400_000 })
    .run();
  return getTrial(tenantId, now);
}

export function endTrial(tenantId: string, now = Date.now()): TrialInfo {
  const existing = db.select().from(trials).where(eq(trials.tenantId, tenantId)).get();
  if (!existing) throw new TrialError("This organization has no trial.");
  db.update(trials)
    .set({ status: "ended", endsAt: Math.min(existing.endsAt, now) })
    .where(eq(trials.tenantId, tenantId))
    .run();
  return getTrial(tenantId, now);
}
