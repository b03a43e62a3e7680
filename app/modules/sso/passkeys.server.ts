/**
 * Passkeys (WebAuthn, issue 33 part B) with @simplewebauthn/server: a person registers, names, lists and removes
 * their passkeys, and signs in with one alone. Sign-in asks the authenticator for user verification (a PIN or a
 * biometric on the device), so a passkey sign-in is both factors at once: something held and something known or
 * been, and the session is complete without a second step. A passkey is also a second factor after a password
 * (the sign-in's second step, /login/2fa): there the challenge is bound to the pending session's person and only
 * their own credentials are offered and accepted.
 *
 * The relying party is the app's public address (PUBLIC_URL or the operator-stored one): its host name is the
 * RP ID and its origin the expected origin. Outside production, without a configured address, the request's
 * origin is used (as for the SSO redirect URI). Challenges live server-side (webauthn_challenges) for five
 * minutes and are deleted by the verification that uses them, so each works once, whatever its outcome.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type WebAuthnCredential,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { z } from "zod";

type Transports = NonNullable<WebAuthnCredential["transports"]>;
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { audit } from "~/modules/audit";
import { memberUserIds } from "~/modules/tenants";
import { appOrigin } from "./oidc.server";
import { passkeys, webauthnChallenges } from "./schema";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_PASSKEYS = 20;

export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, "Give the passkey a name, like “Work laptop”")
  .max(60, "At most 60 characters");

export type RelyingParty = { rpID: string; origin: string };

/** The relying party for this request's URL (see the header); null in production without a configured address. */
export function relyingParty(requestUrl: string): RelyingParty | null {
  const origin = appOrigin(requestUrl);
  return origin ? { rpID: new URL(origin).hostname, origin } : null;
}

function requireRp(requestUrl: string): RelyingParty {
  const rp = relyingParty(requestUrl);
  if (!rp)
    throw new DomainError("Passkeys need the server's public address (PUBLIC_URL): ask the person who runs it.", {
      status: 400,
    });
  return rp;
}

export class PasskeyError extends DomainError {}

type ChallengePurpose = "register" | "sign-in" | "second-factor";

function storeChallenge(purpose: ChallengePurpose, challenge: string, userId: string | null): string {
  const now = Date.now();
  db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now)).run();
  const id = randomUUID();
  db.insert(webauthnChallenges)
    .values({ id, purpose, userId, challenge, expiresAt: now + CHALLENGE_TTL_MS })
    .run();
  return id;
}

/** Takes a challenge (deleting it: single use) and answers its value, or throws when missing or expired. */
function takeChallenge(id: string, purpose: ChallengePurpose, userId: string | null): string {
  const row = db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose)))
    .returning()
    .get();
  if (!row || row.expiresAt < Date.now() || (userId !== null && row.userId !== userId))
    throw new PasskeyError("That passkey request expired or was already used. Try again.", { status: 400 });
  return row.challenge;
}

export type PasskeyView = { id: string; name: string; createdAt: number; lastUsedAt: number | null };

export function listPasskeys(userId: string): PasskeyView[] {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt)
    .all();
}

/** Registration options for the signed-in person (their existing passkeys excluded). */
export async function passkeyRegistrationOptions(user: { id: string; email: string }, requestUrl: string) {
  const rp = requireRp(requestUrl);
  const existing = db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .all();
  if (existing.length >= MAX_PASSKEYS)
    throw new PasskeyError(`You have ${MAX_PASSKEYS} passkeys, the most an account may have. Remove one first.`, {
      status: 400,
    });
  const options = await generateRegistrationOptions({
    rpName: "Rampart",
    rpID: rp.rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({
      id: c.credentialId,
      transports: c.transports as Transports,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { challengeId: storeChallenge("register", options.challenge, user.id), options };
}

/** Verifies the browser's registration answer and stores the passkey under its name. */
export async function registerPasskey(
  user: { id: string },
  input: { challengeId: string; response: unknown; name: string },
  requestUrl: string,
  ip?: string | null,
): Promise<PasskeyView> {
  const rp = requireRp(requestUrl);
  const name = PasskeyNameSchema.safeParse(input.name);
  if (!name.success) throw new PasskeyError(name.error.issues[0].message, { status: 400, field: "name" });
  const expectedChallenge = takeChallenge(input.challengeId, "register", user.id);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    throw new PasskeyError(`The passkey could not be verified: ${(error as Error).message}`, { status: 400 });
  }
  if (!verification.verified || !verification.registrationInfo)
    throw new PasskeyError("The passkey could not be verified.", { status: 400 });
  const { credential } = verification.registrationInfo;
  const id = randomUUID();
  try {
    db.insert(passkeys)
      .values({
        id,
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: name.data,
      })
      .run();
  } catch (error) {
    if (String((error as Error).message).includes("UNIQUE"))
      throw new PasskeyError("This passkey is already registered.", { status: 409 });
    throw error;
  }
  audit({ action: "passkey.added", userId: user.id, ip, detail: { name: name.data } });
  return listPasskeys(user.id).find((p) => p.id === id)!;
}

export function renamePasskey(userId: string, passkeyId: string, rawName: string): boolean {
  const name = PasskeyNameSchema.safeParse(rawName);
  if (!name.success) throw new PasskeyError(name.error.issues[0].message, { status: 400, field: "name" });
  return (
    db
      .update(passkeys)
      .set({ name: name.data })
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
      .run().changes > 0
  );
}

export function removePasskey(userId: string, passkeyId: string, ip?: string | null): boolean {
  const row = db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name })
    .get();
  if (row) audit({ action: "passkey.removed", userId, ip, detail: { name: row.name } });
  return row !== undefined;
}

/** Sign-in options: no account named yet (discoverable credentials), user verification required. */
export async function passkeySignInOptions(requestUrl: string) {
  const rp = requireRp(requestUrl);
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: "required" });
  return { challengeId: storeChallenge("sign-in", options.challenge, null), options };
}

