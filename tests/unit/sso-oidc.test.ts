/**
 * Single sign-on against a REAL OpenID Provider (issue 33 part B): npm `oidc-provider` (a certified OP) runs on a
 * loopback port with a client registered for the app, accounts and a `groups` claim. Nothing of openid-client is
 * mocked: discovery, the authorization request with PKCE, the code exchange and the ID token's validation all
 * happen over HTTP, through the app's SSRF guard (loopback allowed here as an operator would allow it,
 * RAMPART_ALLOW_PRIVATE_TARGETS=1). The provider's login and consent are finished by a small test-only route on the
 * provider's own server (`/test-login/<uid>`), the pattern oidc-provider documents for custom interactions.
 *
 * Covers the pinned API (PUT/GET/DELETE /api/sso: 401/403 by role and plan, 400 naming a failed discovery, only
 * verified domains, the secret never returned) and the code flow through /login/sso and /login/sso/callback.
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Provider from "oidc-provider";
import { sqlite } from "~/lib/db.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { markEmailVerified } from "~/modules/accounts";
import { createTenant, setTenantPlan } from "~/modules/tenants/tenants.server";
import { addWatchedDomain, verifyWatchedDomain } from "~/modules/breach/watchlist.server";
import { memberRole } from "~/modules/tenants";
import { localSignInRefusal, setSsoEnforced, ssoFacts } from "~/modules/sso";
import * as apiSso from "~/routes/api.sso";
import * as ssoStart from "~/routes/login_.sso";
import * as ssoCallback from "~/routes/login_.sso_.callback";
import * as guide from "~/routes/_public.auth0-setup";
import { createApiToken } from "~/modules/api-tokens/tokens.server";

const BASE = "http://localhost";
const CTX = { clientIp: "198.51.100.33" };
const CLIENT_SECRET = "client-secret-never-returned-5f1c2a";
const DOMAIN = "corp-sso.example";

const ACCOUNTS: Record<string, { email: string; groups: string[] }> = {
  alice: { email: `alice@${DOMAIN}`, groups: ["security-team", "everyone"] },
  bob: { email: `bob@${DOMAIN}`, groups: ["everyone"] },
  eve: { email: "eve@elsewhere.example", groups: [] },
};

let server: http.Server;
let issuer: string;
let provider: Provider;

async function startProvider(): Promise<void> {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: "rampart",
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${BASE}/login/sso/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    cookies: { keys: ["test-cookie-key-0123456789"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    // Put the scopes' claims in the ID token itself (the app reads the groups claim from it).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = ACCOUNTS[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return { sub, email: account.email, email_verified: true, name: sub, groups: account.groups };
        },
      };
    },
  });
  const callback = provider.callback();
  server.on("request", async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const login = /^\/test-login\/([^/]+)$/.exec(url.pathname);
    if (login) {
      // The person "signs in" at the provider as ?account=<id> and consents to what the client asked.
      const details = await provider.interactionDetails(req, res);
      const accountId = url.searchParams.get("account")!;
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    callback(req, res);
  });
}

/** A minimal cookie jar for the provider's interaction cookies. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** Follows the provider's redirects as a browser would, signing in as `account`; answers the app's callback URL. */
async function signInAtProvider(authorizationUrl: string, account: string): Promise<string> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(`${BASE}/login/sso/callback`)) return url;
    const interaction = /\/interaction\/([^/?]+)$/.exec(new URL(url).pathname);
    if (interaction) url = `${issuer}/test-login/${interaction[1]}?account=${account}`;
    const res = await fetch(url, { redirect: "manual", headers: { Cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get("location");
    if (!location) throw new Error(`The provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error("Too many redirects at the provider");
}

type Person = { userId: string; email: string; cookie: string };
let owner: Person;
let member: Person;
let tenantId: string;
let freeOwner: Person;

async function person(email: string, tenant?: { id: string; role: "admin" | "member" | "viewer" }): Promise<Person> {
  const { user, tenantId: own } = await createUser(email, `Sso test password ${randomUUID()}`);
  markEmailVerified(user.id);
  if (tenant)
    sqlite()
      .prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, ?)")
      .run(randomUUID(), user.id, tenant.id, tenant.role);
  const cookie = (
    await createSession(new Request(`${BASE}/login`), user.id, { selectedTenantId: tenant?.id ?? own })
  ).split(";")[0];
  return { userId: user.id, email, cookie };
}

type Fn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
async function call(fn: Fn, request: Request): Promise<Response> {
  try {
    const out = await fn({ request, params: {}, context: CTX });
    if (out instanceof Response) return out;
    throw new Error(`Expected a Response, got ${JSON.stringify(out)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const sso = (method: string, who: Person | null, body?: unknown) =>
  call(
    (method === "GET" ? apiSso.loader : apiSso.action) as Fn,
    new Request(`${BASE}/api/sso`, {
      method,
      headers: {
        ...(who ? { Cookie: who.cookie } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

const config = (over: Record<string, unknown> = {}) => ({
  issuer,
  clientId: "rampart",
  clientSecret: CLIENT_SECRET,
  domains: [DOMAIN],
  defaultRole: "viewer",
  groupsClaim: "groups",
  roleMap: { "security-team": "admin", everyone: "member" },
  ...over,
});

beforeAll(async () => {
  process.env.RAMPART_ALLOW_PRIVATE_TARGETS = "1";
  await startProvider();
  owner = await person(`owner-${randomUUID().slice(0, 6)}@${DOMAIN}`);
  tenantId = createTenant(owner.userId, "SSO Corp", { enforceLimit: false }).id;
  setTenantPlan(tenantId, "business");
  owner.cookie = (
    await createSession(new Request(`${BASE}/login`), owner.userId, { selectedTenantId: tenantId })
  ).split(";")[0];
  member = await person(`member-${randomUUID().slice(0, 6)}@example.org`, { id: tenantId, role: "member" });
  addWatchedDomain(tenantId, DOMAIN);
  verifyWatchedDomain(tenantId, DOMAIN);
  addWatchedDomain(tenantId, "unverified-sso.example");
  freeOwner = await person(`free-${randomUUID().slice(0, 6)}@example.org`);
});

afterAll(async () => {
  delete process.env.RAMPART_ALLOW_PRIVATE_TARGETS;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("PUT/GET/DELETE /api/sso (pinned)", () => {
  it("refuses a signed-out caller (401), a member (403) and a plan without single sign-on (403)", async () => {
    const signedOut = await sso("PUT", null, config());
    expect(signedOut.status).toBe(401);
    const asMember = await sso("PUT", member, config());
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toMatchObject({ code: "FORBIDDEN" });
    const onFree = await sso("PUT", freeOwner, config());
    expect(onFree.status).toBe(403);
    expect((await sso("GET", member)).status).toBe(403);
  });

  it("accepts only domains the organization has verified", async () => {
    const res = await sso("PUT", owner, config({ domains: [DOMAIN, "unverified-sso.example"] }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.message).toContain("unverified-sso.example is not verified");
  });

  it("answers 400 naming the discovery that failed", async () => {
    const dead = http.createServer((_req, res) => res.writeHead(404).end("no such thing"));
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    const deadIssuer = `http://127.0.0.1:${(dead.address() as AddressInfo).port}/realms/missing`;
    try {
      const res = await sso("PUT", owner, config({ issuer: deadIssuer }));
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; code: string };
      expect(body.message).toContain(`${deadIssuer}/.well-known/openid-configuration`);
      expect(body.message).toMatch(/discovery failed/i);
    } finally {
      dead.close();
    }
    expect((await sso("GET", owner)).status).toBe(404);
  });

  it("saves after discovery, answers the pinned shape and never returns the secret", async () => {
    const res = await sso("PUT", owner, config());
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain(CLIENT_SECRET);
    expect(JSON.parse(text)).toMatchObject({
      issuer,
      clientId: "rampart",
      domains: [DOMAIN],
      redirectUri: `${BASE}/login/sso/callback`,
      enforced: false,
    });
    const got = await sso("GET", owner);
    const gotText = await got.text();
    expect(got.status).toBe(200);
    expect(gotText).not.toContain(CLIENT_SECRET);
    expect(JSON.parse(gotText)).toMatchObject({ issuer, domains: [DOMAIN], redirectUri: `${BASE}/login/sso/callback` });
    // At rest the secret is sealed, not stored in clear.
    const row = sqlite()
      .prepare("SELECT client_secret_sealed FROM sso_connections WHERE tenant_id = ?")
      .get(tenantId) as {
      client_secret_sealed: string;
    };
    expect(row.client_secret_sealed).not.toContain(CLIENT_SECRET);
    expect(ssoFacts(tenantId)).toEqual({ configured: true, enforced: false, passkeyUsers: 0 });
  });
});

describe("/api/sso with an API token", () => {
  it("may read while its creator may manage single sign-on, and never write", async () => {
    const token = createApiToken({ tenantId, userId: owner.userId, name: "SSO check", scopes: ["read"] }).token;
    const bearer = (method: string, body?: unknown) =>
      call(
        (method === "GET" ? apiSso.loader : apiSso.action) as Fn,
        new Request(`${BASE}/api/sso`, {
          method,
          headers: {
            Authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const read = await bearer("GET");
    const text = await read.text();
    expect(read.status, text).toBe(200);
    expect(text).not.toContain(CLIENT_SECRET);
    expect((await bearer("PUT", config())).status).toBe(403);
    expect((await bearer("DELETE")).status).toBe(403);
    expect((await sso("GET", owner)).status).toBe(200);
  });
});

async function start(email: string) {
  const res = await call(ssoStart.loader as Fn, new Request(`${BASE}/login/sso?email=${encodeURIComponent(email)}`));
  return res;
}

describe("the authorization code flow against the loopback provider", () => {
  it("sends an uncovered domain back to /login saying so", async () => {
    const res = await start("someone@not-covered.example");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?sso=not-covered/);
  });

  it("signs a new person in just in time, with the role their groups map to, once per answer", async () => {
    const res = await start(ACCOUNTS.alice.email);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!);
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("nonce")).toBeTruthy();
    const stateCookie = res.headers.get("Set-Cookie")!.split(";")[0];

    const callbackUrl = await signInAtProvider(location.href, "alice");
    // Without the browser's state cookie (a callback link planted in another browser) nothing happens.
    const planted = await call(ssoCallback.loader as Fn, new Request(callbackUrl));
    expect(planted.headers.get("Location")).toBe("/login?sso=expired");

    // The planted attempt spent the state: start again, as the person would.
    const again = await start(ACCOUNTS.alice.email);
    const cookie2 = again.headers.get("Set-Cookie")!.split(";")[0];
    const callback2 = await signInAtProvider(again.headers.get("Location")!, "alice");
    const done = await call(ssoCallback.loader as Fn, new Request(callback2, { headers: { Cookie: cookie2 } }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/dashboard");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("rampart_session="))).toBe(true);
    const alice = sqlite()
      .prepare("SELECT id, email_verified_at FROM users WHERE email = ?")
      .get(ACCOUNTS.alice.email) as {
      id: string;
      email_verified_at: number | null;
    };
    expect(alice.email_verified_at).not.toBeNull();
    expect(memberRole(tenantId, alice.id)).toBe("admin");

    // The same answer again (a replayed callback) is refused: the state was used.
    const replay = await call(ssoCallback.loader as Fn, new Request(callback2, { headers: { Cookie: cookie2 } }));
    expect(replay.headers.get("Location")).toBe("/login?sso=expired");
    void stateCookie;
    const events = sqlite()
      .prepare("SELECT action FROM audit_log WHERE tenant_id = ? AND action LIKE 'sso.%' ORDER BY rowid")
      .all(tenantId)
      .map((r) => (r as { action: string }).action);
    expect(events).toEqual(expect.arrayContaining(["sso.configured", "sso.sign_in"]));
  });

  it("maps a person outside the mapped groups to their group's role, and the default role otherwise", async () => {
    const res = await start(ACCOUNTS.bob.email);
    const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
    const callbackUrl = await signInAtProvider(res.headers.get("Location")!, "bob");
    const done = await call(ssoCallback.loader as Fn, new Request(callbackUrl, { headers: { Cookie: cookie } }));
    expect(done.headers.get("Location")).toBe("/dashboard");
    const bob = sqlite().prepare("SELECT id FROM users WHERE email = ?").get(ACCOUNTS.bob.email) as { id: string };
    expect(memberRole(tenantId, bob.id)).toBe("member");
  });

  it("refuses an ID token whose address is outside the covered domains", async () => {
    const res = await start(ACCOUNTS.alice.email);
    const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
    const callbackUrl = await signInAtProvider(res.headers.get("Location")!, "eve");
    const done = await call(ssoCallback.loader as Fn, new Request(callbackUrl, { headers: { Cookie: cookie } }));
    expect(done.headers.get("Location")).toBe("/login?sso=domain");
    expect(sqlite().prepare("SELECT id FROM users WHERE email = ?").get(ACCOUNTS.eve.email)).toBeUndefined();
  });

  it("enforcement refuses covered members' passwords but keeps the enforcing owner (break-glass)", async () => {
    const alice = sqlite().prepare("SELECT id, email FROM users WHERE email = ?").get(ACCOUNTS.alice.email) as {
      id: string;
      email: string;
    };
    expect(localSignInRefusal(alice)).toBeNull();
    setSsoEnforced(tenantId, { userId: owner.userId }, true);
    expect(localSignInRefusal(alice)).toMatch(/requires single sign-on/);
    expect(localSignInRefusal({ id: owner.userId, email: owner.email })).toBeNull();
    expect(((await (await sso("GET", owner)).json()) as { enforced: boolean }).enforced).toBe(true);
    setSsoEnforced(tenantId, { userId: owner.userId }, false);
  });

  it("DELETE removes the connection", async () => {
    const res = await sso("DELETE", owner);
    expect(res.status).toBe(204);
    expect((await sso("GET", owner)).status).toBe(404);
    const after = await start(ACCOUNTS.alice.email);
    expect(after.headers.get("Location")).toMatch(/^\/login\?sso=not-covered/);
  });
});

describe("the set-up guide's Test connection (/auth0-setup)", () => {
  async function test(issuerUrl: string) {
    const out = (await guide.action({
      request: new Request(`${BASE}/auth0-setup`, {
        method: "POST",
        headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ issuer: issuerUrl }),
      }),
      params: {},
      context: CTX,
    } as never)) as unknown as {
      data: { report?: Record<string, unknown>; error?: string };
      init: { status?: number } | null;
    };
    return { status: out.init?.status ?? 200, ...out.data };
  }

  it("reports what discovery found: issuer, endpoints, scopes, claims and PKCE methods", async () => {
    const r = await test(issuer);
    expect(r.status).toBe(200);
    expect(r.report).toMatchObject({
      issuer,
      authorizationEndpoint: `${issuer}/auth`,
      tokenEndpoint: `${issuer}/token`,
      jwksUri: `${issuer}/jwks`,
      supportsS256: true,
    });
    expect(r.report!.scopes).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(r.report!.claims).toEqual(expect.arrayContaining(["email", "groups"]));
  });

  it("says which discovery failed", async () => {
    const r = await test("http://127.0.0.1:1/nothing");
    expect(r.status).toBe(400);
    expect(r.error).toContain("http://127.0.0.1:1/nothing/.well-known/openid-configuration");
  });
});
