/**
 * Usage analytics for every working module (issue 31): each module's figures count its own rows by when they
 * happened, inside the chosen window only; modules outside the plan are not shown; achievements show progress.
 */
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import {
  cloudFindings,
  cloudSnapshots,
  complianceEvidence,
  complianceRequirementStates,
  detectionRules,
  detections,
  emergencyContacts,
  emergencyEvents,
  endpointHosts,
  endpointPolicyResults,
  hunts,
  incidents,
  networkAssets,
  networkScans,
  trainingAssignments,
  trainingCampaigns,
  trainingRecipients,
  ztClaims,
} from "@db/schema";
import { db } from "~/lib/db.server";
import { loader as usagePage } from "~/routes/_app.usage";
import { loader as achievementsApi } from "~/routes/api.achievements";
import { setTenantPlan } from "~/modules/tenants";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";
import { USAGE_MODULE_PATHS, usageOverWindow } from "./usage.server";
import { achievements } from "./insights.server";

const DAY = 86_400_000;
const NOW = Date.now();
const INSIDE = NOW - 2 * DAY; // inside every window
const OUTSIDE = NOW - 40 * DAY; // inside 90 days and all time only

const id = () => randomUUID();
let hostNumber = 0;
const posture = {
  diskEncryption: null,
  firewall: null,
  screenLock: null,
  autoUpdate: null,
  users: null,
  listeningPorts: null,
};

/** One thing of each kind at `at` in every module added by this issue. */
function activityAt(tenantId: string, at: number) {
  const campaignId = id();
  db.insert(trainingCampaigns)
    .values({
      id: campaignId,
      tenantId,
      name: "Q3",
      templateName: "t",
      subject: "s",
      html: "<p>x</p>",
      text: "x",
      senderName: "IT",
      senderEmail: "it@example.com",
      launchAt: at,
      status: "sent",
    })
    .run();
  db.insert(trainingRecipients)
    .values({
      id: id(),
      tenantId,
      campaignId,
      email: `${id()}@example.com`,
      token: id(),
      sendAt: at,
      sentAt: at,
      reportedAt: at,
    })
    .run();
  db.insert(trainingAssignments)
    .values({
      id: id(),
      tenantId,
      courseId: "c",
      email: `${id()}@example.com`,
      token: id(),
      dueAt: at + DAY,
      completedAt: at,
    })
    .run();
  const contactId = id();
  db.insert(emergencyContacts)
    .values({
      id: contactId,
      tenantId,
      email: `${id()}@example.com`,
      level: "view",
      waitDays: 1,
      grantDays: 1,
      state: "granted",
    })
    .run();
  db.insert(emergencyEvents).values({ tenantId, contactId, kind: "requested", at }).run();
  db.insert(emergencyEvents).values({ tenantId, contactId, kind: "granted", at }).run();
  db.insert(ztClaims)
    .values({ tenantId, functionId: `identity.${id()}`, stage: 1, updatedAt: at })
    .run();
  db.insert(networkScans)
    .values({
      id: id(),
      tenantId,
      filename: "scan.xml",
      source: "upload",
      startedAt: at,
      hosts: "[]",
      findings: "[]",
      hostCount: 1,
      openPortCount: 0,
      createdAt: at,
    })
    .run();
  db.insert(networkAssets)
    .values({ id: id(), tenantId, address: `10.0.0.${++hostNumber}`, firstSeenAt: at, lastSeenAt: at })
    .run();
  const hostId = id();
  db.insert(endpointHosts)
    .values({
      id: hostId,
      tenantId,
      source: "collector",
      hostIdentifier: id(),
      hostname: "pc",
      platform: "linux",
      posture,
      enrolledAt: at,
    })
    .run();
  db.insert(endpointPolicyResults)
    .values({ tenantId, hostId, policyId: "firewall", passing: false, checkedAt: at })
    .run();
  db.insert(endpointPolicyResults).values({ tenantId, hostId, policyId: "disk", passing: true, checkedAt: at }).run();
  const ruleId = id();
  const rule = { tenantId, title: "r", logsource: {}, tags: [], references: [], yaml: "title: r", createdAt: at };
  db.insert(detectionRules)
    .values({ id: ruleId, ...rule })
    .run();
  db.insert(detectionRules)
    .values({ id: id(), ...rule, enabled: false })
    .run();
  db.insert(detections)
    .values({ id: id(), tenantId, ruleId, ruleTitle: "r", eventId: id(), eventTime: at, tags: [], createdAt: at })
    .run();
  db.insert(hunts)
    .values({ id: id(), tenantId, name: "h", kind: "query", query: "user:x", resultsCount: 0, createdAt: at })
    .run();
  db.insert(complianceEvidence)
    .values({
      id: id(),
      tenantId,
      framework: "nist-csf-2.0",
      itemId: id(),
      kind: "link",
      title: "e",
      effectiveOn: "2026-01-01",
      createdAt: at,
    })
    .run();
  db.insert(complianceRequirementStates)
    .values({ tenantId, framework: "nist-csf-2.0", itemId: id(), status: "compliant", updatedAt: at })
    .run();
  db.insert(complianceRequirementStates)
    .values({ tenantId, framework: "nist-csf-2.0", itemId: id(), status: "in-progress", updatedAt: at })
    .run();
}