export const PASSKEY_SIGN_IN_FAILED = "That passkey could not sign you in. Try again, or use your password.";

/**
 * Checks the browser's assertion against the stored credential it names (of `userId` when given) and the
 * expected challenge; moves the signature counter on. Answers the credential's owner, or null when it fails.
 */
async function verifyAssertion(
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  rp: RelyingParty,
  userId: string | null,
): Promise<string | null> {
  const credentialId = typeof response?.id === "string" ? response.id : "";
  if (!credentialId) return null;
  const stored = db
    .select()
    .from(passkeys)
    .where(
      userId === null
        ? eq(passkeys.credentialId, credentialId)
        : and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)),
    )
    .get();
  if (!stored) return null;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
        counter: stored.counter,
        transports: stored.transports as Transports,
      },
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  db.update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: Date.now() })
    .where(eq(passkeys.id, stored.id))
    .run();
  return stored.userId;
}

/** Verifies a passkey sign-in; answers the person it belongs to. */
export async function verifyPasskeySignIn(
  input: { challengeId: string; response: unknown },
  requestUrl: string,
): Promise<{ userId: string }> {
  const rp = requireRp(requestUrl);
  const expectedChallenge = takeChallenge(input.challengeId, "sign-in", null);
  const userId = await verifyAssertion(input.response as AuthenticationResponseJSON, expectedChallenge, rp, null);
  if (!userId) throw new PasskeyError(PASSKEY_SIGN_IN_FAILED, { status: 401 });
  return { userId };
}

export function hasPasskey(userId: string): boolean {
  return !!db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).get();
}

/** Which of these people have at least one passkey (a second factor: the member list, identityFacts). */
export function passkeyUserIds(userIds: string[]): Set<string> {
  if (userIds.length === 0) return new Set();
  return new Set(
    db
      .selectDistinct({ userId: passkeys.userId })
      .from(passkeys)
      .where(inArray(passkeys.userId, userIds))
      .all()
      .map((r) => r.userId),
  );
}

/**
 * Options for a passkey as the second step after a password: the challenge is bound to the pending session's
 * person and only their credentials are allowed, so the browser offers no one else's.
 */
export async function passkeySecondFactorOptions(userId: string, requestUrl: string) {
  const rp = requireRp(requestUrl);
  const own = db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .all();
  if (own.length === 0) throw new PasskeyError("You have no passkey. Use a code instead.", { status: 400 });
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "required",
    allowCredentials: own.map((c) => ({ id: c.credentialId, transports: c.transports as Transports })),
  });
  return { challengeId: storeChallenge("second-factor", options.challenge, userId), options };
}

/**
 * The second step with a passkey: true when the assertion answers this person's challenge (once: it is deleted
 * whatever the outcome) with one of this person's own credentials. A missing, used or expired challenge, another
 * person's credential or a bad signature all answer false. Throws only when passkeys are not configured.
 */
export async function verifyPasskeySecondFactor(
  userId: string,
  input: { challengeId: string; response: unknown },
  requestUrl: string,
): Promise<boolean> {
  const rp = requireRp(requestUrl);
  let expectedChallenge: string;
  try {
    expectedChallenge = takeChallenge(input.challengeId, "second-factor", userId);
  } catch (error) {
    if (error instanceof PasskeyError) return false;
    throw error;
  }
  const response = input.response as AuthenticationResponseJSON;
  return (await verifyAssertion(response, expectedChallenge, rp, userId)) === userId;
}

/** Removes every passkey of the person (the operator's two-factor reset for someone who lost their devices). */
export function removeAllPasskeys(userId: string): number {
  return db.delete(passkeys).where(eq(passkeys.userId, userId)).run().changes;
}

/** How many of the organization's members have at least one passkey. */
export function passkeyUserCount(tenantId: string): number {
  const ids = memberUserIds(tenantId);
  if (ids.length === 0) return 0;
  return db.selectDistinct({ userId: passkeys.userId }).from(passkeys).where(inArray(passkeys.userId, ids)).all()
    .length;
}
