// Every module that alerts goes through the alerts module (issue 27): an alert from each source (phishing, dark web,
// anomaly, detection, vulnerability, privacy, incident) reaches the tenant's alert rule, its channel's durable outbox
// and the alert timeline, and a state change made by the source (an anomaly marked benign, a dependency finding
// accepted) is on the timeline and tells the channel, like a change made on /alerts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { alertTimeline, channelDeliveries, createChannel, createRule, listAlerts } from "~/modules/alerts";
import { addWatchedEmail } from "~/modules/breach/watchlist.server";
import { breachHmacKey } from "~/modules/breach/breach.server";
import { importBreach } from "~/modules/breach/import";
import { listAnomalies, setAnomalyStatus } from "~/modules/events/anomalies.server";
import { MODULES, subscribeReactions } from "~/modules/registry.server";
import { flattenWindowsEvent, normalize } from "~/modules/events/parse";
import { setEventsClock, storeEvents } from "~/modules/events/store.server";
import { analyzeAndStore } from "~/modules/phishing/phishing.server";
import { closePhishingPool } from "~/modules/phishing/pool.server";
import { createCase } from "~/modules/incidents/cases.server";
import { checkSlaBreaches, setSlaTarget } from "~/modules/incidents/sla.server";
import { checkPrivacyDeadlines } from "~/modules/privacy/deadlines.server";
import { createRequest } from "~/modules/privacy/requests.server";
import { importOsvPath } from "~/modules/vulnerability/deps/osv-store.server";
import {
  listProjects,
  recheckAllProjects,
  scanUpload,
  setFindingStatus,
} from "~/modules/vulnerability/deps/projects.server";
import { setTenantPlan } from "~/modules/tenants";
import { fromJsonValue } from "~/modules/events";
import { action as detectionRulesAction } from "~/routes/api.detection.rules";
import { jsonReq, settle, signedInUser } from "./helpers";

afterAll(() => closePhishingPool());

/** A business tenant whose one alert rule sends every alert, any source and severity, to an in-app channel. */
async function tenantWithRule() {
  const u = await signedInUser();
  setTenantPlan(u.tenantId, "business");
  const channel = await createChannel(u.tenantId, { type: "in_app", name: "Everything" }, null);
  createRule(u.tenantId, {
    name: "every alert",
    matchSource: null,
    minSeverity: "low",
    matchText: null,
    channelIds: [channel.id],
    escalationPolicyId: null,
    mode: "all",
  });
  return { ...u, channelId: channel.id };
}

type Tenant = Awaited<ReturnType<typeof tenantWithRule>>;

/** The source's alerts, each with a "raised" and a "notified" timeline entry and an alert.raised row in the outbox. */
function expectRoutedAlerts(t: Tenant, source: string) {
  const alerts = listAlerts(t.tenantId, 200, { source });
  expect(alerts.length, `alerts from ${source}`).toBeGreaterThan(0);
  const outbox = channelDeliveries(t.tenantId, t.channelId, 200);
  for (const a of alerts) {
    const kinds = alertTimeline(t.tenantId, a.id).map((e) => e.kind);
    expect(kinds, `timeline of "${a.title}"`).toEqual(expect.arrayContaining(["raised", "notified"]));
    expect(
      outbox.filter((o) => o.alertId === a.id).map((o) => o.eventType),
      `outbox of "${a.title}"`,
    ).toContain("alert.raised");
  }
  return alerts;
}

const NOW = Date.UTC(2026, 2, 10, 12);
const MIN = 60_000;
const DAY = 86_400_000;