/** Two snapshots of one account: the first fails two checks, the second passes one of them again (resolved). */
function cloudAt(tenantId: string, first: number, second: number) {
  const snapshot = (createdAt: number, results: [string, "pass" | "fail"][]) => {
    const snapshotId = id();
    db.insert(cloudSnapshots)
      .values({
        id: snapshotId,
        tenantId,
        provider: "aws",
        account: "prod",
        filename: "f.json",
        recognised: "[]",
        skipped: "[]",
        notChecked: "[]",
        createdAt,
      })
      .run();
    for (const [checkId, status] of results)
      db.insert(cloudFindings)
        .values({
          id: id(),
          tenantId,
          snapshotId,
          checkId,
          title: checkId,
          severity: "high",
          resource: "bucket",
          status,
          source: "rampart",
        })
        .run();
  };
  snapshot(first, [
    ["s3-public", "fail"],
    ["mfa", "fail"],
  ]);
  snapshot(second, [
    ["s3-public", "pass"],
    ["mfa", "fail"],
  ]);
}

function figures(
  tenantId: string,
  window: "7" | "30" | "90" | "all",
  plan: "free" | "pro" | "business" | "enterprise" = "enterprise",
) {
  const u = usageOverWindow(tenantId, window, plan, NOW);
  return Object.fromEntries(u.modules.flatMap((m) => m.figures.map((f) => [f.id, f.value])));
}

describe("usage analytics for every module (issue 31)", () => {
  it("counts each module's rows inside the window only", async () => {
    const { tenantId } = await signedInUser();
    const other = await signedInUser();
    activityAt(tenantId, INSIDE);
    activityAt(tenantId, OUTSIDE);
    activityAt(other.tenantId, INSIDE); // another organization's activity never counts
    cloudAt(tenantId, OUTSIDE, INSIDE);
    const expected = (n: number) => ({
      "campaigns-launched": n,
      "simulations-sent": n,
      "simulations-reported": n,
      "courses-completed": n,
      "emergency-requests": n,
      "emergency-grants": n,
      "zt-functions": n,
      "network-scans": n,
      "hosts-seen": n,
      "hosts-enrolled": n,
      "policy-failures": n,
      "rules-enabled": n,
      detections: n,
      "hunts-run": n,
      "evidence-added": n,
      "requirements-met": n,
    });
    expect(figures(tenantId, "30")).toMatchObject({
      ...expected(1),
      "cloud-snapshots": 1,
      // The snapshot in the window still fails "mfa" and passes "s3-public", which the one before failed.
      "cloud-failed": 1,
      "cloud-resolved": 1,
    });
    expect(figures(tenantId, "7")).toMatchObject(expected(1));
    expect(figures(tenantId, "90")).toMatchObject({
      ...expected(2),
      "cloud-snapshots": 2,
      "cloud-failed": 3,
      "cloud-resolved": 1,
    });
    expect(figures(tenantId, "all")).toMatchObject(expected(2));
  });

  it("groups figures by module under the route map's names, each module with figures", async () => {
    const { tenantId } = await signedInUser();
    const u = usageOverWindow(tenantId, "all", "enterprise", NOW);
    expect(u.modules.map((m) => m.path)).toEqual(USAGE_MODULE_PATHS);
    expect(u.modules.find((m) => m.path === "/training-management")?.label).toBe("Training Management");
    expect(u.modules.find((m) => m.path === "/network-security")?.label).toBe("Network Security");
    for (const m of u.modules) expect(m.figures.length, m.path).toBeGreaterThan(0);
    // A new organization: nothing happened, and the page is told so rather than given zeros to show.
    expect(u.empty).toBe(true);
  });

  it("leaves out the modules the plan does not include", async () => {
    const { tenantId } = await signedInUser();
    activityAt(tenantId, INSIDE);
    const pro = usageOverWindow(tenantId, "30", "pro", NOW).modules.map((m) => m.path);
    // Pro has endpoint security and alerts, not the team modules (training, cloud, network...) nor threat hunting.
    expect(pro).toContain("/endpoint-security");
    expect(pro).not.toContain("/training-management");
    expect(pro).not.toContain("/network-security");
    expect(pro).not.toContain("/threat-hunting");
    const enterprise = usageOverWindow(tenantId, "30", "enterprise", NOW).modules.map((m) => m.path);
    expect(enterprise).toEqual(
      expect.arrayContaining(["/training-management", "/network-security", "/threat-hunting"]),
    );
    expect(usageOverWindow(tenantId, "30", "pro", NOW).empty).toBe(false);
  });

  it("the page shows the plan's modules only and says when a window had no activity", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "pro");
    const load = async (qs: string) =>
      (await settle(() => usagePage({ request: req(`/usage${qs}`, { cookie }), params: {}, context: {} }))).json();
    const quiet = await load("?window=7");
    expect(quiet.usage.empty).toBe(true);
    activityAt(tenantId, OUTSIDE);
    expect((await load("?window=7")).usage.empty).toBe(true);
    const ninety = await load("?window=90");
    expect(ninety.usage.empty).toBe(false);
    expect(ninety.usage.modules.map((m: { path: string }) => m.path)).not.toContain("/training-management");
  });
});

