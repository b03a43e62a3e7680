// Two-factor sign-in (issue 33): the TOTP window and replay rule, single-use recovery codes, the secret sealed at
// rest, the sign-in's second step on a pending session (no page or API until it is done, the password's attempt
// limits), the organization's policy sending members to enrolment, and the sessions list with per-session
// sign-out (an ended session's alert stream stops at its next re-check).
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { generateTOTP } from "@epic-web/totp";
import { sqlite } from "~/lib/db.server";
import { open } from "~/lib/secret-box.server";
import { createSession, getPendingSession, getSession } from "~/modules/accounts/session.server";
import { createUser } from "./accounts.server";
import {
  checkSecondStep,
  confirmEnrolment,
  disableTwoFactor,
  endUserSession,
  hasTwoFactor,
  identityFacts,
  listUserSessions,
  pendingEnrolment,
  signInStep,
  startEnrolment,
  verifySecondFactor,
} from "./index";
import { admitBody, currentRole, getTenantContext, setTwoFactorRequired } from "~/modules/tenants";
import { operatorCommands } from "~/modules/operator";
import { action as loginAction } from "~/routes/login";
import { action as secondStepAction, loader as secondStepLoader } from "~/routes/login_.2fa";
import { loader as authUserLoader } from "~/routes/api.auth.user";
import { action as securityAction } from "~/routes/_app.settings.security";

const PASSWORD = "a long enough passphrase 2fa";
const STEP_MS = 30_000;
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

afterEach(() => {
  vi.useRealTimers();
});

/** The code an authenticator app shows at `at` (ms), from the library itself. */
async function codeAt(secret: string, at: number): Promise<string> {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
  try {
    return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
  } finally {
    vi.useRealTimers();
  }
}

/** Runs `fn` with the clock at `at` (only Date is faked: WebCrypto's promises still settle). */
async function atTime<T>(at: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: at });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

async function person() {
  const email = `twofa-${randomUUID().slice(0, 8)}@example.com`;
  const { user, tenantId } = await createUser(email, PASSWORD);
  return { email, userId: user.id, tenantId };
}

/** Enrols the person at time `at` and answers the secret and the recovery codes. */
async function enrolled(userId: string, at = Date.now()) {
  await startEnrolment(userId);
  const secret = (await pendingEnrolment(userId))!.secret;
  const code = await codeAt(secret, at);
  const codes = await atTime(at, () => confirmEnrolment(userId, code));
  return { secret, codes };
}

// A time in the middle of a step, so ±1 step is unambiguous.
const T0 = Math.floor(Date.now() / STEP_MS) * STEP_MS + 12_000;

describe("TOTP codes", () => {
  it("enrolment needs a right code first, and the secret is stored sealed, never in clear", async () => {
    const { userId } = await person();
    await startEnrolment(userId);
    const { secret, qrDataUrl } = (await pendingEnrolment(userId))!;
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(hasTwoFactor(userId)).toBe(false);
    expect(signInStep(userId)).toBeNull();
    await expect(confirmEnrolment(userId, "000000")).rejects.toMatchObject({ status: 400, field: "code" });
    expect(hasTwoFactor(userId)).toBe(false);
    const row = sqlite().prepare("SELECT secret_sealed FROM two_factor WHERE user_id = ?").get(userId) as {
      secret_sealed: string;
    };
    expect(row.secret_sealed).not.toContain(secret);
    expect(open(row.secret_sealed)).toBe(secret);
    const code = await codeAt(secret, T0);
    const codes = await atTime(T0, () => confirmEnrolment(userId, code));
    expect(codes).toHaveLength(10);
    expect(hasTwoFactor(userId)).toBe(true);
    expect(signInStep(userId)).toBe("second-factor");
  });

  it("accepts the previous, current and next step once each, in order, and nothing further away", async () => {
    const { userId } = await person();
    const { secret } = await enrolled(userId, T0 - 10 * STEP_MS);
    const now = T0;
    const at = (offset: number) => codeAt(secret, now + offset * STEP_MS);
    const verify = async (code: string) => atTime(now, () => verifySecondFactor(userId, code));
    // Two steps away either side: refused.
    expect(await verify(await at(-2))).toBeNull();
    expect(await verify(await at(2))).toBeNull();
    // The previous step (a slow typist): accepted once.
    const previous = await at(-1);
    expect(await verify(previous)).toBe("totp");
    expect(await verify(previous)).toBeNull();
    // The current step: accepted once; replaying it is refused.
    const current = await at(0);
    expect(await verify(current)).toBe("totp");
    expect(await verify(current)).toBeNull();
    // The next step (a clock running ahead): accepted; then an older step is refused even inside the window.
    expect(await verify(await at(1))).toBe("totp");
    expect(await verify(previous)).toBeNull();
  });

  it("the code that confirmed enrolment cannot be replayed to sign in", async () => {
    const { userId } = await person();
    await startEnrolment(userId);
    const secret = (await pendingEnrolment(userId))!.secret;
    const code = await codeAt(secret, T0);
    await atTime(T0, () => confirmEnrolment(userId, code));
    expect(await atTime(T0 + 5_000, () => verifySecondFactor(userId, code))).toBeNull();
  });
});

