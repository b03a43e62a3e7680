// Issue 31: Cloud, Network, Endpoint, Training and Zero Trust in the posture model. Each is "not assessed" without
// data and once its data is stale by the module's own rule (an upload or scan older than 90 days, a device silent
// for a day, a simulation or a self-assessment older than a year): never an old all-clear counted as good.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/lib/env.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { cloudContribution, uploadSnapshot } from "~/modules/cloud";
import { closeCloudPool } from "~/modules/cloud/pool.server";
import { storeSnapshot } from "~/modules/cloud/snapshots.server";
import {
  createEnrollSecret,
  distributedRead,
  distributedWrite,
  endpointContribution,
  enroll,
} from "~/modules/endpoint";
import { importScan, networkContribution } from "~/modules/network";
import { closeNmapPool } from "~/modules/network/parse-pool.server";
import { computePosture } from "~/modules/posture";
import { createCampaign, sendCampaignBatch, trainingContribution } from "~/modules/training/index.server";
import { setTenantPlan } from "~/modules/tenants";
import { saveGroupClaims, zeroTrustContribution } from "~/modules/zero-trust";
import { zipFolder } from "../fixtures/cloud/build-zips";
import { startLoopbackSmtp } from "../support/loopback-smtp";
import { signedInUser } from "./helpers";

const DAY = 86_400_000;

let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
beforeAll(async () => {
  process.env.PUBLIC_URL = "https://rampart.test";
  resetEnvForTests();
  smtp = await startLoopbackSmtp();
  configureMailerForTests(smtp.config);
});
afterAll(async () => {
  configureMailerForTests(undefined);
  await smtp.close();
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
  await Promise.all([closeCloudPool(), closeNmapPool()]);
});

const later = [
  cloudContribution,
  networkContribution,
  endpointContribution,
  trainingContribution,
  zeroTrustContribution,
];

