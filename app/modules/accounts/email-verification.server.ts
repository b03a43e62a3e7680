/**
 * E-mail verification (issue 20). A new account works at once; its address
 * is unverified until the owner follows the link mailed at sign-up (or a
 * resent one). Until then the account cannot invite people or watch a domain:
 * both reach people and data beyond the account, so they wait for proof that
 * the address is the user's; nor start a trial, which would otherwise hand
 * every Enterprise module (and its parsers) to a throw-away address. Tokens are the password reset's
 * (account-tokens.server.ts): stored hashed, single use, here 24 hours.
 * Accounts that existed before verification count as verified (migration 0014).
 */
import { and, eq, isNull } from "drizzle-orm";
import { users } from "./schema";
import { db } from "~/lib/db.server";
import { jsonError } from "~/lib/http.server";
import { mailerConfigured, sendMail } from "~/lib/mailer.server";
import { linkMailRefused, NO_PUBLIC_URL_MESSAGE } from "~/lib/public-origin.server";
import { audit } from "~/modules/audit";
import {
  issueAccountToken,
  liveTokenOwner,
  spendAllTokens,
  spendToken,
  tokensIssuedSince,
} from "./account-tokens.server";

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
/** Verification mails per account per hour: the resend button cannot flood a mailbox. */
export const MAX_VERIFY_MAILS_PER_HOUR = 3;

export const EMAIL_NOT_VERIFIED_CODE = "EMAIL_NOT_VERIFIED";
export const VERIFY_FIRST_TO_INVITE =
  "Verify your e-mail address before inviting people: follow the link we sent you, or send a new one from the banner.";
export const VERIFY_FIRST_TO_WATCH_DOMAIN =
  "Verify your e-mail address before watching a domain: follow the link we sent you, or send a new one from the banner.";
export const VERIFY_FIRST_TO_START_TRIAL =
  "Verify your e-mail address before starting a trial: follow the link we sent you, or send a new one from the banner.";
export const VERIFY_INVALID_MESSAGE = "This verification link is invalid, used or expired. Send a new one.";

export type VerificationBlock = "invite" | "watch-domain" | "trial";
const BLOCK_MESSAGE: Record<VerificationBlock, string> = {
  invite: VERIFY_FIRST_TO_INVITE,
  "watch-domain": VERIFY_FIRST_TO_WATCH_DOMAIN,
  trial: VERIFY_FIRST_TO_START_TRIAL,
};

export function isEmailVerified(userId: string): boolean {
  const row = db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  return row?.at != null;
}

/** The message that refuses `what` to an unverified account, or null when the account may. */
export function verificationBlock(userId: string, what: VerificationBlock): string | null {
  return isEmailVerified(userId) ? null : BLOCK_MESSAGE[what];
}

/** For APIs: throws 403 `{ message, code: "EMAIL_NOT_VERIFIED" }` when the account is unverified. */
export function requireVerifiedEmail(userId: string, what: VerificationBlock): void {
  const message = verificationBlock(userId, what);
  if (message) throw jsonError(403, message, EMAIL_NOT_VERIFIED_CODE);
}

export function verifyLink(origin: string, token: string) {
  return `${origin.replace(/\/+$/, "")}/verify-email/${token}`;
}

export type VerificationMailResult =
  | { sent: true; delivery: Promise<void> }
  | { sent: false; reason: "verified" | "no-smtp" | "limited" | "no-public-url" };

/**
 * Mails a verification link (at sign-up and from the banner's "Send a new
 * link"). The mail goes out in `delivery`, which tests await and routes do not.
 * `origin` is the configured public address (linkOrigin()); null sends nothing
 * and says so on the server log (never a link built from the request's Host).
 */
export function sendVerificationMail(
  userId: string,
  origin: string | null,
  opts: { ip?: string; now?: number } = {},
): VerificationMailResult {
  const now = opts.now ?? Date.now();
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || user.emailVerifiedAt != null) return { sent: false, reason: "verified" };
  if (!mailerConfigured()) return { sent: false, reason: "no-smtp" };
  if (!origin) {
    linkMailRefused("verification");
    return { sent: false, reason: "no-public-url" };
  }
  if (tokensIssuedSince(userId, "verify-email", now - 60 * 60 * 1000) >= MAX_VERIFY_MAILS_PER_HOUR)
    return { sent: false, reason: "limited" };
  const token = issueAccountToken(userId, "verify-email", VERIFY_TTL_MS, now);
  audit({ action: "auth.verification_sent", userId, ip: opts.ip });
  const delivery = sendMail({
    to: user.email,
    subject: "Confirm your e-mail address for Rampart",
    text: [
      "Welcome to Rampart. Please confirm that this address is yours:",
      "",
      verifyLink(origin, token),
      "",
      "The link works once, for 24 hours. Until you confirm, you can use Rampart but not invite colleagues",
      "or watch a domain.",
      "",
      "If you did not create a Rampart account, ignore this message.",
    ].join("\n"),
  }).then(
    () => undefined,
    (error: unknown) => {
      console.error(`Verification mail to user ${userId} failed: ${(error as Error).message}`);
    },
  );
  return { sent: true, delivery };
}

/** Marks the address verified without a link (the operator's command, for installs without SMTP). */
export function markEmailVerified(userId: string, detail: Record<string, unknown> = {}, now = Date.now()) {
  db.update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .run();
  spendAllTokens(userId, "verify-email", now);
  audit({ action: "auth.email_verified", userId, detail });
}

/** Spends a verification link and marks the address verified; the account's e-mail, or null when the link is dead. */
export function verifyEmail(token: string, opts: { ip?: string; now?: number } = {}): { email: string } | null {
  const now = opts.now ?? Date.now();
  const owner = liveTokenOwner(token, "verify-email", now);
  if (!owner) return null;
  const done = db.transaction(() => {
    if (!spendToken(token, "verify-email", now)) return false;
    db.update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, owner.userId), isNull(users.emailVerifiedAt)))
      .run();
    spendAllTokens(owner.userId, "verify-email", now);
    return true;
  });
  if (!done) return null;
  audit({ action: "auth.email_verified", userId: owner.userId, ip: opts.ip });
  return { email: owner.email };
}

/** What the person who pressed "Send a new link" is told. */
export function resendVerificationMessage(r: VerificationMailResult, email: string): string {
  if (r.sent) return `We sent a new link to ${email}. It works once, for 24 hours.`;
  if (r.reason === "verified") return "Your e-mail address is already verified.";
  if (r.reason === "limited")
    return "We already sent you several links in the last hour: use the newest one, or try again later.";
  if (r.reason === "no-public-url") return NO_PUBLIC_URL_MESSAGE;
  return "This server cannot send e-mail yet. Ask the person who runs it to verify your address.";
}
