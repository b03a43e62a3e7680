/**
 * Issue 10: every route that reads a body or a redirect target, walked with
 * the hostile inputs of the security review: the open-redirect payloads, an
 * oversized body, wrong content types, malformed JSON and signed-out posts.
 * Nothing answers 500, no Location leaves the site, and a signed-out post to a
 * route that needs a session is refused before its body is read (the check
 * server.js runs, app/lib/body-admission.server.ts). Routes are called
 * directly against this file's own SQLite database; the same walk through the
 * real server is in server-abuse.test.ts.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { admitBody, isPublicBodyPath } from "~/modules/tenants";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { createTenant, setTenantPlan } from "~/modules/tenants/tenants.server";
import * as signup from "~/routes/signup";
import * as login from "~/routes/login";
import * as forgotPassword from "~/routes/forgot-password";
import * as resetPasswordRoute from "~/routes/reset-password.$token";
import * as logout from "~/routes/api.logout";
import * as apiTenants from "~/routes/api.tenants";
import * as apiTenantsSelect from "~/routes/api.tenants.select";
import * as sidebar from "~/routes/preferences.sidebar";
import * as settings from "~/routes/_app.settings";
import * as orgNew from "~/routes/_app.organizations.new";
import * as alertsPage from "~/routes/_app.alerts";
import * as phishingPage from "~/routes/_app.phishing";
import * as phishingEnhanced from "~/routes/_app.phishing-enhanced";
import * as passwordPage from "~/routes/_app.password";
import * as darkWebPage from "~/routes/_app.dark-web-monitoring";
import * as contact from "~/routes/_public.contact";
import * as breachCheckPage from "~/routes/_public.breach-check";
import * as invite from "~/routes/invite.$token";
import * as apiPhishingAnalyze from "~/routes/api.phishing.analyze";
import * as apiBreachesCheck from "~/routes/api.breaches.check";
import * as apiDarkWebIdentities from "~/routes/api.dark-web.identities";
import * as apiDarkWebExposure from "~/routes/api.dark-web.exposures.$id";
import * as apiQuarantine from "~/routes/api.phishing.items.$id.quarantine";
import * as apiRelease from "~/routes/api.phishing.items.$id.release";
import * as apiSplat from "~/routes/api.$";
import * as emergencyAccessPage from "~/routes/_app.emergency-access";
import * as emergencyAccessAnswers from "~/routes/emergency-access.nominations";

const BASE = "http://localhost";
const PASSWORD = `Hostile routes ${randomUUID()}`;
const OFFSITE = ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example"];
const MORE_OFFSITE = [
  "//evil.example",
  "/\\evil.example",
  "/%2E%2E//evil.example",
  "https://evil.example/",
  "/./\\evil.example",
  "\t//evil.example",
  "/\u0000//evil.example",
];
const ALL_OFFSITE = [...OFFSITE, ...MORE_OFFSITE];
const BIG = "A".repeat(2 * 1024 * 1024);

type Fn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
type Answer = { status: number; location: string | null; body: string };

async function call(fn: Fn, request: Request, params: Record<string, string> = {}): Promise<Answer> {
  let out: unknown;
  try {
    out = await fn({ request, params, context: { clientIp: `203.0.113.${Math.floor(Math.random() * 250)}` } });
  } catch (thrown) {
    if (!(thrown instanceof Response)) return { status: 500, location: null, body: String((thrown as Error)?.stack) };
    out = thrown;
  }
  if (out instanceof Response)
    return { status: out.status, location: out.headers.get("Location"), body: await out.text() };
  if (out && typeof out === "object" && (out as { type?: string }).type === "DataWithResponseInit") {
    const d = out as { data: unknown; init: ResponseInit | null };
    return {
      status: d.init?.status ?? 200,
      location: new Headers(d.init?.headers).get("Location"),
      body: JSON.stringify(d.data),
    };
  }
  return { status: 200, location: null, body: JSON.stringify(out ?? null) };
}

/** A Location stays on this site: a path (never `//host` or `/\host`) or this origin. */
function expectSameSite(location: string | null, label: string) {
  if (location === null) return;
  expect(location.startsWith("//"), `${label}: ${location}`).toBe(false);
  expect(location.startsWith("/\\"), `${label}: ${location}`).toBe(false);
  expect(new URL(location, BASE).origin, `${label}: ${location}`).toBe(BASE);
}

