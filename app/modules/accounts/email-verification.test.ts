import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { accountTokens, users } from "./schema";
import { db } from "~/lib/db.server";
import { createSession } from "./session.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import * as signup from "~/routes/signup";
import * as verifyRoute from "~/routes/verify-email.$token";
import * as verifyPage from "~/routes/_app.verify-email";
import * as settings from "~/routes/_app.settings";
import * as darkWeb from "~/routes/_app.dark-web-monitoring";
import * as identitiesApi from "~/routes/api.dark-web.identities";
import * as layout from "~/routes/_app";
import { linkIn, mailboxForTheseTests } from "../../../tests/support/test-mailbox";
import { BASE, jsonReq, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { isEmailVerified, sendVerificationMail, verifyEmail, VERIFY_TTL_MS } from "./email-verification.server";
import { issueAccountToken } from "./account-tokens.server";

type Fn = (args: unknown) => unknown;
const mailbox = mailboxForTheseTests();
// Links in mail use only the configured public address (issue 26 §7): the tests' requests come to BASE.
beforeAll(() => {
  process.env.PUBLIC_URL = BASE;
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
});
beforeEach(() => resetRateLimits());

function formPost(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signUp(email: string) {
  const res = await settle(() =>
    (signup.action as Fn)({
      request: formPost("/signup", { email, password: "a long sign-up passphrase for tests" }),
      params: {},
      context: {},
    }),
  );
  expect(res.status).toBe(200);
  // Sign-up signs nobody in (issue 26 §14): the person signs in next, as /login would.
  const user = db.select().from(users).where(eq(users.email, email)).get()!;
  return (await createSession(new Request(BASE), user.id)).split(";")[0];
}

describe("e-mail verification at sign-up", () => {
  it("signs up unverified, mails a link; following it verifies the address once; the banner goes", async () => {
    const email = `v-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signUp(email);
    const user = db.select().from(users).where(eq(users.email, email)).get()!;
    expect(user.emailVerifiedAt).toBeNull();

    // The account works at once, with the banner in the shell.
    const shell = await settle(() => (layout.loader as Fn)({ request: req("/dashboard", { cookie }), params: {} }));
    const before = await shell.json();
    expect(before.account.unverified).toBe(true);

    const mail = await mailbox.waitFor(email);
    expect(mail.raw).toContain("Confirm your e-mail address for Rampart");
    const { url, token } = linkIn(mail.raw, "verify-email");
    expect(url.startsWith(`${BASE}/verify-email/`)).toBe(true);
    // Only the hash is stored.
    const stored = db.select().from(accountTokens).where(eq(accountTokens.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0].purpose).toBe("verify-email");
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].expiresAt - stored[0].createdAt).toBe(VERIFY_TTL_MS);

    // Following the link (signed out, as from another device's mail client).
    const followed = await settle(() =>
      (verifyRoute.loader as Fn)({ request: new Request(url), params: { token }, context: {} }),
    );
    expect((await followed.json()).email).toBe(email);
    expect(isEmailVerified(user.id)).toBe(true);
    const after = await (
      await settle(() => (layout.loader as Fn)({ request: req("/dashboard", { cookie }), params: {} }))
    ).json();
    expect(after.account.unverified).toBe(false);

    // Single use.
    const again = await settle(() =>
      (verifyRoute.loader as Fn)({ request: new Request(url), params: { token }, context: {} }),
    );
    const second = await again.json();
    expect(second.email).toBeNull();
    expect(second.invalidMessage).toMatch(/invalid, used or expired/);
  });

  it("a link expires after 24 hours; malformed and unknown tokens are refused", async () => {
    const { user } = await signedInUser(undefined, { verified: false });
    const t0 = Date.now();
    const token = issueAccountToken(user.id, "verify-email", VERIFY_TTL_MS, t0);
    expect(verifyEmail(token, { now: t0 + VERIFY_TTL_MS + 1 })).toBeNull();
    expect(verifyEmail("short")).toBeNull();
    expect(verifyEmail("x".repeat(43))).toBeNull();
    expect(isEmailVerified(user.id)).toBe(false);
    expect(verifyEmail(token, { now: t0 + VERIFY_TTL_MS - 1000 })).not.toBeNull();
    expect(isEmailVerified(user.id)).toBe(true);
  });

  it("the banner's 'Send a new link' mails a working link, at most three an hour, and says so without SMTP", async () => {
    const { user, cookie } = await signedInUser(undefined, { verified: false });
    const resend = () =>
      settle(() =>
        (verifyPage.action as Fn)({ request: formPost("/verify-email", {}, cookie), params: {}, context: {} }),
      );
    const first = await resend();
    expect(first.status).toBe(200);
    expect((await first.json()).message).toMatch(/We sent a new link to/);
    const mail = await mailbox.waitFor(user.email);
    await resend();
    await resend();
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/several links in the last hour/);
    // The first link still works (each is valid on its own until one is used).
    const { token } = linkIn(mail.raw, "verify-email");
    expect(verifyEmail(token)).not.toBeNull();
    const done = await resend();
    expect((await done.json()).message).toBe("Your e-mail address is already verified.");

    configureMailerForTests(null);
    try {
      const other = await signedInUser(undefined, { verified: false });
      const r = sendVerificationMail(other.user.id, BASE);
      expect(r).toEqual({ sent: false, reason: "no-smtp" });
      const res = await settle(() =>
        (verifyPage.action as Fn)({
          request: formPost("/verify-email", {}, other.cookie),
          params: {},
          context: {},
        }),
      );
      expect(res.status).toBe(503);
      const { message } = await res.json();
      expect(message).toBe("This server cannot send e-mail yet. Ask the person who runs it to verify your address.");
      // A customer's screen never shows an operator command (issue 32).
      expect(message).not.toMatch(/npm run|SMTP/);
    } finally {
      configureMailerForTests(mailbox.config);
    }
  });

  it("unverified accounts cannot invite or watch a domain (page 403 with the reason, API 403 EMAIL_NOT_VERIFIED)", async () => {
    const { user, cookie } = await signedInUser(undefined, { verified: false });
    const invite = await settle(() =>
      (settings.action as Fn)({
        request: formPost("/settings", { intent: "create-invite", role: "member" }, cookie),
        params: {},
        context: {},
      }),
    );
    expect(invite.status).toBe(403);
    const inviteBody = await invite.json();
    expect(inviteBody.errors.invite).toMatch(/Verify your e-mail address before inviting people/);
    expect(inviteBody.inviteUrl).toBeUndefined();

    const page = await settle(() =>
      (darkWeb.action as Fn)({
        request: formPost("/dark-web-monitoring", { intent: "add", value: "example.org" }, cookie),
        params: {},
        context: {},
      }),
    );
    expect(page.status).toBe(403);
    expect((await page.json()).fieldErrors.value).toMatch(/before watching a domain/);

    const api = await settle(() =>
      (identitiesApi.action as Fn)({
        request: jsonReq("/api/dark-web/identities", { value: "example.org" }, { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({
      code: "EMAIL_NOT_VERIFIED",
      message: expect.stringMatching(/before watching a domain/),
    });
    // E-mail addresses are still watched.
    const email = await settle(() =>
      (identitiesApi.action as Fn)({
        request: jsonReq("/api/dark-web/identities", { value: user.email }, { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(email.status).toBe(201);

    // Once verified, both work.
    const { token } = { token: issueAccountToken(user.id, "verify-email", VERIFY_TTL_MS) };
    verifyEmail(token);
    const invited = await settle(() =>
      (settings.action as Fn)({
        request: formPost("/settings", { intent: "create-invite", role: "member" }, cookie),
        params: {},
        context: {},
      }),
    );
    expect(invited.status).toBe(200);
    expect((await invited.json()).inviteUrl).toMatch(/\/invite\//);
    const domain = await settle(() =>
      (identitiesApi.action as Fn)({
        request: jsonReq("/api/dark-web/identities", { value: "example.org" }, { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(domain.status).toBe(201);
  });

  it("accounts that existed before the migration count as verified", () => {
    const dir = fs.mkdtempSync(path.join(process.env.RAMPART_TEST_TMP!, "mig-"));
    const file = new Database(path.join(dir, "old.db"));
    try {
      const migrations = path.resolve("db/migrations");
      const files = fs
        .readdirSync(migrations)
        .filter((f) => f.endsWith(".sql"))
        .sort();
      const run = (f: string) => {
        for (const stmt of fs.readFileSync(path.join(migrations, f), "utf8").split("--> statement-breakpoint"))
          if (stmt.trim()) file.exec(stmt);
      };
      const verification = files.findIndex((f) =>
        fs.readFileSync(path.join(migrations, f), "utf8").includes("email_verified_at"),
      );
      expect(verification).toBeGreaterThan(0);
      files.slice(0, verification).forEach(run);
      file
        .prepare(
          "INSERT INTO users (id, email, password_hash, created_at) VALUES ('old', 'old@example.com', 'x', 1000)",
        )
        .run();
      files.slice(verification).forEach(run);
      expect(file.prepare("SELECT email_verified_at AS at FROM users WHERE id = 'old'").get()).toEqual({ at: 1000 });
    } finally {
      file.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
