/**
 * Passkeys (WebAuthn, issue 33 part B) with @simplewebauthn/server: a person registers, names, lists and removes
 * their passkeys, and signs in with one alone. Sign-in asks the authenticator for user verification (a PIN or a
 * biometric on the device), so a passkey sign-in is both factors at once: something held and something known or
 * been, and the session is complete without a second step.
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

function storeChallenge(purpose: "register" | "sign-in", challenge: string, userId: string | null): string {
  const now = Date.now();
  db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now)).run();
  const id = randomUUID();
  db.insert(webauthnChallenges)
    .values({ id, purpose, userId, challenge, expiresAt: now + CHALLENGE_TTL_MS })
    .run();
  return id;
}

/** Takes a challenge (deleting it: single use) and answers its value, or throws when missing or expired. */
function takeChallenge(id: string, purpose: "register" | "sign-in", userId: string | null): string {
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

/** Verifies a passkey sign-in; answers the person it belongs to. */
export async function verifyPasskeySignIn(
  input: { challengeId: string; response: unknown },
  requestUrl: string,
): Promise<{ userId: string }> {
  const rp = requireRp(requestUrl);
  const expectedChallenge = takeChallenge(input.challengeId, "sign-in", null);
  const response = input.response as AuthenticationResponseJSON;
  const credentialId = typeof response?.id === "string" ? response.id : "";
  const stored = credentialId
    ? db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get()
    : undefined;
  if (!stored) throw new PasskeyError(PASSKEY_SIGN_IN_FAILED, { status: 401 });
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
    throw new PasskeyError(PASSKEY_SIGN_IN_FAILED, { status: 401 });
  }
  if (!verification.verified) throw new PasskeyError(PASSKEY_SIGN_IN_FAILED, { status: 401 });
  db.update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: Date.now() })
    .where(eq(passkeys.id, stored.id))
    .run();
  return { userId: stored.userId };
}

/** How many of the organization's members have at least one passkey. */
export function passkeyUserCount(tenantId: string): number {
  const ids = memberUserIds(tenantId);
  if (ids.length === 0) return 0;
  return db.selectDistinct({ userId: passkeys.userId }).from(passkeys).where(inArray(passkeys.userId, ids)).all()
    .length;
}
