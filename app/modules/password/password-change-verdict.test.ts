/**
 * Issue 32: a password change on /settings refuses what sign-up refuses (honest-verdict.test.ts covers sign-up):
 * a password scoring below 3 ("Tr0ub4dor&3") or one found in breach data, with the reason next to the "New
 * password" field, and the account keeps its old password: signing in with it still works, the refused one does not.
 */
import { createHash, randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import * as settings from "~/routes/_app.settings._index";
import * as login from "~/routes/login";
import { createUser } from "~/modules/accounts/accounts.server";
import { markEmailVerified } from "~/modules/accounts";
import { createSession } from "~/modules/accounts/session.server";
import { BASE, settle } from "../../../tests/unit/helpers";
import { estimateStrength } from "./strength.server";
import { importHashLinesSync } from "./range-import";
import { POLICY_MESSAGES } from "./policy";

type Fn = (args: unknown) => unknown;

// Strong by its score, but put in the breach data below: only the breach can refuse it.
const BREACHED_BUT_STRONG = "quiet harbour lantern mosaic drift";
const BREACH_COUNT = 3;

beforeAll(() => {
  const sha1 = createHash("sha1").update(BREACHED_BUT_STRONG, "utf8").digest("hex").toUpperCase();
  importHashLinesSync(db, [`${sha1}:${BREACH_COUNT}`], { mode: "sha1" });
});
beforeEach(() => resetRateLimits());

const form = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

async function account() {
  const email = `changer-${randomUUID().slice(0, 8)}@example.com`;
  const password = `an old passphrase ${randomUUID()}`;
  const { user, tenantId } = await createUser(email, password);
  markEmailVerified(user.id);
  const cookie = (await createSession(new Request(BASE), user.id, { selectedTenantId: tenantId })).split(";")[0];
  return { email, password, cookie };
}

async function changePassword(cookie: string, currentPassword: string, newPassword: string) {
  const res = await settle(() =>
    (settings.action as Fn)({
      request: form("/settings", { intent: "change-password", currentPassword, newPassword }, cookie),
      params: {},
      context: {},
    }),
  );
  const body = (await res.json().catch(() => ({}))) as { ok?: string; errors?: Record<string, string> };
  return { status: res.status, body };
}

/** Signs in through the login page's action: a redirect is a successful sign-in. */
async function signIn(email: string, password: string) {
  const res = await settle(() =>
    (login.action as Fn)({ request: form("/login", { email, password }), params: {}, context: {} }),
  );
  return res.status;
}

describe("changing the password on /settings", () => {
  it("refuses Tr0ub4dor&3 as too easy to guess; the old password still signs in", async () => {
    const a = await account();
    const res = await changePassword(a.cookie, a.password, "Tr0ub4dor&3");
    expect(res.status).toBe(400);
    expect(res.body.errors?.newPassword).toBe(POLICY_MESSAGES.tooWeak);
    expect(res.body.ok).toBeUndefined();
    expect(await signIn(a.email, a.password)).toBe(302);
    expect(await signIn(a.email, "Tr0ub4dor&3")).not.toBe(302);
  });

  it("refuses a password found in breach data, saying how often it appeared; the old password still signs in", async () => {
    expect(estimateStrength(BREACHED_BUT_STRONG).score).toBeGreaterThanOrEqual(3);
    const a = await account();
    const res = await changePassword(a.cookie, a.password, BREACHED_BUT_STRONG);
    expect(res.status).toBe(400);
    expect(res.body.errors?.newPassword).toBe(POLICY_MESSAGES.breached(BREACH_COUNT));
    expect(await signIn(a.email, a.password)).toBe(302);
    expect(await signIn(a.email, BREACHED_BUT_STRONG)).not.toBe(302);
  });

  it("takes a strong password found nowhere: then only the new one signs in", async () => {
    const a = await account();
    const fresh = `tundra marmalade vexing quorum ${randomUUID().slice(0, 6)}`;
    const res = await changePassword(a.cookie, a.password, fresh);
    expect(res.status).toBe(200);
    expect(res.body.ok).toMatch(/^Password changed/);
    expect(await signIn(a.email, fresh)).toBe(302);
    expect(await signIn(a.email, a.password)).not.toBe(302);
  });
});
