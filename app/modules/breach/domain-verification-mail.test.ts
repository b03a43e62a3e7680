// Issue 32: a domain can be verified by a confirmation link mailed to security@, postmaster@ or hostmaster@ it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { setTenantPlan } from "~/modules/tenants";
import * as darkWeb from "~/routes/_app.dark-web-monitoring";
import * as confirmPage from "~/routes/verify-domain.$token";
import { linkIn, mailboxForTheseTests, unfoldedBody } from "../../../tests/support/test-mailbox";
import { BASE, req, settle, signedInUser } from "../../../tests/unit/helpers";
import { listPendingDomains } from "./domain-verification.server";
import { addWatchedDomain } from "./watchlist.server";

type Fn = (args: unknown) => unknown;
const mailbox = mailboxForTheseTests();
beforeAll(() => {
  process.env.PUBLIC_URL = BASE;
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
});

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  req(path, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

describe("domain verification by a mailed confirmation link", () => {
  it("mails postmaster@ a one-time link; opening it changes nothing, confirming verifies the domain", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const domain = `mail-${randomUUID().slice(0, 8)}.example.test`;
    const { id } = addWatchedDomain(tenantId, domain);

    const sent = await settle(() =>
      (darkWeb.action as Fn)({
        request: post(
          "/dark-web-monitoring",
          { intent: "mail-domain-confirmation", identityId: id, mailbox: "postmaster" },
          cookie,
        ),
        params: {},
        context: {},
      }),
    );
    expect(sent.status).toBe(200);
    const body = (await sent.json()) as { verify: { sent: boolean; message: string } };
    expect(body.verify).toMatchObject({ sent: true });
    expect(body.verify.message).toContain(`postmaster@${domain}`);

    const mail = await mailbox.waitFor(`postmaster@${domain}`);
    expect(unfoldedBody(mail.raw)).toContain(`may monitor ${domain}`);
    const { token } = linkIn(mail.raw, "verify-domain");

    // Opening the link (a mail scanner does) shows what would be confirmed and verifies nothing.
    const shown = await settle(() =>
      (confirmPage.loader as Fn)({ request: req(`/verify-domain/${token}`), params: { token }, context: {} }),
    );
    expect(await shown.json()).toMatchObject({ valid: true, domain });
    expect(listPendingDomains(tenantId).map((d) => d.domain)).toContain(domain);

    const confirmed = await settle(() =>
      (confirmPage.action as Fn)({ request: post(`/verify-domain/${token}`, {}), params: { token }, context: {} }),
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ confirmed: domain });
    expect(listPendingDomains(tenantId).map((d) => d.domain)).not.toContain(domain);

    // The link works once.
    const again = await settle(() =>
      (confirmPage.action as Fn)({ request: post(`/verify-domain/${token}`, {}), params: { token }, context: {} }),
    );
    expect(again.status).toBe(400);
    const reopened = await settle(() =>
      (confirmPage.loader as Fn)({ request: req(`/verify-domain/${token}`), params: { token }, context: {} }),
    );
    expect(await reopened.json()).toMatchObject({ valid: false });
  });

  it("refuses any other mailbox, and another tenant's domain, without mailing", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    setTenantPlan(owner.tenantId, "business");
    setTenantPlan(other.tenantId, "business");
    const domain = `mail-${randomUUID().slice(0, 8)}.example.test`;
    const { id } = addWatchedDomain(owner.tenantId, domain);
    const before = mailbox.received.length;
    for (const [cookie, mailboxName] of [
      [owner.cookie, "ceo"],
      [other.cookie, "security"],
    ] as const) {
      const res = await settle(() =>
        (darkWeb.action as Fn)({
          request: post(
            "/dark-web-monitoring",
            { intent: "mail-domain-confirmation", identityId: id, mailbox: mailboxName },
            cookie,
          ),
          params: {},
          context: {},
        }),
      );
      expect(res.status).toBe(404);
    }
    expect(mailbox.received.length).toBe(before);
  });
});
