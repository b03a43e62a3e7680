import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import * as settings from "~/routes/_app.settings";
import * as invite from "~/routes/invite.$token";
import { linkIn, unfoldedBody, mailboxForTheseTests } from "../../../tests/support/test-mailbox";
import { BASE, settle, signedInUser } from "../../../tests/unit/helpers";
import { listMembers } from "./members.server";
import { setTenantPlan } from "./tenants.server";

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

function post(fields: Record<string, string>, cookie: string) {
  return settle(() =>
    (settings.action as Fn)({
      request: new Request(`${BASE}/settings`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(fields).toString(),
      }),
      params: {},
      context: {},
    }),
  );
}

describe("invitations by e-mail", () => {
  it("mails the link to the address given, shows it too, and the mailed link joins the organization", async () => {
    const owner = await signedInUser();
    const joiner = await signedInUser();
    setTenantPlan(joiner.tenantId, "pro"); // free allows one organization, which "Personal" already is
    const res = await post(
      { intent: "create-invite", role: "admin", email: ` ${joiner.user.email.toUpperCase()} ` },
      owner.cookie,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.mailed).toBe(true);
    expect(body.ok).toBe(
      `Invitation sent to ${joiner.user.email}. The link is also below: It works once, for 7 days; copy it now, it is not shown again.`,
    );
    const mail = await mailbox.waitFor(joiner.user.email);
    expect(unfoldedBody(mail.raw)).toContain(`Subject: ${owner.user.email} invited you to Personal on Rampart`);
    const link = linkIn(mail.raw, "invite");
    expect(link.url).toBe(body.inviteUrl);

    const accepted = await settle(() =>
      (invite.action as Fn)({
        request: new Request(link.url, { method: "POST", headers: { Cookie: joiner.cookie } }),
        params: { token: link.token },
        context: {},
      }),
    );
    expect(accepted.status).toBe(302);
    expect(listMembers(owner.tenantId).find((m) => m.userId === joiner.user.id)?.role).toBe("admin");
  });

  it("a bad address is a field error; without SMTP the link alone, saying so", async () => {
    const owner = await signedInUser();
    const bad = await post({ intent: "create-invite", role: "member", email: "not an address" }, owner.cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.inviteEmail).toBe("Enter a valid e-mail address");

    configureMailerForTests(null);
    try {
      const res = await post({ intent: "create-invite", role: "member", email: "friend@example.com" }, owner.cookie);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.mailed).toBe(false);
      expect(body.ok).toMatch(
        /^E-mail is not configured on this server, so nothing was sent to friend@example.com: copy the link below/,
      );
      expect(body.inviteUrl).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
    } finally {
      configureMailerForTests(mailbox.config);
    }
    // No address: the link, as before.
    const plain = await post({ intent: "create-invite", role: "member" }, owner.cookie);
    expect((await plain.json()).ok).toMatch(/^Invitation link created\./);
  });
});
