/**
 * The /trust page must stay true as the code changes (issue 4 §1). These
 * tests check each claim it makes against the code that implements it; if
 * one fails, fix the page (app/routes/_public.trust.tsx) or the code.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sessions } from "@db/schema";
import { db } from "~/lib/db.server";
import { createSession, hashSessionId } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { hashPassword } from "~/modules/accounts/password-hash.server";
import { securityHeaders } from "../../../server/security-headers";
import { trustFacts } from "./trust-facts.server";

describe("the trust page's claims", () => {
  it("passwords: scrypt N=2^15, r=8, p=1, 16-byte salt, 64-byte key", async () => {
    const hash = await hashPassword("correct horse battery staple");
    const [alg, n, r, p, salt, key] = hash.split("$");
    expect([alg, n, r, p]).toEqual(["scrypt", "32768", "8", "1"]);
    expect(Buffer.from(salt, "base64url")).toHaveLength(16);
    expect(Buffer.from(key, "base64url")).toHaveLength(64);
  });

  it("sessions: the cookie is HttpOnly, SameSite=Lax, Secure only over HTTPS, and the database keeps only the id's SHA-256", async () => {
    const { user } = await createUser("trust-check@example.com", "a long enough passphrase for the test");
    const plain = await createSession(new Request("http://rampart.test/login"), user.id);
    const secure = await createSession(new Request("https://rampart.test/login"), user.id);
    expect(plain).toMatch(/HttpOnly/i);
    expect(plain).toMatch(/SameSite=Lax/i);
    expect(plain).not.toMatch(/Secure/i);
    expect(secure).toMatch(/Secure/i);
    const rows = db.select().from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(rows).toHaveLength(2);
    // The cookie carries the signed id; its SHA-256 is what the row stores, and the id itself is nowhere in the row.
    const cookieValue = decodeURIComponent(plain.split(";")[0].split("=").slice(1).join("="));
    const id = JSON.parse(
      Buffer.from(cookieValue.slice(0, cookieValue.lastIndexOf(".")), "base64").toString("utf8"),
    ) as string;
    expect(rows.map((r) => r.idHash)).toContain(hashSessionId(id));
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(id);
  });

  it("headers: nonce-based CSP without unsafe-inline scripts, HSTS over HTTPS only, permissions off", () => {
    const https = securityHeaders("abc123", true) as Record<string, string>;
    const http = securityHeaders("abc123", false) as Record<string, string>;
    const scriptSrc = https["Content-Security-Policy"].split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).toContain("'nonce-abc123'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(https["Content-Security-Policy"]).toContain("object-src 'none'");
    expect(https["Content-Security-Policy"]).toContain("form-action 'self'");
    expect(https["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(https["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(http["Strict-Transport-Security"]).toBeUndefined();
    expect(https["X-Content-Type-Options"]).toBe("nosniff");
    expect(https["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(https["X-Frame-Options"]).toBe("DENY");
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"])
      expect(https["Permissions-Policy"]).toContain(`${feature}=()`);
  });

  it("quotes the session lifetime and sign-in limits from the code", () => {
    expect(trustFacts()).toEqual({ sessionDays: 30, maxPerPair: 5, maxPerEmail: 50, maxPerIp: 20, windowMinutes: 15 });
  });
});
