/**
 * Issue 32: a "request a quote" reaches the operator on the console. A signed-in owner's request from the pricing
 * page is an upgrade request of the organization (tests/e2e/pricing-quote.spec.ts follows it in the browser); a
 * signed-out visitor writes through /contact, and what they wrote is listed on /operator too, not only by command.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { users } from "~/modules/accounts/schema";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { createUpgradeRequest } from "~/modules/tenants";
import * as operatorPage from "~/routes/operator";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

type Fn = (args: unknown) => unknown;
beforeEach(() => resetRateLimits());

async function consoleData() {
  const operator = await signedInUser();
  db.update(users).set({ isOperator: true }).where(eq(users.id, operator.user.id)).run();
  const res = await settle(() =>
    (operatorPage.loader as Fn)({ request: req("/operator", { cookie: operator.cookie }), params: {}, context: {} }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as {
    contactMessages: { name: string; email: string; message: string }[];
    upgradeRequests: { tenantId: string; plan: string; message: string | null }[];
  };
}

describe("the operator console lists what customers and visitors asked for", () => {
  it("shows a visitor's contact message about a quote", async () => {
    const email = `visitor-${randomUUID().slice(0, 8)}@example.com`;
    const form = new FormData();
    form.set("name", "Vera Visitor");
    form.set("email", email);
    form.set("message", "Please send a quote for the Enterprise plan for 40 people.");
    expect(submitContactMessage(form, "203.0.113.40").status).toBe("sent");
    const data = await consoleData();
    expect(data.contactMessages).toContainEqual(
      expect.objectContaining({
        name: "Vera Visitor",
        email,
        message: "Please send a quote for the Enterprise plan for 40 people.",
      }),
    );
  });

  it("shows an organization's quote request with where it came from", async () => {
    const owner = await signedInUser();
    createUpgradeRequest(owner.tenantId, {
      userId: owner.user.id,
      plan: "enterprise",
      message: "Quote requested on the pricing page.",
    });
    const data = await consoleData();
    expect(data.upgradeRequests).toContainEqual(
      expect.objectContaining({
        tenantId: owner.tenantId,
        plan: "enterprise",
        message: "Quote requested on the pricing page.",
      }),
    );
  });
});
