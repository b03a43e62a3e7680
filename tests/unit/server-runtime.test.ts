/**
 * The production server as an operator runs it (npm start: server.ts, built app,
 * production mode), spawned on a loopback port with its own temporary
 * database: security headers on a page, an API answer and an error page, over
 * plain HTTP and through a trusted proxy; the JSON request log; /readyz;
 * body limits and cross-origin refusal; graceful shutdown with a request in
 * flight.
 */
import http from "node:http";
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness";

type Server = RunningServer;

let plain: Server;
let proxied: Server;
let account: { userId: string; tenantId: string; cookie: string };
let proxiedAccount: { userId: string; tenantId: string; cookie: string };

beforeAll(async () => {
  await ensureBuild();
  const a = freshDatabase("rampart-srv-");
  const b = freshDatabase("rampart-srv-proxy-");
  account = await seedAccount(a.file);
  proxiedAccount = await seedAccount(b.file);
  [plain, proxied] = await Promise.all([
    startServer({ dbFile: a.file }),
    startServer({ dbFile: b.file, env: { TRUST_PROXY: "1" } }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([plain?.stop("SIGKILL"), proxied?.stop("SIGKILL")]);
});

const strongPassword = () => `Ledger-${randomUUID()}-Orbit!`;

function cspDirectives(csp: string | null) {
  expect(csp, "Content-Security-Policy header").toBeTruthy();
  const map = new Map<string, string[]>();
  for (const part of csp!.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** What the Mozilla HTTP Observatory grades (A+ needs every one of these). */
function expectObservatoryHeaders(res: Response, { https }: { https: boolean }) {
  const csp = cspDirectives(res.headers.get("content-security-policy"));
  const scriptSrc = csp.get("script-src") ?? csp.get("default-src")!;
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(v))).toBe(true);
  expect(["'none'", "'self'"]).toContain(csp.get("default-src")?.[0]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(
    res.headers.get("referrer-policy"),
  );
  expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(res.headers.get("x-powered-by")).toBeNull();
  const hsts = res.headers.get("strict-transport-security");
  if (https) {
    expect(hsts).toBeTruthy();
    expect(Number(/max-age=(\d+)/.exec(hsts!)?.[1])).toBeGreaterThanOrEqual(15_768_000); // six months
  } else {
    expect(hsts).toBeNull();
  }
  return csp;
}

describe("security headers over plain HTTP", () => {
  it("a page carries them, and every inline script has the response's nonce", async () => {
    const res = await fetch(`${plain.url}/`);
    expect(res.status).toBe(200);
    const csp = expectObservatoryHeaders(res, { https: false });
    const nonce = csp
      .get("script-src")!
      .find((v) => v.startsWith("'nonce-"))!
      .slice(7, -1);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      if (/\bsrc=/.test(attrs) && !body.trim()) continue; // external, same-origin
      expect(attrs, `inline script without the nonce: ${body.slice(0, 80)}`).toContain(`nonce="${nonce}"`);
    }
    // A fresh nonce per response.
    const again = cspDirectives((await fetch(`${plain.url}/`)).headers.get("content-security-policy"));
    expect(again.get("script-src")).not.toEqual(csp.get("script-src"));
  });

  it("an API answer and error pages carry them too", async () => {
    const api = await fetch(`${plain.url}/api/user/plan`, { headers: { cookie: account.cookie } });
    expect(api.status).toBe(200);
    expect(api.headers.get("cache-control")).toContain("no-store");
    expectObservatoryHeaders(api, { https: false });

    const apiError = await fetch(`${plain.url}/api/user/plan`);
    expect(apiError.status).toBe(401);
    expect(await apiError.json()).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
    expectObservatoryHeaders(apiError, { https: false });

    const page404 = await fetch(`${plain.url}/no-such-page-${randomUUID()}`);
    expect(page404.status).toBe(404);
    expect(page404.headers.get("content-type")).toContain("text/html");
    expectObservatoryHeaders(page404, { https: false });

    const tooLarge = await fetch(`${plain.url}/api/tenants`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: account.cookie },
      body: JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) }),
    });
    expect(tooLarge.status).toBe(413);
    expectObservatoryHeaders(tooLarge, { https: false });
  });

  it("ignores X-Forwarded-Proto when the proxy is not trusted: no HSTS, no Secure cookie", async () => {
    // Sign-up signs nobody in (issue 26 §14): the cookie comes from the sign-in that follows.
    const fields = { email: `plain-${randomUUID().slice(0, 8)}@example.com`, password: strongPassword() };
    const post = (path: string) =>
      fetch(`${plain.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-proto": "https" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    expect((await post("/signup")).status).toBe(200);
    const res = await post("/login");
    expect(res.status).toBe(302);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("rampart_session="));
    expect(cookie).toBeTruthy();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});

describe("through a trusted proxy (TRUST_PROXY=1, X-Forwarded-Proto: https)", () => {
  const https = { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" };

  it("a page, an API answer and an error page grade A+ (HSTS of at least six months)", async () => {
    expectObservatoryHeaders(await fetch(`${proxied.url}/`, { headers: https }), { https: true });
    expectObservatoryHeaders(
      await fetch(`${proxied.url}/api/user/plan`, { headers: { ...https, cookie: proxiedAccount.cookie } }),
      { https: true },
    );
    const notFound = await fetch(`${proxied.url}/api/nothing-here`, { headers: https });
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ message: "Resource not found", code: "NOT_FOUND" });
    expectObservatoryHeaders(notFound, { https: true });
  });

  it("sign-up and sign-in set a Secure, HttpOnly, SameSite=Lax session cookie", async () => {
    const email = `proxy-${randomUUID().slice(0, 8)}@example.com`;
    const password = strongPassword();
    const signup = await fetch(`${proxied.url}/signup`, {
      method: "POST",
      headers: { ...https, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }),
      redirect: "manual",
    });
    expect(signup.status).toBe(200); // signs nobody in (issue 26 §14)
    expectObservatoryHeaders(signup, { https: true });
    const login = await fetch(`${proxied.url}/login`, {
      method: "POST",
      headers: { ...https, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, redirectTo: "/settings" }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/settings");
    expectObservatoryHeaders(login, { https: true });
    const cookies = login.headers
      .getSetCookie()
      .filter((c) => c.startsWith("__Host-rampart_session=") && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/;\s*Secure/i);
    expect(cookies[0]).toMatch(/;\s*HttpOnly/i);
    expect(cookies[0]).toMatch(/;\s*SameSite=Lax/i);
  });

  it("logs the forwarded client address", async () => {
    await fetch(`${proxied.url}/healthz`, { headers: https });
    await new Promise((r) => setTimeout(r, 50));
    const line = proxied.lines
      .map((l: string) => JSON.parse(l))
      .filter((l: { path?: string }) => l.path === "/healthz")
      .pop();
    expect(line.ip).toBe("203.0.113.7");
  });
});

describe("request log", () => {
  it("one JSON line per request with id, method, path, status and duration; no cookies, passwords, tokens or query strings", async () => {
    const password = strongPassword();
    const marker = randomUUID();
    await fetch(`${plain.url}/login?redirectTo=/secret-${marker}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer tok-${marker}` },
      body: new URLSearchParams({ email: `nobody-${marker}@example.com`, password }),
      redirect: "manual",
    });
    await fetch(`${plain.url}/invite/invitetoken${marker}`, { headers: { cookie: account.cookie } });
    await new Promise((r) => setTimeout(r, 50));
    const all = plain.lines.join("\n");
    for (const secret of [password, marker, account.cookie.split("=")[1], "tok-"]) expect(all).not.toContain(secret);
    const entries = plain.lines.map((l: string) => JSON.parse(l)).filter((l: { msg: string }) => l.msg === "request");
    const login = entries.filter((e: { path: string }) => e.path === "/login").pop();
    expect(login).toMatchObject({ level: "info", method: "POST", path: "/login", status: 401 });
    expect(login.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof login.durationMs).toBe("number");
    expect(entries.some((e: { path: string }) => e.path === "/invite/:token")).toBe(true);
  });

  it("the X-Request-Id header matches the logged request id", async () => {
    const res = await fetch(`${plain.url}/api/auth/user`);
    await new Promise((r) => setTimeout(r, 50));
    const id = res.headers.get("x-request-id");
    expect(plain.lines.some((l: string) => l.includes(`"requestId":"${id}"`))).toBe(true);
  });
});

describe("guards", () => {
  it("refuses a state change from another origin with 403 and stores nothing", async () => {
    const res = await fetch(`${plain.url}/api/tenants`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: account.cookie, origin: "https://evil.example" },
      body: JSON.stringify({ name: "Cross-site" }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Access forbidden", code: "FORBIDDEN" });
    const list = await (await fetch(`${plain.url}/api/tenants`, { headers: { cookie: account.cookie } })).json();
    expect(list.map((t: { tenant: { name: string } }) => t.tenant.name)).not.toContain("Cross-site");
  });

  it("answers 413 PAYLOAD_TOO_LARGE for oversize forms, JSON and unknown encodings", async () => {
    const big = "a".repeat(1024 * 1024 + 1);
    for (const [path, type] of [
      ["/login", "application/x-www-form-urlencoded"],
      ["/contact", "multipart/form-data; boundary=x"],
      ["/api/tenants", "application/json"],
      ["/api/tenants/select", "application/octet-stream"],
    ]) {
      const res = await fetch(`${plain.url}${path}`, {
        method: "POST",
        headers: { "content-type": type, cookie: account.cookie },
        body: big,
      });
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({ message: "Request body is too large", code: "PAYLOAD_TOO_LARGE" });
    }
  });
});

describe("hostile bodies through the real server", () => {
  it("page actions answer 4xx, never 500, whatever the content type and body", async () => {
    const paths = [
      "/signup",
      "/login",
      "/settings",
      "/organizations/new",
      "/alerts",
      "/contact",
      "/breach-check",
      "/phishing",
      "/dark-web-monitoring",
      "/preferences/sidebar",
    ];
    const types = [
      undefined,
      "application/json",
      "text/plain",
      "multipart/form-data",
      "multipart/form-data; boundary=zz",
      "application/x-www-form-urlencoded",
      "application/xml",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom(...types),
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.uint8Array({ maxLength: 300 }),
          fc.constant("--zz\r\nContent-Disposition: form-data\r\n\r\nx"),
        ),
        async (path, type, body) => {
          const headers: Record<string, string> = { cookie: account.cookie };
          if (type) headers["content-type"] = type;
          const res = await fetch(`${plain.url}${path}`, { method: "POST", headers, body, redirect: "manual" });
          const text = await res.text();
          expect(
            res.status,
            `${path} ${type} ${JSON.stringify(typeof body === "string" ? body : [...body])}: ${text.slice(0, 200)}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  }, 60_000);
});

describe("/readyz", () => {
  it("answers 200 when the database answers", async () => {
    const res = await fetch(`${plain.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("graceful shutdown", () => {
  it("on SIGTERM finishes the in-flight request, refuses new connections and exits 0 within 10 s", async () => {
    const db = freshDatabase("rampart-shutdown-");
    const acct = await seedAccount(db.file, { plan: "enterprise" });
    const server = await startServer({ dbFile: db.file });
    // A write whose body is still arriving when the signal comes.
    const body = JSON.stringify({ name: "Finished after SIGTERM" });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: server.port,
          path: "/api/tenants",
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            cookie: acct.cookie,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(5)), 700);
      }, 300);
    });
    const started = Date.now();
    const result = await answer;
    expect(result.status).toBe(201);
    expect(JSON.parse(result.body).name).toBe("Finished after SIGTERM");
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(10_000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    const lines = server.lines.map((l: string) => JSON.parse(l));
    expect(lines.some((l: { msg: string }) => l.msg === "shutdown complete")).toBe(true);
  }, 30_000);
});