describe("recovery codes", () => {
  it("each works once, in any case and with or without the dash; only hashes are stored", async () => {
    const { userId } = await person();
    const { codes } = await enrolled(userId);
    expect(new Set(codes).size).toBe(10);
    const stored = sqlite().prepare("SELECT code_hash FROM recovery_codes WHERE user_id = ?").all(userId) as {
      code_hash: string;
    }[];
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace("-", ""));
    expect(await verifySecondFactor(userId, codes[0])).toBe("recovery");
    expect(await verifySecondFactor(userId, codes[0])).toBeNull();
    expect(await verifySecondFactor(userId, ` ${codes[1].replace("-", "").toUpperCase()} `)).toBe("recovery");
    expect(await verifySecondFactor(userId, codes[1])).toBeNull();
    expect(await verifySecondFactor(userId, "aaaaa-bbbbb")).toBeNull();
    const audit = sqlite()
      .prepare("SELECT count(*) AS n FROM audit_log WHERE user_id = ? AND action = 'auth.recovery_code_used'")
      .get(userId) as { n: number };
    expect(audit.n).toBe(2);
  });

  it("turning two-factor off needs the password, and removes the codes with it", async () => {
    const { userId } = await person();
    const { codes } = await enrolled(userId);
    expect(await disableTwoFactor(userId, "not the password", { ip: freshIp() })).toMatchObject({
      removed: false,
      reason: "wrong-password",
    });
    expect(hasTwoFactor(userId)).toBe(true);
    expect(await disableTwoFactor(userId, PASSWORD, { ip: freshIp() })).toEqual({ removed: true });
    expect(hasTwoFactor(userId)).toBe(false);
    expect(await verifySecondFactor(userId, codes[2])).toBeNull();
  });
});

// ---- the sign-in's second step, through the routes ----

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
    secondStepAction({
      request: post("http://localhost/login/2fa?redirectTo=%2Falerts", fields, cookie),
      context: { clientIp: ip },
      params: {},
    } as never),
  );
const withCookie = (url: string, cookie: string) => new Request(url, { headers: { Cookie: cookie } });