describe("achievements (issue 31)", () => {
  it("counts progress from stored activity, x of y, and the API returns the page's list", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "enterprise");
    const byId = () => Object.fromEntries(achievements(tenantId, "enterprise").map((a) => [a.id, a]));
    expect(byId()["first-cloud-snapshot"]).toMatchObject({ achieved: false, progress: 0, goal: 1 });
    expect(byId()["ten-cases-resolved"]).toMatchObject({ achieved: false, progress: 0, goal: 10 });
    activityAt(tenantId, INSIDE);
    cloudAt(tenantId, OUTSIDE, INSIDE);
    for (let i = 0; i < 3; i++)
      db.insert(incidents)
        .values({
          id: id(),
          tenantId,
          number: i + 1,
          title: "c",
          severity: "high",
          status: "closed",
          tags: [],
          openedAt: OUTSIDE,
          resolvedAt: INSIDE,
          updatedAt: INSIDE,
        })
        .run();
    const after = byId();
    for (const a of [
      "first-simulation",
      "first-course",
      "first-cloud-snapshot",
      "first-network-scan",
      "first-endpoint",
      "first-evidence",
      "first-detection-rule",
    ])
      expect(after[a], a).toMatchObject({ achieved: true, progress: 1, goal: 1 });
    expect(after["ten-cases-resolved"]).toMatchObject({ achieved: false, progress: 3, goal: 10 });
    expect(after["two-factor-enforced"]).toMatchObject({ achieved: false, progress: 0 });
    const api = await (
      await settle(() => achievementsApi({ request: req("/api/achievements", { cookie }), params: {}, context: {} }))
    ).json();
    const page = await (
      await settle(() => usagePage({ request: req("/usage", { cookie }), params: {}, context: {} }))
    ).json();
    expect(api.achievements).toEqual(page.achievements);
    expect(Object.keys(api.achievements[0]).sort()).toEqual(["achieved", "goal", "id", "progress", "title"]);
  });

  it("leaves out the milestones of modules outside the plan", async () => {
    const { tenantId } = await signedInUser();
    const ids = achievements(tenantId, "free").map((a) => a.id);
    expect(ids).toContain("first-analysis");
    expect(ids).not.toContain("first-cloud-snapshot");
    expect(ids).not.toContain("first-endpoint");
    expect(achievements(tenantId, "enterprise").map((a) => a.id)).toContain("first-cloud-snapshot");
  });
});