describe("the later modules in the posture model", () => {
  it("without data each is not assessed, says why, and adds no points", async () => {
    const { tenantId } = await signedInUser();
    for (const contribution of later) {
      const c = contribution(tenantId, Date.now());
      expect(c.coverage.assessed, c.coverage.label).toBe(false);
      expect(c.coverage.statement, c.coverage.label).toMatch(/^Not assessed: /);
    }
    expect(computePosture(tenantId).score).toBeNull();
  });

  it("a cloud upload and a network scan count for 90 days, then the module is not assessed", async () => {
    const { tenantId, user } = await signedInUser();
    const now = Date.now();
    await uploadSnapshot({
      tenantId,
      userId: user.id,
      provider: "aws",
      account: null,
      file: { name: "aws.zip", bytes: zipFolder(path.join(__dirname, "../fixtures/cloud/aws")) },
    });
    const xml = fs
      .readFileSync(path.join(__dirname, "../fixtures/network/loopback-1.xml"), "utf8")
      .replace(/ start="\d+"/g, ` start="${Math.floor(now / 1000)}"`);
    await importScan({ tenantId, userId: user.id, filename: "scan.xml", content: xml });

    const fresh = computePosture(tenantId, now + 89 * DAY);
    expect(fresh.coverage.filter((c) => c.assessed).map((c) => c.label)).toEqual([
      "Cloud Security",
      "Network Security",
    ]);
    // Failing checks and exposed services weigh on the score: it is below 100.
    expect(fresh.score).toBeLessThan(100);
    expect(fresh.counts.openFindings).toBeGreaterThan(0);

    const stale = computePosture(tenantId, now + 91 * DAY);
    expect(stale.score).toBeNull();
    expect(stale.counts.openFindings).toBe(0);
    for (const label of ["Cloud Security", "Network Security"])
      expect(stale.coverage.find((c) => c.label === label)?.statement, label).toMatch(/older than 90 days/);
  });

  it("a cloud upload that checked nothing is no data: not assessed, no free points", async () => {
    const { tenantId, user } = await signedInUser();
    storeSnapshot({
      tenantId,
      userId: user.id,
      provider: "gcp",
      account: "empty",
      filename: "unrelated.json",
      parsed: {
        ok: true,
        recognised: [],
        skipped: [{ file: "unrelated.json", reason: "not recognised" }],
        findings: [],
        notChecked: ["gcp-1"],
        account: null,
      },
    });
    const c = cloudContribution(tenantId, Date.now());
    expect([c.coverage.assessed, c.actions]).toEqual([false, []]);
    expect(c.coverage.statement).toBe("Not assessed: the latest cloud uploads held no file Rampart could check.");
    expect(computePosture(tenantId).score).toBeNull();
  });

  it("a device counts while it reports in; a device silent for a day is not judged", async () => {
    const { tenantId, user } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const now = Date.now();
    const secret = createEnrollSecret(tenantId, user.id, "Laptops");
    const { body } = enroll(
      {
        enroll_secret: secret.secret,
        host_identifier: `host-${randomUUID()}`,
        platform_type: "9",
        host_details: {
          os_version: { name: "Debian GNU/Linux", version: "12 (bookworm)", major: "12", platform: "debian" },
          system_info: { hostname: "laptop-7" },
        },
      },
      "198.51.100.10",
      now,
    );
    const node_key = body.node_key as string;
    // Enrolled but no policy answered yet: nothing to judge.
    expect(endpointContribution(tenantId, now).coverage.assessed).toBe(false);
    const queries = distributedRead({ node_key }, now).body.queries as Record<string, string>;
    const disk = Object.keys(queries).find((id) => queries[id]!.includes("disk_encryption"))!;
    distributedWrite({ node_key, queries: { [disk]: [] }, statuses: { [disk]: 0 } }, now);

    const c = endpointContribution(tenantId, now + 3_600_000);
    expect(c.coverage.assessed).toBe(true);
    expect(c.findings.map((f) => [f.title, f.severity, f.state])).toEqual([
      ["laptop-7: Disk encryption on (Linux) fails", "high", "open"],
    ]);
    expect(c.actions.map((a) => [a.id, a.fraction, a.href])).toEqual([
      ["fix-serious-device-policies", 0, "/endpoint-security#policies-title"],
    ]);
    expect(endpointContribution(tenantId, now + 2 * DAY).coverage.assessed).toBe(false);
  });

  it("a simulation and a Zero Trust self-assessment count for a year", async () => {
    const { tenantId, user } = await signedInUser();
    const now = Date.now();
    const campaign = createCampaign(tenantId, user.id, {
      name: "Parcel notice",
      templateId: "starter-password-expiry-en",
      senderName: "IT",
      senderEmail: "it@example.net",
      launchAt: now - 1000,
      spreadMinutes: 0,
      memberIds: [],
      csvRecipients: [
        { email: `p-${randomUUID().slice(0, 8)}@example.com`, firstName: "P", lastName: "Q", department: "" },
      ],
    });
    await sendCampaignBatch(campaign, now);
    saveGroupClaims(tenantId, user.id, "identity", [{ functionId: "identity.stores", stage: 1, notes: "", links: [] }]);
    const training = trainingContribution(tenantId, now + 364 * DAY);
    expect(training.coverage.assessed).toBe(true);
    // Nobody clicked: the action's points in full, and it links to the campaign's results.
    expect(training.actions.map((a) => [a.id, a.fraction])).toEqual([["resist-phishing-simulation", 1]]);
    expect(training.actions[0]!.href).toBe(`/training-management/campaigns/${campaign}`);
    expect(zeroTrustContribution(tenantId, now + 364 * DAY).coverage.assessed).toBe(true);

    expect(trainingContribution(tenantId, now + 366 * DAY).coverage.assessed).toBe(false);
    expect(zeroTrustContribution(tenantId, now + 366 * DAY).coverage.assessed).toBe(false);
  });
});