describe("the sign-in's second step", () => {
  it("after the password the session opens nothing until a code is given; then it is a new, signed-in one", async () => {
    const { email, userId } = await person();
    const { codes } = await enrolled(userId);
    const ip = freshIp();
    const first = await passwordStep(email, ip);
    expect(first.headers.get("Location")).toBe("/login/2fa?redirectTo=%2Fdashboard");
    expect(await getSession(withCookie("http://localhost/dashboard", first.cookie))).toBeNull();
    expect(await getPendingSession(withCookie("http://localhost/login/2fa", first.cookie))).toMatchObject({
      userId,
      pendingStep: "second-factor",
    });
    const api = await run(() =>
      authUserLoader({
        request: withCookie("http://localhost/api/auth/user", first.cookie),
        context: {},
        params: {},
      } as never),
    );
    expect(api.status).toBe(401);
    const wrong = await secondStep(first.cookie, { intent: "verify", code: "123456" }, ip);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toMatch(/not right/);
    const done = await secondStep(first.cookie, { intent: "verify", code: codes[0] }, ip);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/alerts");
    const signedIn = liveCookie(done.headers)!;
    expect(signedIn).not.toBe(first.cookie);
    expect(await getSession(withCookie("http://localhost/dashboard", signedIn))).toMatchObject({
      user: { id: userId },
    });
    // The pending session is gone: its cookie neither signs in nor reaches the second step again.
    expect(await getPendingSession(withCookie("http://localhost/login/2fa", first.cookie))).toBeNull();
  });

  it("the second step's form is admitted to its action though its session is not signed in yet", async () => {
    // The server refuses bodies of signed-out posts before reading them (body-admission): the pending session is
    // signed out by design, so /login/2fa must be a public form or the code never reaches the action (a 401).
    const { email, userId } = await person();
    await enrolled(userId);
    const { cookie } = await passwordStep(email, freshIp());
    const head = new Request("http://localhost/login/2fa.data", { method: "POST", headers: { Cookie: cookie } });
    expect(await admitBody(head)).toBeNull();
  });

  it("has the password's attempt limits: the sixth wrong code from one address answers 429 with Retry-After", async () => {
    const { email, userId } = await person();
    const { codes } = await enrolled(userId);
    const ip = freshIp();
    const { cookie } = await passwordStep(email, ip);
    for (let i = 0; i < 5; i++)
      expect((await secondStep(cookie, { intent: "verify", code: `00000${i}` }, ip)).status).toBe(400);
    const limited = await secondStep(cookie, { intent: "verify", code: codes[0] }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The limited attempt spent nothing: the recovery code still works once the window allows.
    expect((await checkSecondStep({ id: userId, email }, codes[0], { ip: freshIp() })).ok).toBe("recovery");
  });
});

describe("the organization's two-factor policy", () => {
  it("only an owner with two-factor on may require it; members without it are sent to enrolment and cannot turn it off", async () => {
    const owner = await person();
    const member = await person();
    sqlite()
      .prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, 'member')")
      .run(randomUUID(), member.userId, owner.tenantId);
    expect(() => setTwoFactorRequired(owner.tenantId, member.userId, true)).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    expect(() => setTwoFactorRequired(owner.tenantId, owner.userId, true)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(identityFacts(owner.tenantId)).toEqual({ members: 2, withTwoFactor: 0, twoFactorRequired: false });
    await enrolled(owner.userId);
    expect(setTwoFactorRequired(owner.tenantId, owner.userId, true)).toBe(true);
    expect(identityFacts(owner.tenantId)).toEqual({ members: 2, withTwoFactor: 1, twoFactorRequired: true });
    const audit = sqlite()
      .prepare("SELECT detail FROM audit_log WHERE tenant_id = ? AND action = 'tenant.two_factor_policy_changed'")
      .all(owner.tenantId) as { detail: string }[];
    expect(audit.map((a) => JSON.parse(a.detail))).toEqual([{ required: true }]);

    // The member's next sign-in: a pending session whose only way on is enrolment.
    expect(signInStep(member.userId)).toBe("enrol");
    const ip = freshIp();
    const { cookie } = await passwordStep(member.email, ip);
    expect(await getSession(withCookie("http://localhost/dashboard", cookie))).toBeNull();
    const page = await secondStepLoader({
      request: withCookie("http://localhost/login/2fa", cookie),
      context: {},
      params: {},
    } as never);
    expect(page).toMatchObject({ step: "enrol", requiredBy: [expect.any(String)] });
    expect(page.enrolment?.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = (await pendingEnrolment(member.userId))!.secret;
    const done = await secondStep(cookie, { intent: "confirm-enrol", code: await codeAt(secret, Date.now()) }, ip);
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(await getSession(withCookie("http://localhost/dashboard", liveCookie(done.headers)!))).toMatchObject({
      user: { id: member.userId },
    });
    expect(await disableTwoFactor(member.userId, PASSWORD, { ip })).toMatchObject({
      removed: false,
      reason: "required",
    });
    expect(identityFacts(owner.tenantId).withTwoFactor).toBe(2);
  });
});

describe("sessions", () => {
  it("lists the person's sessions with their device, and ends another one by its handle: its alert stream stops", async () => {
    const { userId } = await person();
    const ua = (agent: string) => new Request("http://localhost/login", { headers: { "User-Agent": agent } });
    const mine = (
      await createSession(ua("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"), userId)
    ).split(";")[0];
    const other = (
      await createSession(
        ua(
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        ),
        userId,
        { ip: "192.0.2.7" },
      )
    ).split(";")[0];
    const me = (await getSession(withCookie("http://localhost/settings/security", mine)))!;
    const otherCtx = (await getTenantContext(withCookie("http://localhost/alerts", other)))!;
    expect(currentRole(otherCtx as never)).toBe("owner");
    const list = listUserSessions(userId, me.session.idHash);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: "Firefox 128 on Linux" });
    expect(list[1]).toMatchObject({ current: false, device: "Mobile Safari 17 on iOS 17.5", ip: "192.0.2.7" });
    for (const s of list) expect(s.handle).not.toBe(me.session.idHash);
    // Someone else cannot end it; the current session is not ended this way.
    const stranger = await person();
    expect(endUserSession(stranger.userId, list[1].handle, "x")).toBe(false);
    expect(endUserSession(userId, list[0].handle, me.session.idHash)).toBe(false);
    expect(endUserSession(userId, list[1].handle, me.session.idHash)).toBe(true);
    expect(await getSession(withCookie("http://localhost/dashboard", other))).toBeNull();
    // The stream opened by that session asks currentRole before each event: access has ended.
    expect(currentRole(otherCtx as never)).toBeNull();
    expect(listUserSessions(userId, me.session.idHash)).toHaveLength(1);
  });
});

