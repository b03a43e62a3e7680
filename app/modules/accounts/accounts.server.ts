/**
 * Users: sign-up (with the first organization "Personal" on the free plan,
 * selected, the user its owner), credential checks, password changes and the
 * brute-force throttle. Password attempts are reserved in the database before
 * they are verified (reserveAttempt), per e-mail and client address pair, per
 * e-mail and per address, so the window holds across restarts and processes
 * sharing the file, and concurrent attempts cannot overrun it.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { loginFailures, users } from "./schema";
import { db, sqlite } from "~/lib/db.server";
import { audit } from "~/modules/audit";
import { insertOwnedTenant } from "~/modules/tenants";
import { dummyHash, hashPassword, verifyPassword } from "./password-hash.server";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Limits per window. The lock is per e-mail *and* client address pair, so an
 * attacker guessing from their own addresses locks only themselves out; the
 * per-e-mail limit is ten times higher (a distributed guess still stops), and
 * one address may not spray many accounts.
 */
export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_EMAIL = 50;
export const MAX_FAILURES_PER_IP = 20;
/** The current-password check on /settings: per user, from anywhere. */
export const MAX_PASSWORD_CHECKS_PER_USER = 5;

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this e-mail address already exists");
  }
}

export function findUserByEmail(email: string) {
  return (
    db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
      .get() ?? null
  );
}

export function getUserById(id: string) {
  return (
    db
      .select({ id: users.id, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, id))
      .get() ?? null
  );
}

export async function createUser(email: string, password: string, opts: { ip?: string } = {}) {
  const normalized = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();
  const tenantId = randomUUID();
  try {
    db.transaction(() => {
      db.insert(users).values({ id: userId, email: normalized, passwordHash }).run();
      // The person's own organization, written by its owner (the tenants module) in this same transaction.
      insertOwnedTenant(userId, tenantId, "Personal");
    });
  } catch (error) {
    if (String((error as Error).message).includes("UNIQUE constraint failed")) throw new EmailTakenError();
    throw error;
  }
  audit({ action: "auth.signup", userId, tenantId, ip: opts.ip });
  audit({ action: "tenant.created", userId, tenantId, ip: opts.ip, detail: { name: "Personal" } });
  return { user: { id: userId, email: normalized }, tenantId };
}

export type Throttle = { limited: false } | { limited: true; retryAfterSeconds: number };

export type AttemptLimits = { perPair: number; perKey: number; perIp: number };
export const SIGN_IN_LIMITS: AttemptLimits = {
  perPair: MAX_FAILURES_PER_PAIR,
  perKey: MAX_FAILURES_PER_EMAIL,
  perIp: MAX_FAILURES_PER_IP,
};

/**
 * Reserves one password attempt *before* the password is verified, in one
 * SQLite statement: the row goes in only while the pair, the key and the
 * address are all under their limits, and the check and the insert cannot be
 * separated by another request (or another process on the same file). scrypt
 * then runs; a failure keeps the row (it is the failure record), a success
 * gives it back (releaseAttempt). So however many attempts arrive at once, no
 * more than the limit are ever verified in a window (issue 10 §3).
 *
 * `key` is the lower-cased e-mail for sign-in; for the current-password check
 * on /settings it is `password-check:<user id>`, which no e-mail can equal.
 */
export function reserveAttempt(
  key: string,
  ip: string,
  limits: AttemptLimits = SIGN_IN_LIMITS,
  now = Date.now(),
): { reserved: true; id: number } | { reserved: false; retryAfterSeconds: number } {
  const since = now - LOGIN_WINDOW_MS;
  // Raw SQL: Drizzle's insert-from-select cannot build this FROM-less guarded SELECT, and the one
  // statement is what keeps the check and the insert atomic (above).
  const row = sqlite()
    .prepare(
      `INSERT INTO login_failures (email, ip, created_at)
       SELECT @key, @ip, @now
       WHERE (SELECT count(*) FROM login_failures WHERE email = @key AND ip = @ip AND created_at > @since) < @perPair
         AND (SELECT count(*) FROM login_failures WHERE email = @key AND created_at > @since) < @perKey
         AND (SELECT count(*) FROM login_failures WHERE ip = @ip AND created_at > @since) < @perIp
       RETURNING id`,
    )
    .get({ key, ip, now, since, ...limits }) as { id: number } | undefined;
  if (row) return { reserved: true, id: row.id };
  return { reserved: false, retryAfterSeconds: retryAfter(key, ip, limits, now) };
}