describe("every alert source reaches the alert rules, the channel's outbox and the timeline", () => {
  it("phishing: a high-risk message", async () => {
    const t = await tenantWithRule();
    const raw = fs.readFileSync(path.resolve("app/modules/phishing/fixtures/phishing/02-paypa1-limited.eml"));
    const nxdomain = async (): Promise<never> => {
      throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const stored = await analyzeAndStore({ tenantId: t.tenantId, userId: t.user.id, raw, resolver: nxdomain });
    expect(stored.analysis.risk).toBe("high");
    expectRoutedAlerts(t, "phishing");
  });

  it("dark web: a watched address found in a newly imported breach", async () => {
    const t = await tenantWithRule();
    const email = `exposed-${t.tenantId.slice(0, 8)}@example.test`;
    addWatchedEmail(t.tenantId, email);
    const r = await importBreach(
      db,
      {
        Name: `Shop${t.tenantId.slice(0, 8)}`,
        Title: "Example Shop",
        BreachDate: "2025-06-01",
        DataClasses: ["Passwords"],
      },
      [email],
      { hmacKey: breachHmacKey() },
    );
    expect(r.newExposures).toBe(1);
    const [alert] = expectRoutedAlerts(t, "dark-web");
    expect(alert).toMatchObject({ severity: "high", title: `${email} found in the Example Shop breach` });
  });

  it("anomaly: a failed sign-in burst, then marked benign and reopened through the alert lifecycle", async () => {
    const t = await tenantWithRule();
    // The registry wires anomaly detection to stored events; only the events module's reactions here.
    const unsubscribe = subscribeReactions(MODULES.filter((m) => m.name === "events"));
    setEventsClock(() => NOW);
    try {
      const burst = Array.from({ length: 25 }, (_, i) => {
        const fields = flattenWindowsEvent({
          System: {
            EventID: 4625,
            Channel: "Security",
            Computer: "WS-01",
            Provider: { "#attributes": { Name: "Microsoft-Windows-Security-Auditing" } },
          },
          EventData: { TargetUserName: "dave", IpAddress: `198.51.100.${i}` },
        });
        return normalize(fields, "{}", NOW, { time: NOW - DAY + i * 5000, host: "WS-01" });
      });
      await storeEvents(t.tenantId, burst);
      const [anomaly] = listAnomalies(t.tenantId);
      expect(anomaly).toMatchObject({ type: "failed-signin-burst", user: "dave" });
      const [alert] = expectRoutedAlerts(t, "logs");

      setAnomalyStatus(t.tenantId, anomaly!.id, "benign");
      expect(listAlerts(t.tenantId, 200, { source: "logs" })[0]).toMatchObject({ id: alert!.id, status: "resolved" });
      expect(alertTimeline(t.tenantId, alert!.id).map((e) => e.kind)).toContain("resolved");
      // The channel that heard of the alert hears that it was resolved.
      const resolved = channelDeliveries(t.tenantId, t.channelId, 200).filter(
        (o) => o.alertId === alert!.id && o.eventType === "alert.resolved",
      );
      expect(resolved).toHaveLength(1);

      setAnomalyStatus(t.tenantId, anomaly!.id, "acknowledged");
      expect(listAlerts(t.tenantId, 200, { source: "logs" })[0]).toMatchObject({ status: "acknowledged" });
      expect(alertTimeline(t.tenantId, alert!.id).map((e) => e.kind)).toEqual(
        expect.arrayContaining(["reopened", "acknowledged"]),
      );
    } finally {
      setEventsClock();
      unsubscribe();
    }
  });

  it("detection: a high-level Sigma rule matching an event", async () => {
    const t = await tenantWithRule();
    const yaml = [
      "title: Whoami Execution",
      "status: experimental",
      "logsource:",
      "  category: process_creation",
      "  product: windows",
      "detection:",
      "  selection:",
      "    Image|endswith: '\\whoami.exe'",
      "  condition: selection",
      "level: high",
      "",
    ].join("\n");
    const res = await settle(() =>
      detectionRulesAction({
        request: jsonReq("/api/detection/rules", { yaml }, { cookie: t.cookie }),
        params: {},
        context: {},
      }),
    );
    expect(res.status).toBe(201);
    const raw = {
      EventID: 1,
      Channel: "Microsoft-Windows-Sysmon/Operational",
      Computer: "ws-07",
      Image: "C:\\Windows\\System32\\whoami.exe",
      CommandLine: "whoami /all",
    };
    const event = fromJsonValue(raw, JSON.stringify(raw), Date.now());
    if (typeof event === "string") throw new Error(event);
    const unsubscribe = subscribeReactions(MODULES.filter((m) => m.name === "detection"));
    try {
      await storeEvents(t.tenantId, [event]);
    } finally {
      unsubscribe();
    }
    expectRoutedAlerts(t, "detection");
  });

  it("vulnerability: a dependency found vulnerable by a new advisory", async () => {
    const t = await tenantWithRule();
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: { "": { dependencies: { "alert-src-pkg": "*" } }, "node_modules/alert-src-pkg": { version: "1.2.3" } },
    });
    await scanUpload({
      tenantId: t.tenantId,
      userId: t.user.id,
      filename: "package-lock.json",
      content: lock,
      name: "api",
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osv-"));
    fs.writeFileSync(
      path.join(dir, "a.json"),
      JSON.stringify({
        schema_version: "1.6.0",
        id: "TEST-ALERT-SOURCES-1",
        modified: "2024-05-01T00:00:00Z",
        published: "2024-01-01T00:00:00Z",
        summary: "A test advisory",
        details: "details",
        severity: [{ type: "CVSS_V3", score: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H" }],
        affected: [
          {
            package: { ecosystem: "npm", name: "alert-src-pkg" },
            ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "1.0.0" }, { fixed: "1.3.0" }] }],
          },
        ],
      }),
    );
    await importOsvPath(dir);
    recheckAllProjects();
    const [alert] = expectRoutedAlerts(t, "dependencies");

    // Accepting the finding resolves its alert through the lifecycle: on the timeline, and the channel is told.
    const finding = listProjects(t.tenantId)[0]!.findings[0]!;
    setFindingStatus(t.tenantId, finding.id, "accepted", "patched in place");
    expect(listAlerts(t.tenantId, 200, { source: "dependencies" })[0]).toMatchObject({
      id: alert!.id,
      status: "resolved",
    });
    expect(alertTimeline(t.tenantId, alert!.id).map((e) => e.kind)).toContain("resolved");
    const told = channelDeliveries(t.tenantId, t.channelId, 200).filter(
      (o) => o.alertId === alert!.id && o.eventType === "alert.resolved",
    );
    expect(told).toHaveLength(1);
  });

  it("privacy: an overdue data subject request", async () => {
    const t = await tenantWithRule();
    const actor = { userId: t.user.id, label: t.user.email };
    createRequest(
      t.tenantId,
      {
        type: "access",
        jurisdiction: "gdpr",
        subjectName: "Ada Lovelace",
        subjectEmail: "ada@example.com",
        channel: "email",
        requestedAt: "2026-02-01",
      },
      actor,
      NOW,
    );
    expect(checkPrivacyDeadlines(t.tenantId, NOW)).toMatchObject({ overdue: 1, raised: 1 });
    expectRoutedAlerts(t, "privacy");
  });

  it("incident: a case past its acknowledgement target", async () => {
    const t = await tenantWithRule();
    setSlaTarget(t.tenantId, { severity: "critical", ackMinutes: 15, containMinutes: 60, resolveMinutes: 240 });
    createCase(t.tenantId, { title: "Ransomware", severity: "critical" }, { userId: t.user.id }, NOW);
    expect(checkSlaBreaches(t.tenantId, NOW + 16 * MIN)).toBe(1);
    expectRoutedAlerts(t, "incident-response");
  });
});
