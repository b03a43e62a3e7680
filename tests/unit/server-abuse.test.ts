/**
 * Issue 10 against the real production server (npm start: server.ts, built app):
 * bodies refused before they are read, client addresses behind a proxy that
 * the client cannot forge, the __Host- session cookie over HTTPS, the
 * PUBLIC_URL warning and uncached host-derived pages, and no off-site
 * redirects from what a client sends.
 */
import http from "node:http";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness";

let plain: RunningServer;
let proxied: RunningServer;
let listed: RunningServer;
let account: { userId: string; tenantId: string; cookie: string };
let proxiedDb: string;

beforeAll(async () => {
  await ensureBuild();
  const a = freshDatabase("rampart-abuse-");
  const b = freshDatabase("rampart-abuse-proxy-");
  const c = freshDatabase("rampart-abuse-list-");
  account = await seedAccount(a.file);
  proxiedDb = b.file;
  [plain, proxied, listed] = await Promise.all([
    startServer({ dbFile: a.file, env: { PUBLIC_URL: "" } }),
    startServer({ dbFile: b.file, env: { TRUST_PROXY: "1", PUBLIC_URL: "https://rampart.example.com" } }),
    // 127.0.0.1 (the test itself) and 10.0.0.0/8 are the proxies.
    startServer({ dbFile: c.file, env: { TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" } }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([plain?.stop("SIGKILL"), proxied?.stop("SIGKILL"), listed?.stop("SIGKILL")]);
});

/**
 * Sends the headers and a first slice of a large body, then waits: a server
 * that reads the body first never answers; one that refuses it unread does.
 */
function partialPost(base: string, path: string, headers: Record<string, string>, declared = 9 * 1024 * 1024) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.request(
      url,
      { method: "POST", headers: { ...headers, "content-length": String(declared) } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", (e) => (/ECONNRESET|EPIPE/.test(String(e)) ? undefined : reject(e)));
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error("no answer while the body was still unsent: the server waited to read it"));
    }, 4_000);
    req.on("response", () => clearTimeout(timer));
    req.write(Buffer.alloc(64 * 1024, 0x61));
  });
}

function logLines(server: RunningServer) {
  return server.lines.map((l: string) => {
    try {
      return JSON.parse(l);
    } catch {
      return {};
    }
  });
}

describe("bodies are refused before they are read", () => {
  it("a signed-out post to the JSON analyzer is a 401 without waiting for its 9 MB body", async () => {
    const res = await partialPost(plain.url, "/api/phishing/analyze", { "content-type": "application/json" });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
  });

  it("a signed-out multipart upload to /phishing goes to /login unread", async () => {
    const res = await partialPost(plain.url, "/phishing", { "content-type": "multipart/form-data; boundary=x" });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/login\?redirectTo=/);
  });

  it("a plan without the route's feature gets the upgrade answer unread (free plan, /password)", async () => {
    const res = await partialPost(plain.url, "/password", {
      "content-type": "application/x-www-form-urlencoded",
      cookie: account.cookie,
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).code).toBe("UPGRADE_REQUIRED");
  });

  it("a signed-in post with the feature is still read and answered by the route", async () => {
    const res = await fetch(`${plain.url}/api/phishing/analyze`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: account.cookie },
      body: JSON.stringify({ raw: "Subject: hello\r\nFrom: a@example.com\r\n\r\nhi" }),
    });
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(401);
  });
});

describe("client address behind a proxy (TRUST_PROXY)", () => {
  it("TRUST_PROXY=1: the address is what the proxy saw, not the left-most entry the client wrote", async () => {
    const marker = `/healthz?m=${randomUUID()}`;
    await fetch(`${proxied.url}${marker}`, { headers: { "x-forwarded-for": "198.51.100.66, 203.0.113.7" } });
    await new Promise((r) => setTimeout(r, 50));
    const line = logLines(proxied)
      .filter((l) => l.path === "/healthz")
      .pop();
    expect(line.ip).toBe("203.0.113.7");
  });

  it("a list of proxy addresses: trusted hops are skipped from the right, the first untrusted one is the client", async () => {
    await fetch(`${listed.url}/healthz`, {
      headers: { "x-forwarded-for": "198.51.100.66, 192.0.2.44, 10.1.2.3" },
    });
    await new Promise((r) => setTimeout(r, 50));
    const line = logLines(listed)
      .filter((l) => l.path === "/healthz")
      .pop();
    expect(line.ip).toBe("192.0.2.44");
  });

  it("failed sign-ins are audited with the proxy-seen address, not a forged one", async () => {
    const res = await fetch(`${proxied.url}/login`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "1.2.3.4, 203.0.113.99",
      },
      body: new URLSearchParams({ email: `nobody-${randomUUID()}@example.com`, password: "wrong password here" }),
      redirect: "manual",
    });
    expect(res.status).toBe(401);
    const db = new Database(proxiedDb, { readonly: true });
    try {
      const row = db
        .prepare("SELECT ip FROM audit_log WHERE action = 'auth.login_failed' ORDER BY id DESC LIMIT 1")
        .get() as { ip: string };
      expect(row.ip).toBe("203.0.113.99");
    } finally {
      db.close();
    }
  });
});

