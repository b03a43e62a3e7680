/**
 * Two-factor sign-in with time-based one-time passwords (RFC 6238, issue 33), through @epic-web/totp: 30-second
 * steps, 6 digits, SHA-1 (what every authenticator app reads from a QR code).
 *
 * Enrolment: a secret is made and kept sealed (app/lib/secret-box.server.ts) but not used until the person proves
 * their app has it with one code; then ten recovery codes are made, shown once, and only their SHA-256 kept.
 * A code is accepted within ±1 step of now, and once: the step of the last accepted code is stored and a code of
 * that step or an earlier one is refused (an observed code cannot be replayed, even inside the window). A recovery
 * code works once. Turning two-factor off needs the password again (a stolen session cannot remove it), and is
 * refused while an organization of the person requires it (unless a passkey is left as the second factor).
 */
import { createHash, randomInt } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import QRCode from "qrcode";
import { recoveryCodes, twoFactor, users } from "./schema";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { open, seal } from "~/lib/secret-box.server";
import { audit } from "~/modules/audit";
import { organizationsRequiringTwoFactor } from "~/modules/tenants";
import { hasPasskey, passkeyUserIds, removeAllPasskeys, verifyPasskeySecondFactor } from "~/modules/sso";
import { PASSWORD_CHECK_LIMITS, purgeOldAttempts, releaseAttempt, reserveAttempt } from "./accounts.server";
import { verifyPassword } from "./password-hash.server";

export const TOTP_PERIOD_SECONDS = 30;
const TOTP = { period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: "SHA-1" } as const;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Rampart";

export const WRONG_CODE = "That code is not right or was already used. Enter the current code from your app.";
export const WRONG_SECOND_FACTOR = "That code is not right or was already used.";

export class TwoFactorError extends DomainError {}

const currentStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

export function hasTwoFactor(userId: string): boolean {
  return !!db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .get();
}

/**
 * Whether the person has a second factor: TOTP on, or at least one passkey (a registered passkey is a second
 * factor after a password, issue 33). The one rule behind the sign-in's second step, the organization policy,
 * the member list and identityFacts.
 */
export function hasSecondFactor(userId: string): boolean {
  return hasTwoFactor(userId) || hasPasskey(userId);
}

/** Which of these people have two-factor sign-in (TOTP on or a passkey): the member list, identityFacts. */
export function twoFactorUserIds(userIds: string[]): Set<string> {
  if (userIds.length === 0) return new Set();
  const ids = new Set(
    db
      .select({ userId: twoFactor.userId })
      .from(twoFactor)
      .where(and(inArray(twoFactor.userId, userIds), isNotNull(twoFactor.enabledAt)))
      .all()
      .map((r) => r.userId),
  );
  for (const id of passkeyUserIds(userIds)) ids.add(id);
  return ids;
}

export type TwoFactorStatus = { enabled: boolean; enabledAt: number | null; recoveryCodesLeft: number };

export function twoFactorStatus(userId: string): TwoFactorStatus {
  const row = db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, userId)).get();
  const left = db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .all().length;
  return { enabled: !!row?.enabledAt, enabledAt: row?.enabledAt ?? null, recoveryCodesLeft: row?.enabledAt ? left : 0 };
}

/** Starts (or restarts) enrolment with a new secret. Refused while two-factor is on: turn it off first. */
export async function startEnrolment(userId: string): Promise<void> {
  if (hasTwoFactor(userId)) throw new TwoFactorError("Two-factor sign-in is already on.", { status: 409 });
  const { secret } = await generateTOTP(TOTP);
  const secretSealed = seal(secret);
  db.insert(twoFactor)
    .values({ userId, secretSealed, enabledAt: null, lastStep: null })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretSealed, enabledAt: null, lastStep: null } })
    .run();
}

export type Enrolment = { secret: string; uri: string; qrDataUrl: string };

/** The enrolment waiting for its confirming code: the secret in text, its otpauth URI and a QR code of it. */
export async function pendingEnrolment(userId: string): Promise<Enrolment | null> {
  const row = db
    .select({ secretSealed: twoFactor.secretSealed, email: users.email })
    .from(twoFactor)
    .innerJoin(users, eq(users.id, twoFactor.userId))
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .get();
  if (!row) return null;
  const secret = open(row.secretSealed);
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: row.email, issuer: ISSUER });
  // Drawn on the server, as an SVG image: no script and no third party sees the secret.
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

const normalizeTotp = (code: string) => code.replace(/\s+/g, "");
const isTotpShaped = (code: string) => /^\d{6}$/.test(normalizeTotp(code));