/** A verified attempt is not a failure: its reservation is given back. */
export function releaseAttempt(id: number) {
  db.delete(loginFailures).where(eq(loginFailures.id, id)).run();
}

/** Seconds until the earliest of the exceeded limits frees a slot. */
function retryAfter(key: string, ip: string, limits: AttemptLimits, now: number): number {
  const since = now - LOGIN_WINDOW_MS;
  const oldest = (where: ReturnType<typeof and>, limit: number) => {
    const rows = db
      .select({ at: loginFailures.createdAt })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.createdAt, since)))
      .orderBy(desc(loginFailures.createdAt))
      .limit(limit)
      .all();
    // The limit-th newest row leaves the window first; until then the limit holds.
    return rows.length >= limit ? rows[limit - 1].at : null;
  };
  const ends = [
    oldest(and(eq(loginFailures.email, key), eq(loginFailures.ip, ip)), limits.perPair),
    oldest(and(eq(loginFailures.email, key)), limits.perKey),
    oldest(and(eq(loginFailures.ip, ip)), limits.perIp),
  ]
    .filter((x): x is number => typeof x === "number")
    .map((at) => at + LOGIN_WINDOW_MS);
  const until = ends.length ? Math.max(...ends) : now + LOGIN_WINDOW_MS;
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** Rows older than the window no longer count: keeps the table small. */
export function purgeOldAttempts(now = Date.now()) {
  db.delete(loginFailures)
    .where(sql`${loginFailures.createdAt} < ${now - LOGIN_WINDOW_MS}`)
    .run();
}

/** Checks an e-mail and password. Costs the same whether or not the e-mail exists. */
export async function verifyLogin(email: string, password: string) {
  const user = findUserByEmail(email);
  if (!user) {
    await verifyPassword(password, await dummyHash());
    return null;
  }
  return (await verifyPassword(password, user.passwordHash))
    ? { id: user.id, email: user.email, createdAt: user.createdAt }
    : null;
}

export const PASSWORD_CHECK_LIMITS: AttemptLimits = {
  perPair: MAX_PASSWORD_CHECKS_PER_USER,
  perKey: MAX_PASSWORD_CHECKS_PER_USER,
  perIp: MAX_FAILURES_PER_IP,
};

export type ChangePasswordResult = "changed" | "wrong-password" | { limited: number };

/**
 * Changes the password after checking the current one. The check is an
 * attempt like a sign-in (a stolen session must not guess the password to
 * take the account over): reserved before scrypt, at most
 * MAX_PASSWORD_CHECKS_PER_USER failures per user in the window.
 */
export async function changePassword(
  userId: string,
  currentPassword: string,
  newPassword: string,
  ip = "unknown",
): Promise<ChangePasswordResult> {
  const reservation = reserveAttempt(`password-check:${userId}`, ip, PASSWORD_CHECK_LIMITS);
  if (!reservation.reserved) return { limited: reservation.retryAfterSeconds };
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) {
    purgeOldAttempts();
    return "wrong-password";
  }
  releaseAttempt(reservation.id);
  const passwordHash = await hashPassword(newPassword);
  db.update(users).set({ passwordHash, passwordChangedAt: Date.now() }).where(eq(users.id, userId)).run();
  return "changed";
}

export function listUsers() {
  return db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.createdAt))
    .all();
}
