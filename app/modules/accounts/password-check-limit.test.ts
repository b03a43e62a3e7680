// The current-password check on /settings (issue 10 §3): like sign-in, each check is reserved before
// scrypt runs, so a stolen session cannot guess the password by the thousand, nor race the limit.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSession } from "./session.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { action } from "~/routes/_app.settings";
import { createUser, MAX_PASSWORD_CHECKS_PER_USER } from "./accounts.server";
import { req, settle } from "../../../tests/unit/helpers";

const PASSWORD = "the current passphrase 42";

async function owner() {
  const { user, tenantId } = await createUser(`pw-${randomUUID().slice(0, 8)}@example.com`, PASSWORD);
  const cookie = (await createSession(new Request("http://localhost"), user.id, { selectedTenantId: tenantId })).split(
    ";",
  )[0];
  return { cookie, tenantId };
}

function change(cookie: string, currentPassword: string, ip = "198.51.100.200") {
  return settle(() =>
    action({
      request: req("/settings", {
        method: "POST",
        cookie,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "change-password",
          currentPassword,
          newPassword: `Quiet-Harbour-${randomUUID()}`,
        }),
      }),
      params: {},
      context: { clientIp: ip },
    }),
  );
}

describe("/settings current-password check", () => {
  it(`after ${MAX_PASSWORD_CHECKS_PER_USER} wrong current passwords: 429, even with the right one and from another address`, async () => {
    resetRateLimits();
    const { cookie } = await owner();
    for (let i = 0; i < MAX_PASSWORD_CHECKS_PER_USER; i++) {
      const wrong = await change(cookie, `not it ${i}`);
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).errors.currentPassword).toBe("The current password is not correct");
    }
    const limited = await change(cookie, PASSWORD, "203.0.113.200");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await limited.json()).errors.currentPassword).toBe("Too many requests");
  });

  it("a parallel burst checks no more than the limit", async () => {
    resetRateLimits();
    const { cookie } = await owner();
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => change(cookie, `guess ${i}`)));
    const checked = outcomes.filter((o) => o.status === 400).length;
    expect(checked).toBeLessThanOrEqual(MAX_PASSWORD_CHECKS_PER_USER);
    expect(outcomes.filter((o) => o.status === 429).length).toBeGreaterThanOrEqual(20 - MAX_PASSWORD_CHECKS_PER_USER);
  });

  it("the right password still changes it when under the limit", async () => {
    resetRateLimits();
    const { cookie } = await owner();
    expect((await change(cookie, "wrong once")).status).toBe(400);
    const ok = await change(cookie, PASSWORD);
    expect(ok.status).toBe(200);
    expect((await ok.json()).ok).toMatch(/Password changed/);
  });
});
