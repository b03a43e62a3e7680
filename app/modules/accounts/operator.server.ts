/**
 * Who is an operator (issue 32): the person who runs the install, allowed into the operator console. An account
 * is one when `npm run admin -- operator <email>` set its flag, or when its verified address is listed in
 * RAMPART_OPERATOR_EMAILS (the first operator of an install, set before anyone signs up). The address must be
 * verified for the variable to count: otherwise whoever signs up first with that address would be the operator.
 * Nothing a customer can do sets the flag.
 */
import { eq } from "drizzle-orm";
import { users } from "./schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { audit } from "~/modules/audit";

export function isOperator(userId: string): boolean {
  const u = db
    .select({ email: users.email, isOperator: users.isOperator, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!u) return false;
  if (u.isOperator) return true;
  return u.verifiedAt !== null && getEnv().RAMPART_OPERATOR_EMAILS.includes(u.email.toLowerCase());
}

/** Makes the account with this address an operator (or no longer one); false when there is no such account. */
export function setOperator(userId: string, on: boolean): boolean {
  const r = db.update(users).set({ isOperator: on }).where(eq(users.id, userId)).run();
  if (r.changes) audit({ action: on ? "operator.granted" : "operator.revoked", userId, detail: { by: "operator" } });
  return r.changes > 0;
}

/** Every account, oldest first: the operator console only. */
export function listAllAccounts() {
  return db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      verifiedAt: users.emailVerifiedAt,
      isOperator: users.isOperator,
    })
    .from(users)
    .orderBy(users.createdAt)
    .all();
}
