// Issue 31: one posture model. An organization with data in every working module gets the same score and
// counts on the dashboard, /executive, /security and /api/dashboard(/data); a new organization reads
// "not assessed" everywhere, the API included (securityScore null).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  breaches,
  depFindings,
  depProjects,
  detectionRules,
  events,
  exposures,
  osvAdvisories,
  phishingItems,
  privacyRequests,
  watchedIdentities,
  webFindings,
  webScans,
  webSites,
  anomalies,
} from "@db/schema";
import { db, sqlite } from "~/lib/db.server";
import { resetEnvForTests } from "~/lib/env.server";
import { configureMailerForTests } from "~/lib/mailer.server";
import { raiseAlert } from "~/modules/alerts";
import { addMute, snapshotFindings, uploadSnapshot } from "~/modules/cloud";
import { closeCloudPool } from "~/modules/cloud/pool.server";
import { createEnrollSecret, distributedRead, distributedWrite, enroll } from "~/modules/endpoint";
import { importScan } from "~/modules/network";
import { closeNmapPool } from "~/modules/network/parse-pool.server";
import { createCampaign, sendCampaignBatch, track } from "~/modules/training/index.server";
import { saveGroupClaims } from "~/modules/zero-trust";
import { adoptFramework, overallComplianceScore } from "~/modules/compliance/compliance.server";
import { createCase, updateCase } from "~/modules/incidents/cases.server";
import { computePosture } from "~/modules/posture";
import { setTenantPlan } from "~/modules/tenants";
import { loader as dashboardPage } from "~/routes/_app.dashboard";
import { loader as executivePage } from "~/routes/_app.executive";
import { loader as securityPage } from "~/routes/_app.security";
import { loader as apiDashboard } from "~/routes/api.dashboard";
import { loader as apiDashboardData } from "~/routes/api.dashboard.data";
import { req, settle, signedInUser } from "./helpers";
import { startLoopbackSmtp } from "../support/loopback-smtp";
import { zipFolder } from "../fixtures/cloud/build-zips";

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
async function load(loader: Loader, path: string, cookie: string) {
  const res = await settle(() => loader({ request: req(path, { cookie }), params: {}, context: {} }));
  expect(res.status, path).toBe(200);
  return res.json();
}

async function everyPage(cookie: string) {
  const [dashboard, executive, security, api, apiData] = await Promise.all([
    load(dashboardPage as Loader, "/dashboard", cookie),
    load(executivePage as Loader, "/executive", cookie),
    load(securityPage as Loader, "/security", cookie),
    load(apiDashboard as Loader, "/api/dashboard", cookie),
    load(apiDashboardData as Loader, "/api/dashboard/data", cookie),
  ]);
  const sum = (s: Record<string, number>) => Object.values(s).reduce((a, b) => a + b, 0);
  // What each surface says, in one shape.
  return {
    dashboard: {
      score: dashboard.data.metrics.securityScore,
      openFindings: sum(dashboard.data.findingsBySeverity),
      high: dashboard.data.findingsBySeverity.high,
      activeThreats: dashboard.data.metrics.activeThreats,
      incidents: dashboard.analytics.securityIncidents,
      incidentsResolved: dashboard.analytics.incidentsResolved,
    },
    executive: {
      score: executive.executiveMetrics.securityPostureScore,
      openFindings: executive.executiveMetrics.openFindings,
      high: executive.executiveMetrics.highSeverityFindings,
      activeThreats: executive.executiveMetrics.activeThreats,
      incidents: executive.analytics.securityIncidents,
      incidentsResolved: executive.analytics.incidentsResolved,
    },
    security: {
      score: security.posture.score,
      openFindings: security.posture.openFindings,
      high: security.posture.openBySeverity.high,
      activeThreats: security.posture.activeThreats,
      incidents: security.posture.incidents,
      incidentsResolved: security.posture.incidentsResolved,
    },
    api: {
      score: api.metrics.securityScore,
      openFindings: sum(apiData.findingsBySeverity),
      high: apiData.findingsBySeverity.high,
      activeThreats: api.metrics.activeThreats,
      incidents: dashboard.analytics.securityIncidents,
      incidentsResolved: dashboard.analytics.incidentsResolved,
    },
    raw: { dashboard, executive, security, api, apiData },
  };
}

