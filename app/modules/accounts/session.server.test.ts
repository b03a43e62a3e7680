import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sessions } from "@db/schema";
import { db } from "~/lib/db.server";
import {
  createSession,
  endOtherSessions,
  endSession,
  getSession,
  hashSessionId,
  safeRedirectPath,
  SESSION_TTL_MS,
} from "./session.server";
import { req, signedInUser } from "../../../tests/unit/helpers";

describe("server-side sessions", () => {
  it("keeps only the SHA-256 of the session id, and the cookie is HttpOnly, SameSite=Lax, not Secure over HTTP", async () => {
    const { user } = await signedInUser();
    const setCookie = await createSession(new Request("http://localhost/"), user.id);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const rows = db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
    const raw = decodeURIComponent(setCookie.split(";")[0].split("=")[1]);
    for (const row of rows) expect(raw).not.toContain(row.idHash);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.idHash))).toBe(true);
  });

  it("sets Secure when the request is HTTPS", async () => {
    const { user } = await signedInUser();
    expect(await createSession(new Request("https://rampart.example.org/"), user.id)).toMatch(/Secure/);
  });

  it("resolves the user from the cookie, and signing out deletes the row so the cookie stops working", async () => {
    const { user, cookie } = await signedInUser();
    expect((await getSession(req("/", { cookie })))?.user.id).toBe(user.id);
    await endSession(req("/", { cookie }));
    expect(await getSession(req("/", { cookie }))).toBeNull();
  });

  it("treats an expired session as signed out", async () => {
    const { user, cookie } = await signedInUser();
    db.update(sessions)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(sessions.userId, user.id))
      .run();
    expect(await getSession(req("/", { cookie }))).toBeNull();
  });

  it("extends a session that is used after its first day (rolling expiry)", async () => {
    const { user, cookie } = await signedInUser();
    db.update(sessions)
      .set({ expiresAt: Date.now() + SESSION_TTL_MS / 2 })
      .where(eq(sessions.userId, user.id))
      .run();
    const resolved = await getSession(req("/", { cookie }));
    expect(resolved!.session.expiresAt).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });

  it("refuses a tampered cookie", async () => {
    const { cookie } = await signedInUser();
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect(await getSession(req("/", { cookie: tampered }))).toBeNull();
  });

  it("signs out every other session of the user and keeps this one", async () => {
    const { user, cookie } = await signedInUser();
    await createSession(new Request("http://localhost/"), user.id);
    await createSession(new Request("http://localhost/"), user.id);
    const current = (await getSession(req("/", { cookie })))!;
    expect(endOtherSessions(user.id, current.session.idHash)).toBe(2);
    expect(
      db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user.id))
        .all()
        .map((r) => r.idHash),
    ).toEqual([current.session.idHash]);
    expect(hashSessionId("x")).toHaveLength(64);
  });
});

describe("safeRedirectPath", () => {
  it.each([
    ["/phishing?x=1", "/phishing?x=1"],
    ["/settings#members", "/settings#members"],
    ["//evil.test/x", "/dashboard"],
    ["https://evil.test/", "/dashboard"],
    ["/\\evil.test", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["", "/dashboard"],
    [null, "/dashboard"],
    // Normalised before the check (issue 10 §2): each of these resolves to //evil.example.
    ["/.//evil.example", "/dashboard"],
    ["/%2e//evil.example", "/dashboard"],
    ["/%2E//evil.example", "/dashboard"],
    ["/a/..//evil.example", "/dashboard"],
    ["/a/%2e%2e//evil.example", "/dashboard"],
    ["/./\\evil.example", "/dashboard"],
    ["/\tevil", "/dashboard"],
    ["/a/../settings", "/settings"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirectPath(input as string | null)).toBe(expected);
  });
});
