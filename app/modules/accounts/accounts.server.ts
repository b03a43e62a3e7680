/**
 * Users: sign-up (with the first organization "Personal" on the free plan,
 * selected, the user its owner), credential checks, password changes and the
 * brute-force throttle. Failed sign-ins are counted in the database, per
 * e-mail and per client address, so the window holds across restarts and
 * processes sharing the file.
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { loginFailures, memberships, tenants, users } from "@db/schema";
import { db } from "~/lib/db.server";
import { audit } from "~/modules/audit";
import { dummyHash, hashPassword, verifyPassword } from "./password-hash.server";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

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
      db.insert(tenants).values({ id: tenantId, name: "Personal", plan: "free" }).run();
      db.insert(memberships).values({ id: randomUUID(), userId, tenantId, role: "owner" }).run();
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

/** Refused for the rest of the window after 5 failures for one e-mail or 20 from one address. */
export function loginThrottle(email: string, ip: string, now = Date.now()): Throttle {
  const since = now - LOGIN_WINDOW_MS;
  const byEmail = db
    .select({ n: count(), first: sql<number>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)))
    .get();
  const byIp = db
    .select({ n: count(), first: sql<number>`min(${loginFailures.createdAt})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)))
    .get();
  const over = [
    byEmail && byEmail.n >= MAX_FAILURES_PER_EMAIL ? byEmail.first : null,
    byIp && byIp.n >= MAX_FAILURES_PER_IP ? byIp.first : null,
  ].filter((x): x is number => typeof x === "number");
  if (over.length === 0) return { limited: false };
  const windowEnd = Math.max(...over.map((first) => first + LOGIN_WINDOW_MS));
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
}

export function recordLoginFailure(email: string, ip: string) {
  db.insert(loginFailures).values({ email, ip, createdAt: Date.now() }).run();
  // Keep the table small: rows older than the window no longer count.
  db.delete(loginFailures)
    .where(sql`${loginFailures.createdAt} < ${Date.now() - LOGIN_WINDOW_MS}`)
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

export async function changePassword(userId: string, currentPassword: string, newPassword: string): Promise<boolean> {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash))) return false;
  const passwordHash = await hashPassword(newPassword);
  db.update(users).set({ passwordHash, passwordChangedAt: Date.now() }).where(eq(users.id, userId)).run();
  return true;
}

export function listUsers() {
  return db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.createdAt))
    .all();
}