const DAY = 86_400_000;

// Training sends its simulation through a real (loopback) SMTP server and links to the public address.
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

const NETWORK = path.join(__dirname, "../fixtures/network");
/** A committed real Nmap scan, dated now (a scan older than 90 days is stale and not judged). */
function nmapScan(file: string, now: number) {
  const xml = fs.readFileSync(path.join(NETWORK, file), "utf8");
  const start = Math.floor(now / 1000);
  return xml.replace(/ start="\d+"/g, ` start="${start}"`).replace(/ time="\d+"/g, ` time="${start + 20}"`);
}

/**
 * The modules added to the posture model later (issue 31), seeded through their real entry points: a cloud
 * snapshot uploaded and one failing check muted; two network scans (the exposed Redis closed in the second); a
 * device enrolled over osquery's API answering its policy queries; a phishing simulation sent over SMTP with one
 * click and one submission; two Zero Trust claims, one above its evidence.
 */
async function seedLaterModules(tenantId: string, userId: string) {
  const now = Date.now();
  // Cloud: AWS's fixture zip, then one failing check muted (accepted).
  const uploaded = await uploadSnapshot({
    tenantId,
    userId,
    provider: "aws",
    account: "prod",
    file: { name: "aws.zip", bytes: zipFolder(path.join(__dirname, "../fixtures/cloud/aws")) },
  });
  const toMute = uploaded.findings.find(
    (f) => f.status === "fail" && (f.severity === "medium" || f.severity === "low"),
  )!;
  addMute(tenantId, userId, {
    checkId: toMute.checkId,
    resource: toMute.resource,
    reason: "Accepted",
    expiresAt: null,
  });
  // Network: the loopback scan, then the same with the Redis listener closed.
  const first = nmapScan("loopback-1.xml", now - 60_000);
  const redis = /(<port protocol="tcp" portid="\d+"><state state=")open("[^>]*\/><service name="redis")/;
  await importScan({ tenantId, userId, filename: "loopback-1.xml", content: first });
  await importScan({
    tenantId,
    userId,
    filename: "loopback-1-closed.xml",
    content: nmapScan("loopback-1.xml", now).replace(redis, "$1closed$2"),
  });
  // Endpoint: one Debian device; disk encryption passes, the OS release check and the firewall fail.
  const secret = createEnrollSecret(tenantId, userId, "Servers");
  const enrolled = enroll(
    {
      enroll_secret: secret.secret,
      host_identifier: `host-${randomUUID()}`,
      platform_type: "9",
      host_details: {
        os_version: { name: "Debian GNU/Linux", version: "11 (bullseye)", major: "11", platform: "debian" },
        osquery_info: { version: "5.12.1" },
        system_info: { hostname: "web-1" },
      },
    },
    "198.51.100.9",
  );
  const node_key = enrolled.body.node_key as string;
  const queries = distributedRead({ node_key }).body.queries as Record<string, string>;
  const idOf = (fragment: string) => Object.keys(queries).find((id) => queries[id]!.includes(fragment))!;
  distributedWrite({
    node_key,
    queries: { [idOf("disk_encryption")]: [{ "1": "1" }], [idOf("iptables")]: [], [idOf("os_version")]: [] },
    statuses: { [idOf("disk_encryption")]: 0, [idOf("iptables")]: 0, [idOf("os_version")]: 0 },
  });
  // Training: four recipients, one clicks, one submits the form.
  const campaign = createCampaign(tenantId, userId, {
    name: "Password expiry",
    templateId: "starter-password-expiry-en",
    senderName: "IT Service Desk",
    senderEmail: "it@example.net",
    courseId: "phishing-basics",
    launchAt: now - 1000,
    spreadMinutes: 0,
    memberIds: [],
    csvRecipients: ["a", "b", "c", "d"].map((n) => ({
      email: `${n}-${tenantId.slice(0, 8)}@example.com`,
      firstName: n,
      lastName: "L",
      department: "Ops",
    })),
  });
  await sendCampaignBatch(campaign, now);
  const token = (n: string) =>
    (
      sqlite()
        .prepare("SELECT token FROM training_recipients WHERE campaign_id = ? AND email = ?")
        .get(campaign, `${n}-${tenantId.slice(0, 8)}@example.com`) as { token: string }
    ).token;
  track(token("a"), "clicked");
  track(token("b"), "clicked");
  track(token("b"), "submitted");
  // Zero Trust: authentication claimed Advanced (the evidence, no two-factor, supports Traditional: flagged);
  // identity stores claimed Traditional (as the evidence says).
  saveGroupClaims(tenantId, userId, "identity", [
    { functionId: "identity.authentication", stage: 2, notes: "", links: [] },
    { functionId: "identity.stores", stage: 0, notes: "", links: [] },
  ]);
  return { cloudSnapshot: uploaded.id };
}

