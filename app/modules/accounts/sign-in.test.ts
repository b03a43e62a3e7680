// Sign-in through the /login route's action (issue 2 §3): one message for a wrong e-mail or password, brute-force throttle
// (5 failures per e-mail => 429 with Retry-After and 'Too many requests'), a new session id on success, redirectTo kept same-site,
// an expired session signed out.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { getSession, hashSessionId } from "./session.server";
import { createUser } from "./accounts.server";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { loader as authUserLoader } from "~/routes/api.auth.user";

const PASSWORD = "a long enough passphrase 1";
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function loginRequest(fields: Record<string, string>, cookie?: string) {
  return new Request("http://localhost/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

type Outcome = { status: number; headers: Headers; body: any };
async function signIn(fields: Record<string, string>, ip: string, cookie?: string): Promise<Outcome> {
  let out: unknown;
  try {
    out = await loginAction({ request: loginRequest(fields, cookie), context: { clientIp: ip }, params: {} } as never);
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, headers: out.headers, body: null };
  const d = out as { type: string; data: unknown; init: ResponseInit | null };
  expect(d.type).toBe("DataWithResponseInit");
  return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: d.data };
}

const cookieFrom = (headers: Headers) => {
  const all = headers.getSetCookie();
  const live = all.find(
    (c) => /^(__Host-)?rampart_session=[^;]+/.test(c) && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
  );
  return live?.split(";")[0];
};

async function account() {
  const email = `signin-${randomUUID().slice(0, 8)}@example.com`;
  const { user } = await createUser(email, PASSWORD);
  return { email, userId: user.id };
}

describe("sign-in", () => {
  it("lands on /dashboard by default and on a same-site redirectTo; an off-site one falls back", async () => {
    const { email } = await account();
    const ip = freshIp();
    expect((await signIn({ email, password: PASSWORD }, ip)).headers.get("Location")).toBe("/dashboard");
    expect(
      (await signIn({ email, password: PASSWORD, redirectTo: "/alerts?tab=open" }, ip)).headers.get("Location"),
    ).toBe("/alerts?tab=open");
    for (const evil of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      expect(
        (await signIn({ email: email.toUpperCase(), password: PASSWORD, redirectTo: evil }, ip)).headers.get(
          "Location",
        ),
      ).toBe("/dashboard");
    }
  });

  it("a wrong password and an unknown e-mail get the same message", async () => {
    const { email } = await account();
    const wrongPassword = await signIn({ email, password: "not the password" }, freshIp());
    const unknown = await signIn(
      { email: `nobody-${randomUUID()}@example.com`, password: "whatever it is" },
      freshIp(),
    );
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body.errors).toEqual({ form: "Invalid e-mail or password" });
    expect(unknown.body.errors).toEqual(wrongPassword.body.errors);
  });

  it("field errors for an invalid form: 400", async () => {
    const r = await signIn({ email: "not-an-email", password: "" }, freshIp());
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ email: "Enter a valid e-mail address", password: "Enter your password" });
  });

  it("after 5 failures for one e-mail from one address: 429, Retry-After and 'Too many requests' there, even with the right password", async () => {
    const { email } = await account();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signIn({ email, password: `wrong ${i}` }, ip)).status).toBe(401);
    const limited = await signIn({ email, password: PASSWORD }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toEqual({ form: "Too many requests" });
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    const other = await account();
    expect((await signIn({ email: other.email, password: PASSWORD }, ip)).status).toBe(302);
  });

  it("an attacker's failures do not lock the owner out: the lock is per e-mail and address pair (issue 10 §6)", async () => {
    const { email } = await account();
    const attacker = freshIp();
    for (let i = 0; i < 8; i++) await signIn({ email, password: `guess ${i}` }, attacker);
    expect((await signIn({ email, password: PASSWORD }, attacker)).status).toBe(429);
    // The owner, from their own address, still signs in.
    expect((await signIn({ email, password: PASSWORD }, freshIp())).status).toBe(302);
  });

  it("after 50 failures for one e-mail from many addresses: 429 for that e-mail everywhere", async () => {
    const { email } = await account();
    for (let i = 0; i < 50; i++) expect((await signIn({ email, password: `wrong ${i}` }, freshIp())).status).toBe(401);
    expect((await signIn({ email, password: PASSWORD }, freshIp())).status).toBe(429);
  });

  it("a burst of 41 parallel attempts verifies no more than the limit: the right password in the burst does not get in (issue 10 §3)", async () => {
    const { email } = await account();
    const ip = freshIp();
    const attempts = Array.from({ length: 41 }, (_, i) => (i === 40 ? PASSWORD : `wrong guess ${i}`));
    const outcomes = await Promise.all(attempts.map((password) => signIn({ email, password }, ip)));
    const statuses = outcomes.map((o) => o.status);
    const verified = statuses.filter((s) => s === 401 || s === 302).length;
    expect(verified).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(36);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    // The right password was the last of the burst: refused, never checked.
    expect(statuses[40]).toBe(429);
  });

  it("after 20 failures from one address: 429 for any e-mail from it", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      await signIn({ email: `spray-${i}-${randomUUID().slice(0, 4)}@example.com`, password: "guess" }, ip);
    const { email } = await account();
    const r = await signIn({ email, password: PASSWORD }, ip);
    expect(r.status).toBe(429);
    expect(r.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("a successful sign-in issues a new session id and ends the old one", async () => {
    const { email } = await account();
    const ip = freshIp();
    const first = cookieFrom((await signIn({ email, password: PASSWORD }, ip)).headers);
    expect(first).toBeTruthy();
    const second = cookieFrom((await signIn({ email, password: PASSWORD }, ip, first)).headers);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const who = async (cookie: string) =>
      (
        await authUserLoader({
          request: new Request("http://localhost/api/auth/user", { headers: { Cookie: cookie } }),
          context: {},
          params: {},
        } as never)
      ).status;
    expect(await who(second!)).toBe(200);
    expect(await who(first!)).toBe(401);
  });

  it("an expired session is signed out: /login shows the form again and the session resolves to nobody", async () => {
    const { email, userId } = await account();
    const cookie = cookieFrom((await signIn({ email, password: PASSWORD }, freshIp())).headers)!;
    const req = () => new Request("http://localhost/login", { headers: { Cookie: cookie } });
    // Signed in, /login redirects away.
    await expect(loginLoader({ request: req(), context: {}, params: {} } as never)).rejects.toMatchObject({
      status: 302,
    });
    sqlite()
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .run(Date.now() - 1, userId);
    expect(await getSession(req())).toBeNull();
    expect(await loginLoader({ request: req(), context: {}, params: {} } as never)).toBeNull();
  });

  it("the cookie carries only a random id; the database keeps its hash", async () => {
    const { email, userId } = await account();
    const cookie = cookieFrom((await signIn({ email, password: PASSWORD }, freshIp())).headers)!;
    const rows = sqlite().prepare("SELECT id_hash FROM sessions WHERE user_id = ?").all(userId) as {
      id_hash: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(decodeURIComponent(cookie)).not.toContain(rows[0].id_hash);
    expect(hashSessionId("x")).toMatch(/^[0-9a-f]{64}$/);
  });
});
