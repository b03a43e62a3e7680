/**
 * Password reset by e-mail (issue 20). A request for an address always gets
 * the same answer whether or not an account exists (no account discovery),
 * and the mail is sent after the answer so its timing tells nothing either.
 * Tokens: 32 random bytes, only their SHA-256 stored, valid 30 minutes,
 * spent on first use; a reset ends every session of the account.
 *
 * The link's origin is the configured public address only (PUBLIC_URL or the
 * operator's stored one, lib/public-origin.server.ts): a reset link built from
 * a request's Host header could be pointed at an attacker's site (host header
 * poisoning). Without one no reset mail goes out, the page says so to everyone
 * alike and the server log says why.
 */
import { eq } from "drizzle-orm";
import { sessions, users } from "./schema";
import { db } from "~/lib/db.server";
import { mailerConfigured, sendMail } from "~/lib/mailer.server";
import { linkMailRefused } from "~/lib/public-origin.server";
import { audit } from "~/modules/audit";
import { findUserByEmail } from "./accounts.server";
import {
  issueAccountToken,
  liveTokenOwner,
  spendAllTokens,
  spendToken,
  tokensIssuedSince,
} from "./account-tokens.server";
import { hashPassword } from "./password-hash.server";

export const RESET_TTL_MS = 30 * 60 * 1000;
/** At most this many reset mails per account per TTL window: the form cannot be used to flood a mailbox. */
export const MAX_RESETS_PER_WINDOW = 3;

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that address, we have sent it a link to choose a new password. The link works for 30 minutes.";
// Shown by the reset page in the browser too, so it lives in validation.ts (a .server export is undefined there).
export { RESET_INVALID_MESSAGE } from "./validation";

/** Creates a reset token for a user; answers the token (shown once: in the mail or the operator's terminal). */
export function issueResetToken(userId: string, now = Date.now()): string {
  return issueAccountToken(userId, "password-reset", RESET_TTL_MS, now);
}

export function resetLink(origin: string, token: string) {
  return `${origin.replace(/\/+$/, "")}/reset-password/${token}`;
}

function recentResets(userId: string, now: number) {
  return tokensIssuedSince(userId, "password-reset", now - RESET_TTL_MS);
}

/**
 * Handles a reset request. Resolves when the answer may be sent; the mail
 * goes out in `delivery` (awaited by tests, not by the route). `origin` is the
 * configured public address (linkOrigin()); null sends nothing, whoever asks.
 */
export function requestPasswordReset(
  email: string,
  origin: string | null,
  opts: { ip?: string; now?: number } = {},
): { delivery: Promise<void> } {
  const now = opts.now ?? Date.now();
  if (!origin) {
    // Checked before the account is looked up: the answer and the log are the same for every address.
    linkMailRefused("password-reset");
    return { delivery: Promise.resolve() };
  }
  const user = findUserByEmail(email);
  if (!user || recentResets(user.id, now) >= MAX_RESETS_PER_WINDOW) return { delivery: Promise.resolve() };
  if (!mailerConfigured()) {
    // Nothing to send with: the operator can hand out a link (npm run admin -- reset-link).
    audit({ action: "auth.password_reset_unsent", userId: user.id, ip: opts.ip, detail: { reason: "no SMTP" } });
    return { delivery: Promise.resolve() };
  }
  const token = issueResetToken(user.id, now);
  audit({ action: "auth.password_reset_requested", userId: user.id, ip: opts.ip });
  const link = resetLink(origin, token);
  const delivery = sendMail({
    to: user.email,
    subject: "Reset your Rampart password",
    text: [
      "Someone (hopefully you) asked to reset the password of your Rampart account.",
      "",
      `Choose a new password here (the link works once, for 30 minutes):`,
      link,
      "",
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ].join("\n"),
  }).then(
    () => undefined,
    (error: unknown) => {
      console.error(`Password reset mail to user ${user.id} failed: ${(error as Error).message}`);
    },
  );
  return { delivery };
}

/** The account a live token belongs to, or null (unknown, used, expired). */
export function resetTokenUser(token: string, now = Date.now()) {
  return liveTokenOwner(token, "password-reset", now);
}

/**
 * Spends the token and sets the new password; every session of the account
 * ends (whoever knew the old password is signed out). Answers false when the
 * token is not live. The spend is one conditional UPDATE, so two concurrent
 * uses cannot both succeed.
 */
export async function resetPassword(token: string, newPassword: string, opts: { ip?: string; now?: number } = {}) {
  const now = opts.now ?? Date.now();
  const owner = resetTokenUser(token, now);
  if (!owner) return false;
  const passwordHash = await hashPassword(newPassword);
  const spent = db.transaction(() => {
    if (!spendToken(token, "password-reset", now)) return false;
    db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, owner.userId)).run();
    db.delete(sessions).where(eq(sessions.userId, owner.userId)).run();
    // Other reset links of the account die with this one.
    spendAllTokens(owner.userId, "password-reset", now);
    return true;
  });
  if (spent) audit({ action: "auth.password_reset", userId: owner.userId, ip: opts.ip });
  return spent;
}
