/**
 * Emergency access mail goes through the durable outbox (the job runner) to verified addresses only: an account
 * whose address is unverified is never mailed, whether it is the contact or an owner told of a request.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { resetEnvForTests } from "~/lib/env.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import * as runner from "~/lib/jobs.server";
import { setTenantPlan } from "~/modules/tenants";
import { acceptNomination, nameContact, registerEmergencyAccessJobs, requestAccess } from "./index";
import { startLoopbackSmtp } from "../../../tests/support/loopback-smtp";
import { BASE, signedInUser } from "../../../tests/unit/helpers";

let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
beforeAll(async () => {
  process.env.PUBLIC_URL = BASE;
  resetEnvForTests();
  smtp = await startLoopbackSmtp();
  configureMailerForTests(smtp.config);
  registerEmergencyAccessJobs(runner);
});
afterAll(async () => {
  configureMailerForTests(undefined);
  await smtp.close();
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
});

const mailedTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));

describe("emergency access mail", () => {
  it("reaches verified addresses only, through the outbox", async () => {
    const owner = await signedInUser(`ea-owner-${randomUUID().slice(0, 6)}@example.com`);
    setTenantPlan(owner.tenantId, "business");
    const coOwner = await signedInUser(`ea-co-${randomUUID().slice(0, 6)}@example.com`, { verified: false });
    db.run(
      `INSERT INTO memberships (id, user_id, tenant_id, role) VALUES ('${randomUUID()}', '${coOwner.user.id}', '${owner.tenantId}', 'owner')`,
    );
    const unverified = await signedInUser(`ea-unv-${randomUUID().slice(0, 6)}@example.com`, { verified: false });
    const contact = await signedInUser(`ea-contact-${randomUUID().slice(0, 6)}@example.com`);
    const stranger = `ea-new-${randomUUID().slice(0, 6)}@example.org`;
    for (const email of [unverified.user.email, contact.user.email, stranger])
      nameContact(owner.tenantId, owner.user.id, { email, level: "view", waitDays: 1, grantDays: 7 });
    // Nothing is sent in the request: the outbox job does it.
    expect(mailedTo(contact.user.email)).toHaveLength(0);
    await runner.runDueJobs(100);
    expect(mailedTo(contact.user.email)).toHaveLength(1);
    expect(mailedTo(contact.user.email)[0]!.raw.replace(/=\r\n/g, "")).toContain(`${BASE}/emergency-access`);
    expect(mailedTo(stranger), "an invitation to an address without an account").toHaveLength(1);
    expect(mailedTo(unverified.user.email), "an unverified account's address").toHaveLength(0);

    const id = listId(owner.tenantId, contact.user.email);
    acceptNomination(contact.user.id, id);
    requestAccess(contact.user.id, id);
    await runner.runDueJobs(100);
    expect(
      mailedTo(owner.user.email)
        .map((m) => m.raw)
        .join("\n"),
    ).toContain("requested emergency access");
    expect(mailedTo(coOwner.user.email), "an owner with an unverified address").toHaveLength(0);
  });
});

function listId(tenantId: string, email: string): string {
  const row = db.$client
    .prepare("SELECT id FROM emergency_contacts WHERE tenant_id = ? AND email = ?")
    .get(tenantId, email.toLowerCase()) as { id: string };
  return row.id;
}