function seedEveryModule(tenantId: string, userId: string) {
  const now = Date.now();
  // Dark web: one identity, two breaches; one exposure open, one resolved.
  const identity = randomUUID();
  db.insert(watchedIdentities)
    .values({ id: identity, tenantId, type: "email", value: `it-${identity}@example.com`, domain: "example.com" })
    .run();
  for (const status of ["open", "resolved"] as const) {
    const breach = randomUUID();
    db.insert(breaches)
      .values({
        id: breach,
        name: `B-${breach}`,
        title: `Breach ${status}`,
        breachDate: "2024-01-01",
        addedDate: "2024-01-02",
        dataClasses: ["Passwords"],
      })
      .run();
    db.insert(exposures).values({ id: randomUUID(), tenantId, identityId: identity, breachId: breach, status }).run();
  }
  // Phishing: the same spoof stored twice (rows from before re-analysis was recognised) and a variant.
  const phish = (subject: string) =>
    db
      .insert(phishingItems)
      .values({
        id: randomUUID(),
        tenantId,
        subject,
        sender: "service@paypa1.example",
        risk: "high",
        score: 90,
        kind: "phishing",
        status: "detected",
        rationale: [],
        analysis: {},
        messageId: `<${subject}@paypa1.example>`,
        bodyText: "Verify your account",
      })
      .run();
  phish("Your account is limited");
  phish("Your account is limited");
  phish("Your account is limited (variant)");
  // Privacy: one request overdue and open, one on time.
  const request = (number: number, dueDate: string) =>
    db
      .insert(privacyRequests)
      .values({
        id: randomUUID(),
        tenantId,
        number,
        type: "access",
        jurisdiction: "gdpr",
        channel: "email",
        subjectName: "Ada",
        subjectEmail: "ada@example.com",
        requestedAt: "2026-01-01",
        originalDueDate: dueDate,
        dueDate,
      })
      .run();
  request(1, new Date(now - 10 * DAY).toISOString().slice(0, 10));
  request(2, new Date(now + 20 * DAY).toISOString().slice(0, 10));
  // Dependencies: one advisory known; a high finding open and one remediated.
  db.insert(osvAdvisories)
    .values({
      id: `TEST-${randomUUID()}`,
      modified: "2024-01-01T00:00:00Z",
      aliases: [],
      severityLevel: "high",
      importedAt: now,
    })
    .onConflictDoNothing()
    .run();
  const project = randomUUID();
  db.insert(depProjects)
    .values({
      id: project,
      tenantId,
      name: "app",
      filename: "package-lock.json",
      format: "npm",
      ecosystem: "npm",
      packageCount: 2,
      packages: [],
      scannedAt: now,
    })
    .run();
  for (const [pkg, status] of [
    ["left-pad", "open"],
    ["right-pad", "remediated"],
  ] as const)
    db.insert(depFindings)
      .values({
        id: randomUUID(),
        tenantId,
        projectId: project,
        advisoryId: `GHSA-${pkg}`,
        ecosystem: "npm",
        packageName: pkg,
        version: "1.0.0",
        aliases: [],
        summary: "s",
        severity: "high",
        status,
        resolvedAt: status === "open" ? null : now,
        updatedAt: now,
      })
      .run();
  // Websites: one finished scan, a medium finding open.
  const site = randomUUID();
  db.insert(webSites).values({ id: site, tenantId, url: "https://example.com/", host: "example.com" }).run();
  db.insert(webScans)
    .values({ id: randomUUID(), tenantId, siteId: site, url: "https://example.com/", status: "done", finishedAt: now })
    .run();
  db.insert(webFindings)
    .values({
      id: randomUUID(),
      tenantId,
      siteId: site,
      checkKey: "observatory:csp",
      title: "No Content-Security-Policy",
      severity: "medium",
      target: "example.com",
      discoveredAt: now,
    })
    .run();
  // Logs: events received and one brute-force burst (one anomaly).
  db.insert(events)
    .values({ id: randomUUID(), tenantId, receivedAt: now, time: now, fields: "{}", original: "{}" })
    .run();
  db.insert(anomalies)
    .values({
      id: randomUUID(),
      tenantId,
      type: "failed-signin-burst",
      severity: "medium",
      detectedAt: now,
      user: "root",
      pattern: "failed-signin-burst:user:root",
      explanation: "x",
      eventIds: [],
      dedupeKey: randomUUID(),
    })
    .run();
  // Detection: an enabled rule and its (open) alert.
  db.insert(detectionRules)
    .values({
      id: randomUUID(),
      tenantId,
      title: "SSH brute force",
      logsource: {},
      tags: [],
      references: [],
      yaml: "x",
    })
    .run();
  raiseAlert({ tenantId, source: "detection", severity: "high", title: "SSH brute force on web-1", entity: "web-1" });
  // Incidents: two cases, one resolved.
  const actor = { userId };
  createCase(tenantId, { title: "Open case", severity: "medium" }, actor);
  const closed = createCase(tenantId, { title: "Closed case", severity: "high" }, actor);
  updateCase(tenantId, closed.id, { status: "investigating" }, actor);
  updateCase(tenantId, closed.id, { status: "contained" }, actor);
  updateCase(tenantId, closed.id, { status: "resolved" }, actor);
  // Compliance: one adopted framework.
  adoptFramework(tenantId, userId, "hipaa-security", null);
}