/**
 * The step a code belongs to (±1 of now), or null. The library counts steps from the clock itself: read the
 * clock before and after, and try again in the rare case a step boundary fell in between.
 */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = currentStep();
    const match = await verifyTOTP({ ...TOTP, otp: code, secret, window: 1 });
    if (currentStep() !== before) continue;
    return match ? before + match.delta : null;
  }
  return null;
}

/**
 * Accepts the code once: the stored last step moves forward in one guarded UPDATE, so two requests with the same
 * code (or a replay of an earlier one) cannot both pass.
 */
async function acceptTotp(userId: string, secretSealed: string, code: string, enable: boolean): Promise<boolean> {
  const otp = normalizeTotp(code);
  if (!/^\d{6}$/.test(otp)) return false;
  const step = await matchingStep(open(secretSealed), otp);
  if (step === null) return false;
  const fresh = or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step));
  const result = db
    .update(twoFactor)
    .set(enable ? { lastStep: step, enabledAt: Date.now() } : { lastStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        eq(twoFactor.secretSealed, secretSealed),
        enable ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt),
        fresh,
      ),
    )
    .run();
  return result.changes === 1;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]+/g, "");
const hashRecovery = (code: string) =>
  createHash("sha256")
    .update(`recovery:${normalizeRecovery(code)}`)
    .digest("hex");

function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Replaces the person's recovery codes with ten new ones; answers them (the only time they are readable). */
function issueRecoveryCodes(userId: string): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  db.transaction(() => {
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    db.insert(recoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: hashRecovery(c) })))
      .run();
  });
  return codes;
}

/**
 * Turns two-factor on when the code matches the pending secret. Answers the ten recovery codes to show once.
 * Throws TwoFactorError (400, field "code") on a wrong code, 409 when there is no enrolment to confirm.
 */
export async function confirmEnrolment(
  userId: string,
  code: string,
  meta: { ip?: string; tenantId?: string | null } = {},
): Promise<string[]> {
  const row = db
    .select({ secretSealed: twoFactor.secretSealed })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .get();
  if (!row)
    throw new TwoFactorError("Start the set-up again: there is no enrolment waiting for a code.", { status: 409 });
  if (!(await acceptTotp(userId, row.secretSealed, code, true)))
    throw new TwoFactorError(WRONG_CODE, { status: 400, field: "code" });
  const codes = issueRecoveryCodes(userId);
  audit({ action: "auth.two_factor_enrolled", userId, tenantId: meta.tenantId ?? null, ip: meta.ip });
  return codes;
}

/**
 * The second step of a sign-in: a current TOTP code, or one unused recovery code. Answers which kind was
 * accepted, or null. A recovery code used is audited (the person should make new ones soon).
 */
