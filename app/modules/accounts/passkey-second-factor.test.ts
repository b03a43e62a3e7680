/**
 * A passkey as the sign-in's second step (issue 33): after the password, a person with a passkey confirms it is
 * them with it at /login/2fa. The assertion must answer a challenge bound to this pending session's person, with
 * one of their own credentials, once; a success makes the pending session a signed-in one exactly as a code does.
 * A passkey is a second factor everywhere two-factor is counted: the sign-in step, the organization policy, the
 * member list's column and identityFacts. The authenticator here is a software one (an Ed25519 key signing
 * real WebAuthn assertions, verified by @simplewebauthn/server unmodified); the browser ceremony itself is covered
 * by tests/e2e/identity-passkeys-sso.spec.ts with Chromium's virtual authenticator.
 */
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { sqlite } from "~/lib/db.server";
import { getPendingSession, getSession } from "~/modules/accounts/session.server";
import { createUser, MAX_FAILURES_PER_PAIR } from "./accounts.server";
import { checkSecondStep, identityFacts, resetTwoFactorByOperator, signInStep, twoFactorUserIds } from "./index";
import { ensureMember, setTwoFactorRequired } from "~/modules/tenants";
import {
  listPasskeys,
  passkeySecondFactorOptions,
  relyingParty,
  verifyPasskeySecondFactor,
  verifyPasskeySignIn,
} from "~/modules/sso";
import { action as loginAction } from "~/routes/login";
import { loader as securityLoader } from "~/routes/_app.settings.security";
import { action as secondStepAction, loader as secondStepLoader, PASSKEY_NOT_ACCEPTED } from "~/routes/login_.2fa";

const PASSWORD = "a long enough passphrase passkey";
const URL_2FA = "http://localhost/login/2fa?redirectTo=%2Falerts";
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

/** A software authenticator: one credential whose public key is stored as a registration would store it. */
type SoftKey = { credentialId: string; privateKey: KeyObject; counter: number };

function addSoftPasskey(userId: string, name = "Laptop"): SoftKey {
  // Ed25519 (COSE alg -8): its signature is raw bytes. (ES256's DER signature trips a dual-package load of
  // @peculiar/asn1-schema under vitest only; the e2e spec covers ES256 with Chromium's authenticator.)
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const jwk = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 1], // kty: OKP
      [3, -8], // alg: EdDSA
      [-1, 6], // crv: Ed25519
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
    ]),
  );
  const credentialId = randomBytes(16).toString("base64url");
  sqlite()
    .prepare(
      "INSERT INTO passkeys (id, user_id, credential_id, public_key, counter, transports, name) VALUES (?, ?, ?, ?, 0, '[]', ?)",
    )
    .run(randomUUID(), userId, credentialId, Buffer.from(cose).toString("base64url"), name);
  return { credentialId, privateKey, counter: 0 };
}

/** The assertion an authenticator gives for `challenge` (user present and verified), as the browser sends it. */
function assertion(key: SoftKey, challenge: string, requestUrl = URL_2FA) {
  const rp = relyingParty(requestUrl)!;
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: rp.origin }));
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(++key.counter);
  const authenticatorData = Buffer.concat([
    createHash("sha256").update(rp.rpID).digest(),
    Buffer.from([0x05]), // UP | UV
    counter,
  ]);
  const signature = sign(
    null,
    Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]),
    key.privateKey,
  );
  return {
    id: key.credentialId,
    rawId: key.credentialId,
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: clientDataJSON.toString("base64url"),
      authenticatorData: authenticatorData.toString("base64url"),
      signature: signature.toString("base64url"),
    },
  };
}

async function person() {
  const email = `pk2fa-${randomUUID().slice(0, 8)}@example.com`;
  const { user, tenantId } = await createUser(email, PASSWORD);
  return { email, userId: user.id, tenantId };
}

type Outcome = { status: number; headers: Headers; body: any };
async function run(fn: () => Promise<unknown>): Promise<Outcome> {
  let out: unknown;
  try {
    out = await fn();
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, headers: out.headers, body: null };
  const d = out as { type: string; data: unknown; init: ResponseInit | null };
  return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: d.data };
}
const post = (url: string, fields: Record<string, string>, cookie?: string) =>
  new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
const liveCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => /^(__Host-)?rampart_session=[^;]+/.test(c) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c))
    ?.split(";")[0];
const withCookie = (url: string, cookie: string) => new Request(url, { headers: { Cookie: cookie } });

async function passwordStep(email: string, ip: string) {
  const r = await run(() =>
    loginAction({
      request: post("http://localhost/login", { email, password: PASSWORD }),
      context: { clientIp: ip },
      params: {},
    } as never),
  );
  return { ...r, cookie: liveCookie(r.headers)! };
}
const secondStep = (cookie: string, fields: Record<string, string>, ip: string) =>
  run(() =>
    secondStepAction({ request: post(URL_2FA, fields, cookie), context: { clientIp: ip }, params: {} } as never),
  );

/** Asks /login/2fa for passkey options and answers the challenge id and the options. */
async function passkeyOptions(cookie: string, ip: string) {
  const r = await secondStep(cookie, { intent: "passkey-options" }, ip);
  expect(r.status).toBe(200);
  return r.body.passkeyOptions as { challengeId: string; options: { challenge: string; allowCredentials: any[] } };
}

describe("a passkey as the sign-in's second step", () => {
  it("after the password, a passkey-only person must use it; a success is a new, signed-in session", async () => {
    const { email, userId } = await person();
    const key = addSoftPasskey(userId);
    expect(signInStep(userId)).toBe("second-factor");
    const ip = freshIp();
    const first = await passwordStep(email, ip);
    expect(first.headers.get("Location")).toBe("/login/2fa?redirectTo=%2Fdashboard");
    expect(await getSession(withCookie("http://localhost/dashboard", first.cookie))).toBeNull();
    const page = await secondStepLoader({
      request: withCookie(URL_2FA, first.cookie),
      context: {},
      params: {},
    } as never);
    expect(page).toMatchObject({ step: "second-factor", passkey: true, codes: false });

    const { challengeId, options } = await passkeyOptions(first.cookie, ip);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.credentialId]);
    const done = await secondStep(
      first.cookie,
      { intent: "passkey", challengeId, response: JSON.stringify(assertion(key, options.challenge)) },
      ip,
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/alerts");
    const signedIn = liveCookie(done.headers)!;
    expect(signedIn).not.toBe(first.cookie);
    expect(await getSession(withCookie("http://localhost/dashboard", signedIn))).toMatchObject({
      user: { id: userId },
    });
    // The pending session is gone: its cookie opens neither the second step nor the app.
    expect(await getPendingSession(withCookie(URL_2FA, first.cookie))).toBeNull();
    expect(await getSession(withCookie("http://localhost/dashboard", first.cookie))).toBeNull();
    const audited = sqlite()
      .prepare("SELECT detail FROM audit_log WHERE user_id = ? AND action = 'auth.login' ORDER BY id DESC")
      .get(userId) as { detail: string };
    expect(JSON.parse(audited.detail)).toEqual({ method: "passkey" });
    expect(listPasskeys(userId)[0].lastUsedAt).not.toBeNull();
    // Settings → Security does not claim a password alone signs in: the page knows the passkey is the factor.
    const security = await securityLoader({
      request: withCookie("http://localhost/settings/security", signedIn),
      context: {},
      params: {},
    } as never);
    expect(security).toMatchObject({ passkey: true, twoFactor: { enabled: false } });
  });

  it("refuses another person's passkey, even one that signs correctly, and the session stays pending", async () => {
    const a = await person();
    const b = await person();
    addSoftPasskey(a.userId);
    const bKey = addSoftPasskey(b.userId);
    const ip = freshIp();
    const first = await passwordStep(a.email, ip);
    const { challengeId, options } = await passkeyOptions(first.cookie, ip);
    expect(options.allowCredentials.map((c) => c.id)).not.toContain(bKey.credentialId);
    const refused = await secondStep(
      first.cookie,
      { intent: "passkey", challengeId, response: JSON.stringify(assertion(bKey, options.challenge)) },
      ip,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.passkey).toBe(PASSKEY_NOT_ACCEPTED);
    expect(liveCookie(refused.headers)).toBeUndefined();
    expect(await getPendingSession(withCookie(URL_2FA, first.cookie))).toMatchObject({ userId: a.userId });
    // The same answer straight to the module: B's credential never confirms A.
    const again = await passkeySecondFactorOptions(a.userId, URL_2FA);
    expect(
      await verifyPasskeySecondFactor(
        a.userId,
        { challengeId: again.challengeId, response: assertion(bKey, again.options.challenge) },
        URL_2FA,
      ),
    ).toBe(false);
    const failed = sqlite()
      .prepare("SELECT detail FROM audit_log WHERE user_id = ? AND action = 'auth.second_factor_failed'")
      .get(a.userId) as { detail: string };
    expect(JSON.parse(failed.detail)).toEqual({ method: "passkey" });
  });

  it("a challenge works once, only for its person, and never as a password-free sign-in", async () => {
    const a = await person();
    const b = await person();
    const key = addSoftPasskey(a.userId);
    addSoftPasskey(b.userId);
    const first = await passkeySecondFactorOptions(a.userId, URL_2FA);
    const answer = { challengeId: first.challengeId, response: assertion(key, first.options.challenge) };
    expect(await verifyPasskeySecondFactor(a.userId, answer, URL_2FA)).toBe(true);
    expect(await verifyPasskeySecondFactor(a.userId, answer, URL_2FA)).toBe(false);

    // Issued to A: B's pending session cannot take it (and it is used up by the try).
    const second = await passkeySecondFactorOptions(a.userId, URL_2FA);
    const forA = { challengeId: second.challengeId, response: assertion(key, second.options.challenge) };
    expect(await verifyPasskeySecondFactor(b.userId, forA, URL_2FA)).toBe(false);
    expect(await verifyPasskeySecondFactor(a.userId, forA, URL_2FA)).toBe(false);

    // A second-factor challenge is no sign-in challenge.
    const third = await passkeySecondFactorOptions(a.userId, URL_2FA);
    await expect(
      verifyPasskeySignIn(
        { challengeId: third.challengeId, response: assertion(key, third.options.challenge) },
        URL_2FA,
      ),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("shares the attempt limit with codes: failed passkey answers use up the budget a code then finds empty", async () => {
    const { email, userId } = await person();
    const key = addSoftPasskey(userId);
    const ip = freshIp();
    const first = await passwordStep(email, ip);
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      const r = await secondStep(first.cookie, { intent: "passkey", challengeId: randomUUID(), response: "{}" }, ip);
      expect(r.status).toBe(400);
    }
    const { challengeId, options } = await passkeyOptions(first.cookie, ip);
    const limited = await secondStep(
      first.cookie,
      { intent: "passkey", challengeId, response: JSON.stringify(assertion(key, options.challenge)) },
      ip,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await checkSecondStep({ id: userId, email }, "123456", { ip })).ok).toBe(false);
    expect(await checkSecondStep({ id: userId, email }, "123456", { ip })).toMatchObject({ reason: "limited" });
  });
});

