/**
 * Trials: one 14-day trial per organization, and one per person. Status is
 * 'none' before any trial, 'active' until it ends, then 'expired' (also when
 * an operator ends it early). Expiry is computed from ends_at, so no job has
 * to flip it.
 *
 * The trial rule (docs/decisions/016-trial-rule.md) closes trial chaining:
 * - a trial unlocks features for its one organization (effective plan
 *   enterprise) but never raises how many organizations anyone may have: the
 *   organization allowance counts paid plans only (tenants.server.ts);
 * - an owner starts a trial from /settings, and each person can do that once
 *   in total (trial_starts), so new organizations cannot each bring another;
 * - organizations made while an older release let trials raise the allowance
 *   stay, but count toward it: no more can be made until a paid plan allows.
 * - the person starting it must have verified their e-mail address (issue 26
 *   §11): a trial opens every module to whoever holds a throw-away account.
 * Operators (npm run admin -- trial) may still start one for any organization
 * that has not had one.
 */
import { and, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { memberships, trialStarts, trials } from "./schema";
import { db, preparedQuery } from "~/lib/db.server";
import { TRIAL_DAYS, type TrialStatus } from "~/lib/plans";
import { EMAIL_NOT_VERIFIED_CODE, verificationBlock } from "~/modules/accounts";

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

/** A trial the rules refuse; `code` is EMAIL_NOT_VERIFIED (answered 403) when the starter's address is unverified. */
export class TrialError extends Error {
  constructor(
    message: string,
    readonly code: "EMAIL_NOT_VERIFIED" | "TRIAL_REFUSED" = "TRIAL_REFUSED",
  ) {
    super(message);
  }
}

export const TRIAL_ALREADY_USED_BY_ORGANIZATION = "This organization has already used its free trial.";
export const TRIAL_ALREADY_USED_BY_PERSON =
  "You have already started a free trial: each person can start one. Choose a plan to unlock more.";

/** Whether the person has started a trial, or owns an organization that has had one. */
export function hasUsedTrial(userId: string): boolean {
  if (db.select().from(trialStarts).where(eq(trialStarts.userId, userId)).get()) return true;
  // Trials started before trial_starts existed, or by an operator, on an organization the person owns.
  return !!db
    .select({ id: trials.id })
    .from(trials)
    .innerJoin(memberships, eq(memberships.tenantId, trials.tenantId))
    .where(and(eq(memberships.userId, userId), eq(memberships.role, "owner")))
    .get();
}

/**
 * Starts the organization's trial. `startedBy` is the person starting it from
 * the app (one trial per person); an operator's command passes none.
 */
export function startTrial(tenantId: string, now = Date.now(), opts: { startedBy?: string } = {}): TrialInfo {
  if (opts.startedBy) {
    const unverified = verificationBlock(opts.startedBy, "trial");
    if (unverified) throw new TrialError(unverified, EMAIL_NOT_VERIFIED_CODE);
  }
  db.transaction(
    () => {
      const existing = db.select().from(trials).where(eq(trials.tenantId, tenantId)).get();
      if (existing) throw new TrialError(TRIAL_ALREADY_USED_BY_ORGANIZATION);
      if (opts.startedBy) {
        if (hasUsedTrial(opts.startedBy)) throw new TrialError(TRIAL_ALREADY_USED_BY_PERSON);
        db.insert(trialStarts).values({ userId: opts.startedBy, createdAt: now }).run();
      }
      db.insert(trials)
        .values({ id: randomUUID(), tenantId, status: "active", startedAt: now, endsAt: now + TRIAL_DAYS * 86_400_000 })
        .run();
    },
    { behavior: "immediate" },
  );
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
