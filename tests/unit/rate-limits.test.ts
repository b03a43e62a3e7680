/**
 * Rate limits (issue 6 §3): sign-in, sign-up, contact, the public breach
 * check (page and API), the password range and writes answer 429 with
 * Retry-After once their budget is spent; signed-in reads are never limited.
 * Limits are per process (docs/operations.md, Robustness).
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { LIMITS, resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import * as signup from "~/routes/signup";
import * as login from "~/routes/login";
import * as contact from "~/routes/_public.contact";
import * as breachCheckPage from "~/routes/_public.breach-check";
import * as apiBreachesCheck from "~/routes/api.breaches.check";
import * as apiPwnedRange from "~/routes/api.pwned.range.$prefix";
import * as apiTenants from "~/routes/api.tenants";
import * as apiDashboardData from "~/routes/api.dashboard.data";

const BASE = "http://localhost";
type Fn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

async function call(fn: Fn, request: Request, ip: string, params: Record<string, string> = {}) {
  let out: unknown;
  try {
    out = await fn({ request, params, context: { clientIp: ip } });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    out = thrown;
  }
  if (out instanceof Response)
    return { status: out.status, retryAfter: out.headers.get("Retry-After"), body: await out.text() };
  if (out && typeof out === "object" && (out as { type?: string }).type === "DataWithResponseInit") {
    const d = out as { data: unknown; init: ResponseInit | null };
    return {
      status: d.init?.status ?? 200,
      retryAfter: new Headers(d.init?.headers).get("Retry-After"),
      body: JSON.stringify(d.data),
    };
  }
  return { status: 200, retryAfter: null, body: JSON.stringify(out) };
}

const formPost = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(BASE + url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
const jsonPost = (url: string, value: unknown, headers: Record<string, string> = {}) =>
  new Request(BASE + url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(value),
  });

function expect429(r: { status: number; retryAfter: string | null; body: string }) {
  expect(r.status).toBe(429);
  expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(r.body).toContain("Too many requests");
}

const ip = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}`;

beforeEach(() => resetRateLimits());

describe("429 with Retry-After", () => {
  it("sign-in: after 5 failures for one e-mail", async () => {
    const email = `rl-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(email, `Rate limit ${randomUUID()}`);
    const from = ip();
    for (let i = 0; i < 5; i++)
      expect(
        (await call(login.action as Fn, formPost("/login", { email, password: `wrong ${i} password` }), from)).status,
      ).toBe(401);
    expect429(await call(login.action as Fn, formPost("/login", { email, password: "another wrong one" }), from));
  }, 60_000);

  it(`sign-up: after ${LIMITS.signup.limit} an hour from one address, and nothing is created`, async () => {
    const from = ip();
    for (let i = 0; i < LIMITS.signup.limit; i++) {
      // Invalid sign-ups count too: the limit is on attempts.
      expect(
        (await call(signup.action as Fn, formPost("/signup", { email: "not-an-email", password: "x" }), from)).status,
      ).toBe(400);
    }
    const users = (sqlite().prepare("SELECT count(*) n FROM users").get() as { n: number }).n;
    expect429(
      await call(
        signup.action as Fn,
        formPost("/signup", {
          email: `rl-${randomUUID().slice(0, 8)}@example.com`,
          password: `Fine password ${randomUUID()}`,
        }),
        from,
      ),
    );
    expect((sqlite().prepare("SELECT count(*) n FROM users").get() as { n: number }).n).toBe(users);
    // Another address is not affected.
    expect(
      (await call(signup.action as Fn, formPost("/signup", { email: "not-an-email", password: "x" }), ip() + "1"))
        .status,
    ).toBe(400);
  });

  it(`contact: after ${LIMITS.contact.limit} messages an hour from one address`, async () => {
    const from = ip();
    const msg = { name: "Ada", email: "ada@example.com", message: "Hello there, this is a message." };
    for (let i = 0; i < LIMITS.contact.limit; i++)
      expect((await call(contact.action as Fn, formPost("/contact", msg), from)).status).toBe(200);
    const stored = (sqlite().prepare("SELECT count(*) n FROM contact_messages").get() as { n: number }).n;
    expect429(await call(contact.action as Fn, formPost("/contact", msg), from));
    expect((sqlite().prepare("SELECT count(*) n FROM contact_messages").get() as { n: number }).n).toBe(stored);
  });

  it(`public breach check (page and API share one budget): after ${LIMITS.breachCheck.limit} a minute`, async () => {
    const from = ip();
    for (let i = 0; i < LIMITS.breachCheck.limit; i++) {
      const r =
        i % 2
          ? await call(
              apiBreachesCheck.action as Fn,
              jsonPost("/api/breaches/check", { email: `a${i}@example.com` }),
              from,
            )
          : await call(
              breachCheckPage.action as Fn,
              formPost("/breach-check", { intent: "email", email: `a${i}@example.com` }),
              from,
            );
      expect(r.status, r.body).toBe(200);
    }
    expect429(
      await call(apiBreachesCheck.action as Fn, jsonPost("/api/breaches/check", { email: "late@example.com" }), from),
    );
    expect429(
      await call(
        breachCheckPage.action as Fn,
        formPost("/breach-check", { intent: "email", email: "late@example.com" }),
        from,
      ),
    );
    const api = await call(
      apiBreachesCheck.action as Fn,
      jsonPost("/api/breaches/check", { email: "late@example.com" }),
      from,
    );
    expect(JSON.parse(api.body)).toEqual({ message: "Too many requests", code: "RATE_LIMITED" });
  });

  it(`password range: after ${LIMITS.pwnedRange.limit} a minute`, async () => {
    const from = ip();
    const get = () =>
      call(apiPwnedRange.loader as Fn, new Request(`${BASE}/api/pwned/range/5BAA6`), from, { prefix: "5BAA6" });
    // Without a reachable range API or an imported list the answer is 503 "not checked" (issue 30); either way the
    // first requests are answered, not limited.
    for (let i = 0; i < LIMITS.pwnedRange.limit; i++) expect([200, 503]).toContain((await get()).status);
    const r = await get();
    expect429(r);
    expect(JSON.parse(r.body)).toEqual({ message: "Too many requests", code: "RATE_LIMITED" });
  }, 60_000);

  it(`writes: after ${LIMITS.writes.limit} a minute per user; signed-in reads stay unlimited`, async () => {
    const { user, tenantId } = await createUser(
      `rl-${randomUUID().slice(0, 8)}@example.com`,
      `Rate limit ${randomUUID()}`,
    );
    const cookie = (await createSession(new Request(`${BASE}/login`), user.id, { selectedTenantId: tenantId })).split(
      ";",
    )[0];
    const from = ip();
    // Free plan: each create is refused by the organization limit (403) but still counts as a write attempt.
    for (let i = 0; i < LIMITS.writes.limit; i++) {
      const r = await call(
        apiTenants.action as Fn,
        jsonPost("/api/tenants", { name: `Org ${i}` }, { Cookie: cookie }),
        from,
      );
      expect(r.status).toBe(403);
    }
    const limited = await call(
      apiTenants.action as Fn,
      jsonPost("/api/tenants", { name: "One more" }, { Cookie: cookie }),
      from,
    );
    expect429(limited);
    expect(JSON.parse(limited.body)).toEqual({ message: "Too many requests", code: "RATE_LIMITED" });
    for (let i = 0; i < LIMITS.writes.limit + 100; i++) {
      const r = await call(
        apiDashboardData.loader as Fn,
        new Request(`${BASE}/api/dashboard/data`, { headers: { Cookie: cookie } }),
        from,
      );
      expect(r.status).toBe(200);
    }
  }, 180_000);
});
