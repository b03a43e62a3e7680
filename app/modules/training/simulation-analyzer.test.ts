/**
 * The phishing analyzer recognises the organization's own simulations (issue 34): a message carrying
 * X-Rampart-Simulation with one of the organization's campaign ids gets the verdict note and raises no alert; the
 * same header naming no campaign of the organization is ignored, so it cannot silence a real phishing alert.
 */
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { analyzeAndStore, SIMULATION_NOTE } from "~/modules/phishing/phishing.server";
import { closePhishingPool } from "~/modules/phishing/pool.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { startLoopbackSmtp } from "../../../tests/support/loopback-smtp";
import { campaignResults, createCampaign, sendCampaignBatch } from "./index.server";

const FIXTURE = fs.readFileSync(path.resolve("app/modules/phishing/fixtures/phishing/02-paypa1-limited.eml"), "utf8");
const nxdomain = async (): Promise<never> => {
  throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
};

beforeAll(() => {
  process.env.PUBLIC_URL = "https://rampart.test";
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
  await closePhishingPool();
});

async function org() {
  const { user, tenantId } = await createUser(`sim-${randomUUID().slice(0, 8)}@example.com`, `Sim ${randomUUID()}`);
  return { userId: user.id, tenantId };
}

function campaignOf(o: { userId: string; tenantId: string }) {
  return createCampaign(o.tenantId, o.userId, {
    name: "Simulation",
    templateId: "starter-invoice-en",
    senderName: "Accounts",
    senderEmail: "accounts@example.net",
    launchAt: Date.now() + 86_400_000,
    spreadMinutes: 0,
    memberIds: [],
    csvRecipients: [{ email: "x@example.com", firstName: "", lastName: "", department: "" }],
  });
}

describe("X-Rampart-Simulation in the phishing analyzer", () => {
  it("one of the organization's campaigns: the verdict says simulation first and no alert is raised", async () => {
    const o = await org();
    const id = campaignOf(o);
    const stored = await analyzeAndStore({
      tenantId: o.tenantId,
      userId: o.userId,
      raw: `X-Rampart-Simulation: ${id}\n${FIXTURE}`,
      resolver: nxdomain,
    });
    expect(stored.analysis.rationale[0]).toBe(SIMULATION_NOTE);
    expect(SIMULATION_NOTE).toMatch(/^Rampart phishing simulation/);
    expect(stored.alertOccurrences).toBeNull();
  }, 30_000);

  it("another organization's campaign id (or a made-up one) changes nothing: the alert is raised", async () => {
    const other = await org();
    const foreign = campaignOf(other);
    const o = await org();
    const stored = await analyzeAndStore({
      tenantId: o.tenantId,
      userId: o.userId,
      raw: `X-Rampart-Simulation: ${foreign}\n${FIXTURE}`,
      resolver: nxdomain,
    });
    expect(stored.analysis.risk).toBe("high");
    expect(stored.analysis.rationale).not.toContain(SIMULATION_NOTE);
    expect(stored.alertOccurrences).toBe(1);
  }, 30_000);

  it("a recipient's own simulation mail, analysed in the organization, counts as their report", async () => {
    const smtp = await startLoopbackSmtp();
    configureMailerForTests(smtp.config);
    try {
      const o = await org();
      const launchAt = Date.now();
      const id = createCampaign(o.tenantId, o.userId, {
        name: "Report drill",
        templateId: "starter-shared-document-en",
        senderName: "Docs",
        senderEmail: "share@example.net",
        launchAt,
        spreadMinutes: 0,
        memberIds: [],
        csvRecipients: ["reporter@example.com", "quiet@example.com"].map((email) => ({
          email,
          firstName: "R",
          lastName: "P",
          department: "",
        })),
      });
      await sendCampaignBatch(id, launchAt);
      const mail = smtp.received.find((m) => m.to.includes("reporter@example.com"))!;
      const stored = await analyzeAndStore({
        tenantId: o.tenantId,
        userId: o.userId,
        raw: mail.raw,
        resolver: nxdomain,
      });
      expect(stored.analysis.rationale[0]).toBe(SIMULATION_NOTE);
      const people = campaignResults(o.tenantId, id)!.people;
      expect(people.map((p) => [p.email, !!p.reportedAt])).toEqual([
        ["quiet@example.com", false],
        ["reporter@example.com", true],
      ]);
    } finally {
      configureMailerForTests(undefined);
      await smtp.close();
    }
  }, 30_000);
});