export async function verifySecondFactor(
  userId: string,
  input: string,
  meta: { ip?: string; tenantId?: string | null } = {},
): Promise<"totp" | "recovery" | null> {
  const code = input.trim().slice(0, 64);
  if (!code) return null;
  const row = db
    .select({ secretSealed: twoFactor.secretSealed })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .get();
  if (!row) return null;
  if (isTotpShaped(code)) return (await acceptTotp(userId, row.secretSealed, code, false)) ? "totp" : null;
  const used = db
    .update(recoveryCodes)
    .set({ usedAt: Date.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecovery(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run().changes;
  if (used !== 1) return null;
  const left = twoFactorStatus(userId).recoveryCodesLeft;
  audit({
    action: "auth.recovery_code_used",
    userId,
    tenantId: meta.tenantId ?? null,
    ip: meta.ip,
    detail: { remaining: left },
  });
  return "recovery";
}

export type DisableResult =
  | { removed: true }
  | { removed: false; reason: "wrong-password" }
  | { removed: false; reason: "limited"; retryAfterSeconds: number }
  | { removed: false; reason: "required"; organizations: string[] };

/**
 * Turns two-factor off after a fresh password check (an attempt like a sign-in: at most
 * MAX_PASSWORD_CHECKS_PER_USER failures per user in the window), unless an organization requires it.
 */
export async function disableTwoFactor(
  userId: string,
  password: string,
  meta: { ip?: string; tenantId?: string | null } = {},
): Promise<DisableResult> {
  // A passkey still satisfies the organization's policy without the app codes.
  const required = hasPasskey(userId) ? [] : organizationsRequiringTwoFactor(userId);
  if (required.length > 0) return { removed: false, reason: "required", organizations: required };
  const reservation = reserveAttempt(`password-check:${userId}`, meta.ip ?? "unknown", PASSWORD_CHECK_LIMITS);
  if (!reservation.reserved)
    return { removed: false, reason: "limited", retryAfterSeconds: reservation.retryAfterSeconds };
  const user = db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    purgeOldAttempts();
    return { removed: false, reason: "wrong-password" };
  }
  releaseAttempt(reservation.id);
  removeTwoFactor(userId);
  audit({ action: "auth.two_factor_removed", userId, tenantId: meta.tenantId ?? null, ip: meta.ip });
  return { removed: true };
}

function removeTwoFactor(userId: string): boolean {
  return db.transaction(() => {
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    return db.delete(twoFactor).where(eq(twoFactor.userId, userId)).run().changes > 0;
  });
}

/**
 * The operator's reset for a person who lost their device and their recovery codes (npm run admin --
 * reset-2fa, the operator console): two-factor off, every session ended, audited with who did it.
 * An organization that requires two-factor sends the person to enrolment at their next sign-in.
 */
export function resetTwoFactorByOperator(userId: string, by: { operator: string; ip?: string }): boolean {
  // Passkeys are a second factor too: a person who lost the device holding their only passkey is let back in.
  const removedPasskeys = removeAllPasskeys(userId);
  const removed = removeTwoFactor(userId) || removedPasskeys > 0;
  if (removed) audit({ action: "auth.two_factor_reset", userId, ip: by.ip, detail: { by: by.operator } });
  return removed;
}

/**
 * What a sign-in still needs after the password (issue 33): the second factor when two-factor is on, enrolment
 * when an organization of the person requires two-factor and it is off, else nothing. A passkey counts as the
 * second factor: the person then completes the step with it (and is never sent to TOTP enrolment).
 */
export function signInStep(userId: string): "second-factor" | "enrol" | null {
  if (hasSecondFactor(userId)) return "second-factor";
  return organizationsRequiringTwoFactor(userId).length > 0 ? "enrol" : null;
}

export type SecondStepResult =
  | { ok: "totp" | "recovery" | "passkey" }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * The sign-in's second step with the password's attempt limits (issue 33): the attempt is reserved under the
 * same key as the password (the lower-cased e-mail and the client address, reserveAttempt), so guessing codes,
 * trying passkey answers and guessing passwords draw on one budget, and a success gives the reservation back.
 */
async function limitedSecondStep(
  user: { id: string; email: string },
  meta: { ip: string; tenantId?: string | null },
  method: "code" | "passkey",
  verify: () => Promise<"totp" | "recovery" | "passkey" | null>,
): Promise<SecondStepResult> {
  const attempt = reserveAttempt(user.email.trim().toLowerCase(), meta.ip);
  if (!attempt.reserved) return { ok: false, reason: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  let kind: "totp" | "recovery" | "passkey" | null;
  try {
    kind = await verify();
  } catch (error) {
    releaseAttempt(attempt.id);
    throw error;
  }
  if (!kind) {
    purgeOldAttempts();
    audit({
      action: "auth.second_factor_failed",
      userId: user.id,
      tenantId: meta.tenantId ?? null,
      ip: meta.ip,
      detail: method === "passkey" ? { method } : undefined,
    });
    return { ok: false, reason: "wrong" };
  }
  releaseAttempt(attempt.id);
  return { ok: kind };
}

export function checkSecondStep(
  user: { id: string; email: string },
  code: string,
  meta: { ip: string; tenantId?: string | null },
): Promise<SecondStepResult> {
  return limitedSecondStep(user, meta, "code", () => verifySecondFactor(user.id, code, meta));
}

/**
 * The second step with one of the person's passkeys (the assertion from the browser, for the challenge made by
 * the sso module's passkeySecondFactorOptions), under the same attempt limits as a code.
 */
export function checkPasskeySecondStep(
  user: { id: string; email: string },
  input: { challengeId: string; response: unknown },
  requestUrl: string,
  meta: { ip: string; tenantId?: string | null },
): Promise<SecondStepResult> {
  return limitedSecondStep(user, meta, "passkey", async () =>
    (await verifyPasskeySecondFactor(user.id, input, requestUrl)) ? "passkey" : null,
  );
}

/** Confirming an enrolment the sign-in requires (an organization's policy), with the same attempt limits. */
export async function confirmRequiredEnrolment(
  user: { id: string; email: string },
  code: string,
  meta: { ip: string; tenantId?: string | null },
): Promise<{ ok: true; recoveryCodes: string[] } | Exclude<SecondStepResult, { ok: "totp" | "recovery" | "passkey" }>> {
  const attempt = reserveAttempt(user.email.trim().toLowerCase(), meta.ip);
  if (!attempt.reserved) return { ok: false, reason: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  try {
    const codes = await confirmEnrolment(user.id, code, meta);
    releaseAttempt(attempt.id);
    return { ok: true, recoveryCodes: codes };
  } catch (error) {
    if (error instanceof TwoFactorError && error.status === 400) {
      purgeOldAttempts();
      return { ok: false, reason: "wrong" };
    }
    releaseAttempt(attempt.id);
    throw error;
  }
}