function expectHandled(a: Answer, label: string) {
  expect(a.status, `${label}: ${a.body.slice(0, 300)}`).toBeLessThan(500);
  expectSameSite(a.location, label);
}

let owner: { email: string; userId: string; tenantId: string; cookie: string; second: string };

beforeAll(async () => {
  const email = `walk-${randomUUID().slice(0, 8)}@example.com`;
  const { user, tenantId } = await createUser(email, PASSWORD);
  setTenantPlan(tenantId, "enterprise");
  const second = createTenant(user.id, "Second").id;
  const cookie = (await createSession(new Request(`${BASE}/login`), user.id, { selectedTenantId: tenantId })).split(
    ";",
  )[0];
  owner = { email, userId: user.id, tenantId, cookie, second };
});

beforeEach(() => resetRateLimits());

async function sessionCookie() {
  return (await createSession(new Request(`${BASE}/login`), owner.userId, { selectedTenantId: owner.tenantId })).split(
    ";",
  )[0];
}

type Route = { path: string; fn: () => Fn; params?: Record<string, string>; json?: boolean };

/** Every route with an action that reads a body. */
const BODY_ROUTES: Route[] = [
  { path: "/signup", fn: () => signup.action as Fn },
  { path: "/login", fn: () => login.action as Fn },
  { path: "/forgot-password", fn: () => forgotPassword.action as Fn },
  {
    path: "/reset-password/not-a-real-token",
    fn: () => resetPasswordRoute.action as Fn,
    params: { token: "not-a-real-token" },
  },
  { path: "/api/logout", fn: () => logout.action as Fn },
  { path: "/api/tenants", fn: () => apiTenants.action as Fn, json: true },
  { path: "/api/tenants/select", fn: () => apiTenantsSelect.action as Fn },
  { path: "/preferences/sidebar", fn: () => sidebar.action as Fn },
  { path: "/settings", fn: () => settings.action as Fn },
  { path: "/organizations/new", fn: () => orgNew.action as Fn },
  { path: "/alerts", fn: () => alertsPage.action as Fn },
  { path: "/phishing", fn: () => phishingPage.action as Fn },
  { path: "/phishing-enhanced", fn: () => phishingEnhanced.action as Fn },
  { path: "/password", fn: () => passwordPage.action as Fn },
  { path: "/dark-web-monitoring", fn: () => darkWebPage.action as Fn },
  { path: "/contact", fn: () => contact.action as Fn },
  { path: "/breach-check", fn: () => breachCheckPage.action as Fn },
  { path: "/invite/not-a-real-token", fn: () => invite.action as Fn, params: { token: "not-a-real-token" } },
  { path: "/api/phishing/analyze", fn: () => apiPhishingAnalyze.action as Fn, json: true },
  { path: "/api/breaches/check", fn: () => apiBreachesCheck.action as Fn, json: true },
  { path: "/api/dark-web/identities", fn: () => apiDarkWebIdentities.action as Fn, json: true },
  { path: "/api/dark-web/exposures/x", fn: () => apiDarkWebExposure.action as Fn, params: { id: "x" }, json: true },
  { path: "/api/phishing/items/x/quarantine", fn: () => apiQuarantine.action as Fn, params: { id: "x" } },
  { path: "/api/phishing/items/x/release", fn: () => apiRelease.action as Fn, params: { id: "x" } },
  { path: "/api/no-such-route", fn: () => apiSplat.action as Fn, params: { "*": "no-such-route" } },
  // Emergency access (issue 34): the organization's forms and a contact's answers.
  { path: "/emergency-access", fn: () => emergencyAccessPage.action as Fn },
  { path: "/emergency-access/nominations", fn: () => emergencyAccessAnswers.action as Fn },
];

const post = (path: string, body: BodyInit | undefined, headers: Record<string, string>, cookie?: string) =>
  new Request(BASE + path, {
    method: "POST",
    headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });

