/**
 * Issue 27 item 5: public pages (landing, pricing, features...) are the same for every signed-out visitor, so the
 * production server answers them with a Cache-Control a CDN may honour and serves them from its own stored copy;
 * a signed-in visitor is never served that copy, and a page rendered for a signed-in visitor is never stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness.js";

let server: RunningServer;
let cookie: string;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

beforeAll(async () => {
  await ensureBuild();
  const db = freshDatabase("rampart-public-pages-");
  ({ cookie } = await seedAccount(db.file, { plan: "pro" }));
  // A configured public address, as in production: without it pages name the request's host and are never public.
  server = await startServer({ dbFile: db.file, env: { PUBLIC_URL: "http://rampart.example.org" } });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, { headers: { "User-Agent": BROWSER, ...headers }, redirect: "manual" });
  return { res, html: await res.text() };
}

const SIGNED_OUT = "Sign in";
const SIGNED_IN = "Open dashboard";

describe("public pages", () => {
  it("a signed-out visit gets a CDN-cacheable answer, the second one from the server's stored copy", async () => {
    for (const path of ["/", "/pricing", "/trust"]) {
      const first = await get(path);
      expect(first.res.status, path).toBe(200);
      const cc = first.res.headers.get("cache-control") ?? "";
      expect(cc, path).toMatch(/^public\b/);
      expect(cc, path).toMatch(/\bs-maxage=\d+/);
      expect(cc, path).toMatch(/\bstale-while-revalidate=\d+/);
      expect(first.res.headers.get("set-cookie"), path).toBeNull();
      const second = await get(path);
      expect(second.res.headers.get("cache-control"), path).toBe(cc);
      // A stored copy goes out whole with its length (precompressed); a render streams without one.
      expect(second.res.headers.get("content-length"), `${path}: served from the stored copy`).not.toBeNull();
      expect(second.html, path).toContain(SIGNED_OUT);
      // Each answer carries its own CSP nonce, also in the stored copy.
      const nonce = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce(second.res)).toBeTruthy();
      expect(nonce(second.res)).not.toBe(nonce(first.res));
    }
  });

  it("a signed-in visit is never served the stored anonymous copy, and is never stored for anyone", async () => {
    // Stored while signed out...
    await get("/pricing");
    await get("/pricing");
    // ...yet the signed-in visitor gets the page rendered for them, private.
    const signedIn = await get("/pricing", { Cookie: cookie });
    expect(signedIn.res.status).toBe(200);
    expect(signedIn.html).toContain(SIGNED_IN);
    expect(signedIn.res.headers.get("cache-control")).toBe("private, no-store");
    // A stale or forged session cookie is treated as signed in too: rendered, private, not the shared copy.
    const stale = await get("/pricing", { Cookie: "rampart_session=not-a-session" });
    expect(stale.res.headers.get("cache-control")).toBe("private, no-store");

    // The other way round: a page first rendered for a signed-in visitor, then asked for signed out.
    const first = await get("/about", { Cookie: cookie });
    expect(first.html).toContain(SIGNED_IN);
    for (let i = 0; i < 3; i++) {
      const anonymous = await get("/about");
      expect(anonymous.html).toContain(SIGNED_OUT);
      expect(anonymous.html).not.toContain(SIGNED_IN);
      expect(anonymous.res.headers.get("cache-control")).toMatch(/^public\b/);
    }
    // And signed in once more after the anonymous copy is stored.
    const again = await get("/about", { Cookie: cookie });
    expect(again.html).toContain(SIGNED_IN);
    expect(again.res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("the landing page's signed-in twin (the dashboard at /) is private and never the landing page", async () => {
    await get("/");
    const dashboard = await get("/", { Cookie: cookie });
    expect(dashboard.res.status).toBe(200);
    expect(dashboard.res.headers.get("cache-control")).toBe("private, no-store");
    expect(dashboard.html).toContain("Dashboard");
    expect(dashboard.html).not.toContain(SIGNED_OUT);
  });

  it("a query string, a private page or a page that opts out is never public", async () => {
    expect((await get("/pricing?ref=mail")).res.headers.get("cache-control")).not.toMatch(/public/);
    expect((await get("/login")).res.headers.get("cache-control")).not.toMatch(/public/);
    expect((await get("/auth-debug")).res.headers.get("cache-control")).toBe("no-store");
    // Public layout, but the breach catalogue's size changes with an import: opted out.
    expect((await get("/breach-check")).res.headers.get("cache-control")).not.toMatch(/public/);
  });
});