describe("session cookie over HTTPS", () => {
  it("is __Host-rampart_session with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain", async () => {
    // Sign-up signs nobody in (issue 26 §14): the cookie comes from the sign-in that follows.
    const fields = { email: `host-${randomUUID().slice(0, 8)}@example.com`, password: `Ledger-${randomUUID()}-Orbit!` };
    const post = (path: string) =>
      fetch(`${proxied.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-proto": "https" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    expect((await post("/signup")).status).toBe(200);
    const res = await post("/login");
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie().filter((c) => !/Max-Age=0/i.test(c));
    const session = cookies.find((c) => c.startsWith("__Host-rampart_session="));
    expect(session).toBeTruthy();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\/(;|$)/i);
    expect(session).not.toMatch(/Domain=/i);
    expect(cookies.some((c) => c.startsWith("rampart_session="))).toBe(false);
    // The __Host- cookie signs in over HTTPS.
    const me = await fetch(`${proxied.url}/api/auth/user`, {
      headers: { cookie: session!.split(";")[0], "x-forwarded-proto": "https" },
    });
    expect(me.status).toBe(200);
  });
});

describe("PUBLIC_URL unset in production", () => {
  it("warns once at start, and pages embedding the request's host are never cached", async () => {
    const warnings = logLines(plain).filter((l) => l.level === "warn" && /PUBLIC_URL/.test(l.msg ?? ""));
    expect(warnings).toHaveLength(1);
    expect(logLines(proxied).filter((l) => /PUBLIC_URL/.test(l.msg ?? ""))).toHaveLength(0);
    for (const path of ["/", "/about", "/robots.txt", "/sitemap.xml", "/auth0-setup"]) {
      const res = await fetch(`${plain.url}${path}`, { headers: { host: "evil.example" } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toContain("no-store");
      expect(res.headers.get("cache-control"), path).not.toMatch(/public|max-age=[1-9]/);
    }
    // With PUBLIC_URL set, the public files may be cached again.
    const robots = await fetch(`${proxied.url}/robots.txt`);
    expect(robots.headers.get("cache-control")).toContain("max-age=3600");
    expect(await robots.text()).toContain("https://rampart.example.com/sitemap.xml");
  });
});

describe("Cache-Control for signed-in answers", () => {
  it("every answer to a signed-in request is private, no-store unless its route says otherwise (redirects, data requests)", async () => {
    const answers = await Promise.all([
      fetch(`${plain.url}/login`, { headers: { cookie: account.cookie }, redirect: "manual" }),
      fetch(`${plain.url}/dashboard.data`, { headers: { cookie: account.cookie } }),
      fetch(`${plain.url}/dashboard`, { headers: { cookie: account.cookie } }),
      fetch(`${plain.url}/api/dashboard`, { headers: { cookie: account.cookie } }),
      fetch(`${plain.url}/settings`, { headers: { cookie: account.cookie } }),
    ]);
    for (const res of answers) {
      expect(res.status, res.url).toBeLessThan(400);
      expect(res.headers.get("cache-control"), res.url).toMatch(/no-store/);
      expect(res.headers.get("cache-control"), res.url).not.toMatch(/public/);
    }
  });
});

describe("no off-site redirect from a client-supplied target", () => {
  const payloads = [
    "/.//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "//evil.example",
    "/\\evil.example",
  ];
  it("/login?redirectTo=… (signed in) and /preferences/sidebar stay on this site", async () => {
    for (const p of payloads) {
      const login = await fetch(`${plain.url}/login?redirectTo=${encodeURIComponent(p)}`, {
        headers: { cookie: account.cookie },
        redirect: "manual",
      });
      expect(login.status, p).toBe(302);
      const to = login.headers.get("location")!;
      expect(new URL(to, plain.url).origin, `${p} -> ${to}`).toBe(plain.url);
      expect(to.startsWith("//"), to).toBe(false);

      const sidebar = await fetch(`${plain.url}/preferences/sidebar`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: account.cookie },
        body: new URLSearchParams({ state: "collapsed", redirectTo: p }),
        redirect: "manual",
      });
      expect(sidebar.status, p).toBe(302);
      const back = sidebar.headers.get("location")!;
      expect(new URL(back, plain.url).origin, `${p} -> ${back}`).toBe(plain.url);
    }
  });
});
