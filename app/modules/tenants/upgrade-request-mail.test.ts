// Issue 32: an upgrade request reaches the operators by mail (RAMPART_OPERATOR_EMAILS) through a durable job,
// retried while SMTP fails; without SMTP or operators it stays in the console only.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { getJobByKey, runDueJobs, setJobClock } from "~/lib/jobs.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { mailboxForTheseTests, unfoldedBody } from "../../../tests/support/test-mailbox";
import { signedInUser } from "../../../tests/unit/helpers";
import { createUpgradeRequest, registerUpgradeRequestJobs } from "./index";
import { renameOrganization } from "./organization.server";

const OPERATOR = `operator-${randomUUID().slice(0, 8)}@example.com`;
const mailbox = mailboxForTheseTests();
beforeAll(() => {
  process.env.RAMPART_OPERATOR_EMAILS = `${OPERATOR}, second-${OPERATOR}`;
  process.env.PUBLIC_URL = "https://rampart.example";
  resetEnvForTests();
  registerUpgradeRequestJobs();
});
afterAll(() => {
  delete process.env.RAMPART_OPERATOR_EMAILS;
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
  setJobClock();
});

describe("upgrade requests are mailed to the operators", () => {
  it("a new request queues one durable mail job naming the organization, the plan, who asked and the console", async () => {
    const { tenantId, user } = await signedInUser();
    renameOrganization(tenantId, user.id, "Zephyr Labs");
    const { id, duplicate } = createUpgradeRequest(tenantId, {
      userId: user.id,
      plan: "business",
      message: "Need SIEM",
    });
    expect(duplicate).toBe(false);
    expect(getJobByKey(`upgrade-request:${id}`)?.status).toBe("queued");
    // Asking again for the same plan queues nothing more.
    expect(createUpgradeRequest(tenantId, { userId: user.id, plan: "business" }).duplicate).toBe(true);

    await runDueJobs();
    const mail = unfoldedBody((await mailbox.waitFor(OPERATOR)).raw);
    expect(mail).toContain("Subject: Rampart: Zephyr Labs asks for Business");
    expect(mail).toContain("Zephyr Labs asks for the Business plan (now on Free).");
    expect(mail).toContain(`Asked by: ${user.email}`);
    expect(mail).toContain("Need SIEM");
    expect(mail).toContain("https://rampart.example/operator");
    expect((await mailbox.waitFor(`second-${OPERATOR}`)).raw).toContain("Zephyr Labs");
    expect(getJobByKey(`upgrade-request:${id}`)?.status).toBe("done");
    expect(mailbox.received.filter((m) => m.to.includes(OPERATOR))).toHaveLength(1);
  });

  it("while SMTP fails the job stays queued and is retried; the mail goes out once SMTP answers", async () => {
    const { tenantId, user } = await signedInUser();
    const good = mailbox.config;
    configureMailerForTests({ ...good, port: 1 });
    const { id } = createUpgradeRequest(tenantId, { userId: user.id, plan: "enterprise" });
    await runDueJobs();
    const failed = getJobByKey(`upgrade-request:${id}`);
    expect(failed?.status).toBe("queued");
    expect(failed?.lastError).toBeTruthy();

    configureMailerForTests(good);
    const before = mailbox.received.length;
    setJobClock(() => Date.now() + 2 * 60 * 60_000);
    await runDueJobs();
    setJobClock();
    expect(getJobByKey(`upgrade-request:${id}`)?.status).toBe("done");
    expect(mailbox.received.length).toBeGreaterThan(before);
    expect(unfoldedBody(mailbox.received.at(-1)!.raw)).toContain("asks for the Enterprise plan");
  });
});
