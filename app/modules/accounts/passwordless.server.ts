/**
 * Accounts created by single sign-on (issue 33): the identity provider vouched for the address, so the
 * account starts verified, and it has no password (a hash no password matches: verifyPassword refuses any
 * stored value that is not an scrypt record). The person can set one later through "Forgot your password?"
 * unless their organization enforces single sign-on.
 */
import { randomUUID } from "node:crypto";
import { users } from "./schema";
import { db } from "~/lib/db.server";
import { findUserByEmail } from "./accounts.server";

export const NO_PASSWORD = "!none";

/** The account for `email`, created (verified, without a password) when there is none. */
export function findOrCreatePasswordlessUser(email: string): { id: string; email: string; created: boolean } {
  const normalized = email.trim().toLowerCase();
  const existing = findUserByEmail(normalized);
  if (existing) return { id: existing.id, email: existing.email, created: false };
  const id = randomUUID();
  db.insert(users).values({ id, email: normalized, passwordHash: NO_PASSWORD, emailVerifiedAt: Date.now() }).run();
  return { id, email: normalized, created: true };
}
