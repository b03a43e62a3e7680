// GET /api/logout from another site (issue 10 §6): shows "Sign out?" instead of signing out.
import { describe, expect, it } from "vitest";
import { loader as authUser } from "./api.auth.user";
import { action, loader } from "./api.logout";
import { req, settle, signedInUser } from "../../tests/unit/helpers";

const ctx = { clientIp: "198.51.100.9" };
const stillSignedIn = async (cookie: string) =>
  (await settle(() => authUser({ request: req("/api/auth/user", { cookie }), params: {}, context: ctx }))).status ===
  200;

describe("GET /api/logout", () => {
  it("a cross-site navigation (or one without Fetch Metadata) gets a one-button confirmation and stays signed in", async () => {
    const a = await signedInUser();
    for (const site of ["cross-site", "same-site", null]) {
      const headers: Record<string, string> = site ? { "Sec-Fetch-Site": site } : {};
      const res = await settle(() =>
        loader({ request: req("/api/logout", { cookie: a.cookie, headers }), params: {}, context: ctx }),
      );
      expect(res.status, String(site)).toBe(200);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      const body = await res.json();
      expect(typeof body.token).toBe("string");
      expect(await stillSignedIn(a.cookie), String(site)).toBe(true);
    }
  });

  it("signs out for a same-origin or typed navigation, and with the page's token", async () => {
    for (const site of ["same-origin", "none"]) {
      const a = await signedInUser();
      const res = await settle(() =>
        loader({
          request: req("/api/logout", { cookie: a.cookie, headers: { "Sec-Fetch-Site": site } }),
          params: {},
          context: ctx,
        }),
      );
      expect(res.status).toBe(302);
      expect(await stillSignedIn(a.cookie)).toBe(false);
    }
    const b = await signedInUser();
    const page = await settle(() =>
      loader({
        request: req("/api/logout", { cookie: b.cookie, headers: { "Sec-Fetch-Site": "cross-site" } }),
        params: {},
        context: ctx,
      }),
    );
    const { token } = await page.json();
    // A forged token does nothing; the page's own does.
    const forged = await settle(() =>
      loader({
        request: req(`/api/logout?token=${"A".repeat(43)}`, {
          cookie: b.cookie,
          headers: { "Sec-Fetch-Site": "cross-site" },
        }),
        params: {},
        context: ctx,
      }),
    );
    expect(forged.status).toBe(200);
    expect(await stillSignedIn(b.cookie)).toBe(true);
    const withToken = await settle(() =>
      loader({
        request: req(`/api/logout?token=${encodeURIComponent(token)}`, {
          cookie: b.cookie,
          headers: { "Sec-Fetch-Site": "cross-site" },
        }),
        params: {},
        context: ctx,
      }),
    );
    expect(withToken.status).toBe(302);
    expect(await stillSignedIn(b.cookie)).toBe(false);
  });

  it("the confirmation's POST signs out", async () => {
    const a = await signedInUser();
    const res = await settle(() =>
      action({
        request: req("/api/logout", {
          method: "POST",
          cookie: a.cookie,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "token=x",
        }),
        params: {},
        context: ctx,
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await stillSignedIn(a.cookie)).toBe(false);
  });
});
