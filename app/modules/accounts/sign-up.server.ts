/**
 * Sign-up that does not tell who has an account (issue 26 §14). A new and an
 * existing address get the same answer (same status, page and message) after
 * the same work (one scrypt hash of the submitted password), and nobody is
 * signed in by it: a new account signs in at /login like any other. The mail
 * goes out after the answer: to a new address its verification link, to an
 * existing account's owner a notice that someone tried to sign up with it.
 *
 * What stays visible: whoever signs up a free address with a password can
 * then sign in with it (the account is theirs, unverified, so it cannot
 * invite, watch a domain or start a trial); the address's real owner takes
 * it back with a password reset.
 */
import { mailerConfigured, sendMail } from "~/lib/mailer.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { audit } from "~/modules/audit";
import { createUser, EmailTakenError, findUserByEmail } from "./accounts.server";
import { sendVerificationMail } from "./email-verification.server";
import { hashPassword } from "./password-hash.server";

/** At most this many "someone tried to sign up" notices per account per hour: sign-up cannot flood a mailbox. */
export const MAX_SIGNUP_NOTICES_PER_HOUR = 2;

/** What everyone who signs up with a well-formed address and an acceptable password is told. */
export function signUpReceivedMessage(email: string): string {
  // Depends on the server's settings only (SMTP and a public address for the link), never on the address.
  return mailerConfigured() && linkOrigin()
    ? `Thanks. We sent a message to ${email}: follow its link to confirm the address. Then sign in with your e-mail address and password.`
    : `Thanks. Sign in with ${email} and your password to continue.`;
}

/**
 * Creates the account, or (for an address that has one) mails its owner a
 * notice instead. Answers only when the mail, if any, is on its way
 * (`delivery`, awaited by tests, not by the route); the result carries nothing
 * the route may show differently.
 */
export async function signUp(
  email: string,
  password: string,
  opts: { ip?: string } = {},
): Promise<{ delivery: Promise<void> }> {
  const existing = findUserByEmail(email);
  if (!existing) {
    try {
      const { user } = await createUser(email, password, opts);
      const r = sendVerificationMail(user.id, linkOrigin(), { ip: opts.ip });
      return { delivery: r.sent ? r.delivery : Promise.resolve() };
    } catch (error) {
      // Taken between the look-up and the insert: the same as an existing address.
      if (!(error instanceof EmailTakenError)) throw error;
      const raced = findUserByEmail(email);
      return { delivery: raced ? noticeExistingOwner(raced, opts.ip) : Promise.resolve() };
    }
  }
  // The same scrypt work createUser does, so the answer takes as long (the hash is discarded).
  await hashPassword(password);
  return { delivery: noticeExistingOwner(existing, opts.ip) };
}

function noticeExistingOwner(user: { id: string; email: string }, ip?: string): Promise<void> {
  audit({ action: "auth.signup_existing_address", userId: user.id, ip });
  if (!mailerConfigured()) return Promise.resolve();
  if (!rateLimit(`signup-notice:${user.id}`, MAX_SIGNUP_NOTICES_PER_HOUR, 60 * 60 * 1000).allowed)
    return Promise.resolve();
  // Links only to the configured public address (lib/public-origin.server.ts); without one, none (the notice
  // carries no token, so it still goes out).
  const origin = linkOrigin();
  const where = origin
    ? [`Sign in: ${origin}/login`, `Choose a new password: ${origin}/forgot-password`]
    : ["Sign in on your Rampart site, or choose a new password from its sign-in page."];
  return sendMail({
    to: user.email,
    subject: "Someone tried to create a Rampart account with your address",
    text: [
      "Someone tried to sign up for Rampart with this e-mail address, which already has an account.",
      "",
      "If that was you, you already have an account: sign in, or reset your password if you forgot it.",
      ...where,
      "",
      "If it was not you, ignore this message: nothing about your account changed.",
    ].join("\n"),
  }).then(
    () => undefined,
    (error: unknown) => {
      console.error(`Sign-up notice mail to user ${user.id} failed: ${(error as Error).message}`);
    },
  );
}