describe("a passkey counts as two-factor", () => {
  it("for the organization policy, the member list and identityFacts; no enrolment for a passkey-only member", async () => {
    const owner = await person();
    const member = await person();
    ensureMember(owner.tenantId, member.userId, "member");
    expect(twoFactorUserIds([owner.userId, member.userId]).size).toBe(0);
    expect(() => setTwoFactorRequired(owner.tenantId, owner.userId, true)).toThrow();

    addSoftPasskey(owner.userId);
    expect(setTwoFactorRequired(owner.tenantId, owner.userId, true)).toBe(true);
    expect(signInStep(member.userId)).toBe("enrol");
    addSoftPasskey(member.userId);
    expect(signInStep(member.userId)).toBe("second-factor");
    expect(twoFactorUserIds([owner.userId, member.userId])).toEqual(new Set([owner.userId, member.userId]));
    expect(identityFacts(owner.tenantId)).toEqual({ members: 2, withTwoFactor: 2, twoFactorRequired: true });

    // The operator's reset lets in someone who lost the device with their only passkey.
    expect(resetTwoFactorByOperator(member.userId, { operator: "test" })).toBe(true);
    expect(listPasskeys(member.userId)).toEqual([]);
    expect(signInStep(member.userId)).toBe("enrol");
  });
});