/** The hostile bodies of the review, each with its content type. */
const HOSTILE_BODIES: { name: string; headers: Record<string, string>; body: BodyInit | undefined }[] = [
  { name: "malformed JSON", headers: { "Content-Type": "application/json" }, body: '{"name": "x",' },
  { name: "JSON that is not an object", headers: { "Content-Type": "application/json" }, body: "[1, 2, 3]" },
  { name: "wrong content type (text/plain)", headers: { "Content-Type": "text/plain" }, body: "email=a@b.c" },
  { name: "wrong content type (XML)", headers: { "Content-Type": "application/xml" }, body: "<a>1</a>" },
  { name: "no content type", headers: {}, body: "redirectTo=//evil.example" },
  { name: "multipart without a boundary", headers: { "Content-Type": "multipart/form-data" }, body: "--x\r\n" },
  {
    name: "broken multipart",
    headers: { "Content-Type": "multipart/form-data; boundary=zz" },
    body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
  },
  {
    name: "oversized form (2 MB field)",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: BIG, name: BIG, redirectTo: BIG, raw: BIG, value: BIG }).toString(),
  },
  {
    name: "oversized JSON (2 MB field)",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: BIG, raw: BIG, email: BIG, value: BIG }),
  },
  {
    name: "form with every off-site redirect target",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams([
      ["redirectTo", OFFSITE[0]],
      ["state", "collapsed"],
      ["tenantId", "x"],
    ]).toString(),
  },
  { name: "empty body", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: undefined },
];

describe("every route that reads a body, with the review's hostile bodies", () => {
  for (const route of BODY_ROUTES) {
    it(`${route.path}: signed out and signed in, no 500 and no off-site Location`, async () => {
      for (const signedIn of [false, true]) {
        for (const b of HOSTILE_BODIES) {
          const label = `${route.path} ${signedIn ? "signed in" : "signed out"}, ${b.name}`;
          // A session of its own per call: /api/logout and a password change end the one they get.
          const cookie = signedIn ? await sessionCookie() : undefined;
          const answer = await call(route.fn(), post(route.path, b.body, b.headers, cookie), route.params);
          expectHandled(answer, label);
        }
      }
    }, 60_000);
  }
});