describe("one posture model behind every page (issue 31)", () => {
  it("a new organization is not assessed anywhere, the API included", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const pages = await everyPage(cookie);
    for (const surface of ["dashboard", "executive", "security", "api"] as const) {
      expect(pages[surface].score, surface).toBeNull();
      expect(pages[surface].openFindings, surface).toBe(0);
    }
    expect(pages.raw.api.metrics.securityScore).toBeNull();
    expect(pages.raw.apiData.metrics.securityScore).toBeNull();
    expect(pages.raw.executive.executiveMetrics.overallRiskScore).toBeNull();
    // No trend before anything was assessed: no "was 0" from before the account existed.
    expect(pages.raw.apiData.riskTrend).toEqual([]);
    expect(pages.raw.executive.executiveMetrics.riskTrend).toEqual([]);
    expect(pages.raw.security.posture.assessed).toEqual([]);
    expect(pages.raw.dashboard.coverage.every((c: { assessed: boolean }) => !c.assessed)).toBe(true);
    expect(pages.raw.dashboard.coverage.map((c: { label: string }) => c.label)).toEqual(
      expect.arrayContaining([
        "Cloud Security",
        "Network Security",
        "Endpoint Security",
        "Training Management",
        "Zero Trust",
      ]),
    );
  });

  it("an organization with data in every working module reads the same score and counts everywhere", async () => {
    const { tenantId, cookie, user } = await signedInUser();
    setTenantPlan(tenantId, "business");
    seedEveryModule(tenantId, user.id);
    const later = await seedLaterModules(tenantId, user.id);

    const pages = await everyPage(cookie);
    expect(pages.executive).toEqual(pages.dashboard);
    expect(pages.security).toEqual(pages.dashboard);
    expect(pages.api).toEqual(pages.dashboard);

    const posture = computePosture(tenantId);
    expect(posture.coverage.filter((c) => !c.assessed).map((c) => c.label)).toEqual(["Password Analyzer"]);
    // Points (docs/product.md §3): dark web 5/10, phishing 5/5, privacy 0/10, dependencies 7.5/15 + 5/5,
    // websites 10/10 + 0/5, logs 0/10, incidents 5/10, detection 0/10, compliance 15 × its score; then
    // endpoint 7.5/15 (1 of 2 high policy checks pass) + 0/5 (the firewall fails), training 5/10 (2 of 4
    // clicked), zero trust 5/10 (1 of 2 functions past Traditional) + 2.5/5 (1 of 2 evidenced claims backed),
    // cloud 0/15 + 0/5 (every failure open; the muted one accepted earns nothing), network 15/15 (the exposed
    // Redis closed by the second scan) + 0/5 (the self-signed certificate and weak TLS still there).
    const points = Object.fromEntries(posture.actions.map((a) => [a.id, [a.achieved, a.points]]));
    expect(points).toMatchObject({
      "fix-serious-device-policies": [7.5, 15],
      "fix-device-policies": [0, 5],
      "resist-phishing-simulation": [5, 10],
      "advance-traditional": [5, 10],
      "back-claims": [2.5, 5],
      "fix-serious-cloud": [0, 15],
      "fix-cloud": [0, 5],
      "close-risky-services": [15, 15],
      "harden-services": [0, 5],
    });
    const compliance = overallComplianceScore(tenantId)!;
    const achieved = 37.5 + 35 + Math.round((15 * compliance * 10) / 100) / 10;
    expect(posture.pointsAchievable).toBe(105 + 85);
    expect(pages.dashboard.score).toBe(Math.round((100 * achieved) / 190));
    // Every action links to where to act, and no visible text carries a raw id.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    for (const a of posture.actions) {
      expect(a.href, a.id).toMatch(/^\/[a-z]/);
      expect(`${a.title} ${a.why} ${a.how}`, a.id).not.toMatch(uuid);
    }
    // The miscounts of the issue: the same message twice is one; incidents are cases (2, 1 resolved), not alerts.
    expect(pages.raw.dashboard.data.metrics.phishingDetected).toBe(2);
    expect(pages.dashboard.incidents).toBe(2);
    expect(pages.dashboard.incidentsResolved).toBe(1);
    expect(pages.raw.dashboard.data.metrics.anomaliesCount).toBe(1);
    expect(pages.raw.dashboard.data.metrics.darkWebHits).toBe(1);
    // Open: 1 exposure, 2 phishing, 1 late request, 1 dependency, 1 website, 1 anomaly, 1 case, 1 detection alert;
    // then the cloud snapshot's unmuted failures, 2 network findings (certificate, TLS), 2 failing device
    // policies, 2 people who clicked, 2 Zero Trust findings (a function at Traditional, a claim above evidence).
    const cloudOpen = snapshotFindings(tenantId, later.cloudSnapshot).filter((f) => f.status === "fail").length;
    expect(cloudOpen).toBeGreaterThan(0);
    expect(pages.dashboard.openFindings).toBe(9 + cloudOpen + 2 + 2 + 2 + 2);
    expect(posture.counts.acceptedFindings).toBe(1);
  });
});
