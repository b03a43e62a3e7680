/**
 * Single-use account tokens, for password reset and e-mail verification
 * (issue 20). 32 random bytes travel once (in a mail or the operator's
 * terminal); only their SHA-256 is stored, so a copy of the database hands out
 * no live link. A token has a purpose, an expiry, and is spent by one
 * conditional UPDATE: two concurrent uses cannot both succeed.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { accountTokens, users } from "./schema";
import { db } from "~/lib/db.server";

export type TokenPurpose = (typeof accountTokens.purpose.enumValues)[number];

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** What a token looks like: anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** Creates a token for a user; answers the token itself (shown once). */
export function issueAccountToken(userId: string, purpose: TokenPurpose, ttlMs: number, now = Date.now()): string {
  const token = randomBytes(32).toString("base64url");
  db.insert(accountTokens)
    .values({ tokenHash: hashToken(token), userId, purpose, createdAt: now, expiresAt: now + ttlMs })
    .run();
  return token;
}

/** How many tokens of a purpose the user was issued since `since`: caps mails per window. */
export function tokensIssuedSince(userId: string, purpose: TokenPurpose, since: number): number {
  return (
    db
      .select({ n: count() })
      .from(accountTokens)
      .where(
        and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), gt(accountTokens.createdAt, since)),
      )
      .get()?.n ?? 0
  );
}

/** The account a live token of this purpose belongs to, or null (malformed, unknown, used, expired). */
export function liveTokenOwner(token: string, purpose: TokenPurpose, now = Date.now()) {
  if (!TOKEN_SHAPE.test(token)) return null;
  return (
    db
      .select({ userId: accountTokens.userId, email: users.email })
      .from(accountTokens)
      .innerJoin(users, eq(users.id, accountTokens.userId))
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(token)),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .get() ?? null
  );
}

/** Spends a live token; true when this call spent it. Call inside the transaction that acts on it. */
export function spendToken(token: string, purpose: TokenPurpose, now = Date.now()): boolean {
  if (!TOKEN_SHAPE.test(token)) return false;
  const used = db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .run();
  return used.changes === 1;
}

/** Spends every open token of a purpose for the user (the others die when one is used). */
export function spendAllTokens(userId: string, purpose: TokenPurpose, now = Date.now()) {
  db.update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
    .run();
}