describe("signed-out posts are refused before the body is read", () => {
  it("every body route that needs a session answers without touching the body; public ones are admitted", async () => {
    for (const route of BODY_ROUTES) {
      const request = post(route.path, BIG, { "Content-Type": "application/json" });
      const refusal = await admitBody(request);
      expect(request.bodyUsed, route.path).toBe(false);
      if (isPublicBodyPath(route.path)) {
        expect(refusal, route.path).toBeNull();
        continue;
      }
      expect(refusal, `${route.path} must be refused unread`).not.toBeNull();
      expect([302, 401], route.path).toContain(refusal!.status);
      expectSameSite(refusal!.headers.get("Location"), route.path);
    }
  });

  it("the public Privacy Guard request form takes signed-out posts; other pages under /privacy do not", async () => {
    expect(
      await admitBody(post("/privacy-request/acme", "a=1", { "Content-Type": "application/x-www-form-urlencoded" })),
    ).toBeNull();
    const refusal = await admitBody(post("/privacy", "a=1", { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(refusal?.status).toBe(302);
  });

  it("the password reset forms take signed-out posts (/forgot-password, /reset-password/<token>); /settings does not", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    expect(await admitBody(post("/forgot-password", "email=a%40example.com", form))).toBeNull();
    expect(await admitBody(post("/forgot-password.data", "email=a%40example.com", form))).toBeNull();
    expect(await admitBody(post("/reset-password/abc", "password=x", form))).toBeNull();
    expect((await admitBody(post("/settings", "a=1", form)))?.status).toBe(302);
  });

  it("single-fetch data posts (/path.data) are refused like their page, with a 401", async () => {
    const refusal = await admitBody(post("/phishing.data", BIG, { "Content-Type": "multipart/form-data; boundary=x" }));
    expect(refusal?.status).toBe(401);
  });

  it("a signed-in caller whose plan lacks the feature is refused unread; with it, admitted", async () => {
    const { user, tenantId } = await createUser(`free-${randomUUID().slice(0, 8)}@example.com`, PASSWORD);
    const cookie = (await createSession(new Request(BASE), user.id, { selectedTenantId: tenantId })).split(";")[0];
    const request = post("/password", BIG, { "Content-Type": "application/x-www-form-urlencoded" }, cookie);
    const refusal = await admitBody(request);
    expect(request.bodyUsed).toBe(false);
    expect(refusal?.status).toBe(403);
    expect(JSON.parse(await refusal!.text()).code).toBe("UPGRADE_REQUIRED");
    expect(await admitBody(post("/password", "", {}, owner.cookie))).toBeNull();
    expect(await admitBody(post("/api/phishing/analyze", "", {}, owner.cookie))).toBeNull();
    // Another organization's id in X-Tenant-Id: 403 unread.
    const foreign = await admitBody(
      new Request(`${BASE}/api/phishing/analyze`, {
        method: "POST",
        headers: { Cookie: cookie, "X-Tenant-Id": owner.tenantId },
        body: BIG,
      }),
    );
    expect(foreign?.status).toBe(403);
  });
});

describe("every redirect target taken from the request stays on this site", () => {
  it("GET /login?redirectTo=… when already signed in", async () => {
    for (const target of ALL_OFFSITE) {
      const a = await call(
        login.loader as Fn,
        new Request(`${BASE}/login?redirectTo=${encodeURIComponent(target)}`, { headers: { Cookie: owner.cookie } }),
      );
      expect(a.status, target).toBe(302);
      expectSameSite(a.location, `/login?redirectTo=${target}`);
      expect(a.location, target).toBe("/dashboard");
    }
  });

  it("POST /login with the right password and a hostile redirectTo (after sign-in)", async () => {
    for (const target of ALL_OFFSITE) {
      const a = await call(
        login.action as Fn,
        post("/login", new URLSearchParams({ email: owner.email, password: PASSWORD, redirectTo: target }).toString(), {
          "Content-Type": "application/x-www-form-urlencoded",
        }),
      );
      expect(a.status, target).toBe(302);
      expect(a.location, target).toBe("/dashboard");
    }
  });

  it("POST /preferences/sidebar", async () => {
    for (const target of ALL_OFFSITE) {
      const a = await call(
        sidebar.action as Fn,
        post(
          "/preferences/sidebar",
          new URLSearchParams({ state: "collapsed", redirectTo: target }).toString(),
          { "Content-Type": "application/x-www-form-urlencoded" },
          owner.cookie,
        ),
      );
      expect(a.status, target).toBe(302);
      expect(a.location, target).toBe("/dashboard");
    }
  });

  it("POST /api/tenants/select, from the redirectTo field and from the Referer", async () => {
    for (const target of ALL_OFFSITE) {
      const byField = await call(
        apiTenantsSelect.action as Fn,
        post(
          "/api/tenants/select",
          new URLSearchParams({ tenantId: owner.second, redirectTo: target }).toString(),
          { "Content-Type": "application/x-www-form-urlencoded" },
          owner.cookie,
        ),
      );
      expect(byField.status, target).toBe(302);
      expect(byField.location, target).toBe("/dashboard");
      let referer: string;
      try {
        referer = new URL(target, BASE).href;
      } catch {
        continue;
      }
      const byReferer = await call(
        apiTenantsSelect.action as Fn,
        new Request(`${BASE}/api/tenants/select`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Cookie: owner.cookie,
            Referer: `${BASE}${target.startsWith("/") ? target : "/"}`.replaceAll("\u0000", ""),
          },
          body: new URLSearchParams({ tenantId: owner.tenantId }).toString(),
        }),
      );
      expect(byReferer.status, `${target} (${referer})`).toBe(302);
      expectSameSite(byReferer.location, `Referer ${target}`);
    }
  });

  it("a signed-out page request's redirect to /login carries the path only as an encoded query value", async () => {
    const a = await call(
      settings.loader as Fn,
      new Request(`${BASE}/settings?next=${encodeURIComponent("//evil.example")}`),
    );
    expect(a.status).toBe(302);
    expectSameSite(a.location, "/settings signed out");
    expect(a.location).toMatch(/^\/login\?redirectTo=%2Fsettings/);
  });
});
