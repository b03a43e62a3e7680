/**
 * Issue 26 §15 against the real server (npm start): with PUBLIC_URL=https://…
 * the session cookie is `__Host-rampart_session` (Secure, Path=/, no Domain,
 * HttpOnly, SameSite=Lax) even when the TLS proxy in front is not marked
 * trusted (no TRUST_PROXY, so every request reaches the app as plain HTTP),
 * and signing in works with it. The plain name is not read there: a cookie
 * planted under it does not sign anyone in.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freshDatabase, seedAccount, startServer, type RunningServer } from "../../bench/harness";

let server: RunningServer;
let planted: string;

beforeAll(async () => {
  await ensureBuild();
  const { file } = freshDatabase("rampart-host-cookie-");
  // A live session under the plain-HTTP name, as a sibling subdomain or an http:// answer could plant it.
  planted = (await seedAccount(file)).cookie;
  server = await startServer({ dbFile: file, env: { PUBLIC_URL: "https://rampart.example.com", TRUST_PROXY: "" } });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
  redirect: "manual" as const,
});

describe("the session cookie when PUBLIC_URL is https", () => {
  it("is __Host-rampart_session with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain; sign-in works with it", async () => {
    const email = `host-${randomUUID().slice(0, 8)}@example.com`;
    const password = `Ledger-${randomUUID()}-Orbit!`;
    const signup = await fetch(`${server.url}/signup`, form({ email, password }));
    // Sign-up signs nobody in (issue 26 §14): its page says what happens next, and the sign-in sets the cookie.
    expect(signup.status).toBe(200);
    expect(signup.headers.getSetCookie().filter((c) => !/Max-Age=0/i.test(c))).toEqual([]);
    const page = await signup.text();
    expect(page).toContain('data-testid="signup-done"');
    expect(page).toContain("Continue to sign in");

    const login = await fetch(`${server.url}/login`, form({ email, password }));
    expect(login.status).toBe(302);
    const cookies = login.headers.getSetCookie().filter((c) => !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c));
    expect(cookies.map((c) => c.split("=")[0])).toEqual(["__Host-rampart_session"]);
    const session = cookies[0]!;
    expect(session).toMatch(/;\s*Secure(;|$)/i);
    expect(session).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(session).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(session).toMatch(/;\s*Path=\/(;|$)/i);
    expect(session).not.toMatch(/Domain=/i);

    const me = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: session.split(";")[0]! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });
  });

  it("does not read the plain-HTTP name", async () => {
    expect(planted.startsWith("rampart_session=")).toBe(true);
    const me = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: planted } });
    expect(me.status).toBe(401);
  });
});