describe("a lost device", () => {
  it("the operator's reset turns two-factor off, ends every session and is audited", async () => {
    const { email, userId } = await person();
    await enrolled(userId);
    const cookie = (await createSession(new Request("http://localhost/login"), userId)).split(";")[0];
    expect(operatorCommands.reset2fa(email.toUpperCase())).toBe(
      `Two-factor sign-in of ${email} was reset and 1 session ended.`,
    );
    expect(hasTwoFactor(userId)).toBe(false);
    expect(await getSession(withCookie("http://localhost/dashboard", cookie))).toBeNull();
    expect(() => operatorCommands.reset2fa(email)).toThrow(/no two-factor sign-in to reset/);
    const row = sqlite()
      .prepare("SELECT detail FROM audit_log WHERE user_id = ? AND action = 'auth.two_factor_reset'")
      .get(userId) as { detail: string };
    expect(JSON.parse(row.detail)).toEqual({ by: "operator command line" });
  });
});

describe("settings → Security", () => {
  it("turning two-factor on or off signs out every other session, and keeps this one", async () => {
    const { userId } = await person();
    const here = (await createSession(new Request("http://localhost/login"), userId)).split(";")[0];
    const elsewhere = async () => (await createSession(new Request("http://localhost/login"), userId)).split(";")[0];
    const send = (fields: Record<string, string>) =>
      run(() =>
        securityAction({
          request: post("http://localhost/settings/security", fields, here),
          context: { clientIp: freshIp() },
          params: {},
        } as never),
      );
    let other = await elsewhere();
    expect((await send({ intent: "start-two-factor" })).status).toBe(200);
    const secret = (await pendingEnrolment(userId))!.secret;
    const on = await send({ intent: "confirm-two-factor", code: await codeAt(secret, Date.now()) });
    expect(on.status).toBe(200);
    expect(on.body.ok).toBe("Two-factor sign-in is on. 1 other session was signed out.");
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(await getSession(withCookie("http://localhost/dashboard", other))).toBeNull();
    expect(await getSession(withCookie("http://localhost/dashboard", here))).not.toBeNull();

    other = await elsewhere();
    expect((await send({ intent: "disable-two-factor", password: "wrong" })).body.errors.password).toBe(
      "The password is not correct.",
    );
    expect(await getSession(withCookie("http://localhost/dashboard", other))).not.toBeNull();
    const off = await send({ intent: "disable-two-factor", password: PASSWORD });
    expect(off.body.ok).toBe("Two-factor sign-in is off. Every other session was signed out.");
    expect(await getSession(withCookie("http://localhost/dashboard", other))).toBeNull();
    expect(await getSession(withCookie("http://localhost/dashboard", here))).not.toBeNull();
    // Nothing a person can send there is a 500.
    const hostile: Record<string, string>[] = [
      { intent: "end-session", session: "nope" },
      { intent: "confirm-two-factor", code: "1" },
      { intent: "x" },
    ];
    for (const fields of hostile) expect((await send(fields)).status).toBeLessThan(500);
  });
});
