import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { accountTokens, sessions } from "./schema";
import { db } from "~/lib/db.server";
import { createSession } from "./session.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import * as forgot from "~/routes/forgot-password";
import * as reset from "~/routes/reset-password.$token";
import { linkIn, mailboxForTheseTests } from "../../../tests/support/test-mailbox";
import { BASE, settle } from "../../../tests/unit/helpers";
import { createUser, verifyLogin } from "./accounts.server";
import {
  issueResetToken,
  MAX_RESETS_PER_WINDOW,
  RESET_REQUESTED_MESSAGE,
  RESET_TTL_MS,
  requestPasswordReset,
  resetPassword,
} from "./password-reset.server";

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

const PASSWORD = "an old passphrase for tests";
const NEW_PASSWORD = "a brand new correct horse passphrase";

function formPost(path: string, fields: Record<string, string>) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("password reset", () => {
  it("/forgot-password answers the same for known and unknown addresses; only the known one gets mail", async () => {
    const email = `r-${randomUUID().slice(0, 8)}@example.com`;
    await createUser(email, PASSWORD);
    const call = (e: string) =>
      settle(() =>
        (forgot.action as Fn)({ request: formPost("/forgot-password", { email: e }), params: {}, context: {} }),
      );
    const known = await call(email);
    const unknown = await call(`nobody-${randomUUID().slice(0, 8)}@example.com`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const mail = await mailbox.waitFor(email);
    expect(mail.raw).toContain("Reset your Rampart password");
    expect(RESET_REQUESTED_MESSAGE).toMatch(/If an account exists/);
    const bad = await call("not an address");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { email: expect.any(String) } });
  });

  it("following the mailed link sets the password, ends every session, and the link works once", async () => {
    const email = `r-${randomUUID().slice(0, 8)}@example.com`;
    const { user, tenantId } = await createUser(email, PASSWORD);
    await createSession(new Request(BASE), user.id, { selectedTenantId: tenantId });
    await createSession(new Request(BASE), user.id, { selectedTenantId: tenantId });
    const { delivery } = requestPasswordReset(email, "https://rampart.example");
    await delivery;
    const { url, token } = linkIn((await mailbox.waitFor(email)).raw, "reset-password");
    expect(url.startsWith("https://rampart.example/reset-password/")).toBe(true);
    // Only the hash is stored.
    const stored = db.select().from(accountTokens).where(eq(accountTokens.userId, user.id)).all();
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);

    const page = await (reset.loader as Fn)({ request: new Request(url), params: { token }, context: {} });
    expect(page).toEqual({ valid: true });
    const weak = await settle(() =>
      (reset.action as Fn)({
        request: formPost(`/reset-password/${token}`, { password: "short" }),
        params: { token },
        context: {},
      }),
    );
    expect(weak.status).toBe(400);
    const done = await settle(() =>
      (reset.action as Fn)({
        request: formPost(`/reset-password/${token}`, { password: NEW_PASSWORD }),
        params: { token },
        context: {},
      }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login?reset=1");
    expect(await verifyLogin(email, NEW_PASSWORD)).toMatchObject({ id: user.id });
    expect(await verifyLogin(email, PASSWORD)).toBeNull();
    expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);
    // Single use.
    const again = await settle(() =>
      (reset.action as Fn)({
        request: formPost(`/reset-password/${token}`, { password: "another fresh passphrase here" }),
        params: { token },
        context: {},
      }),
    );
    expect(again.status).toBe(400);
    expect(await (reset.loader as Fn)({ request: new Request(url), params: { token }, context: {} })).toEqual({
      valid: false,
    });
  });

  it("a token expires after 30 minutes and requests per account are capped", async () => {
    const email = `r-${randomUUID().slice(0, 8)}@example.com`;
    const { user } = await createUser(email, PASSWORD);
    const issued = Date.now() - RESET_TTL_MS - 1;
    const token = issueResetToken(user.id, issued);
    expect(await resetPassword(token, NEW_PASSWORD)).toBe(false);
    const before = mailbox.received.filter((m) => m.to.includes(email)).length;
    for (let i = 0; i < MAX_RESETS_PER_WINDOW + 2; i++) await requestPasswordReset(email, BASE).delivery;
    expect(mailbox.received.filter((m) => m.to.includes(email)).length - before).toBe(MAX_RESETS_PER_WINDOW);
  });
});
