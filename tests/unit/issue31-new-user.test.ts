// Issue 31's new user, replayed through the real entry points: the same PayPal spoof analysed twice and a variant
// once, one SSH brute-force burst ingested as syslog, one case opened, two privacy requests logged. The issue saw
// "active threats 5, open findings 7, phishing detected 3, 2 anomalies, incidents resolved 1 of 9, was 0 in 11-14"
// and a score that fell each time phishing was caught. Each surface must now say what the data says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAlerts } from "~/modules/alerts";
import { ingestEvents } from "~/modules/events";
import { createCase, updateCase } from "~/modules/incidents";
import { analyzeAndStore } from "~/modules/phishing/phishing.server";
import { createRequest } from "~/modules/privacy/requests.server";
import { subscribeReactions } from "~/modules/registry.server";
import { setTenantPlan } from "~/modules/tenants";
import { loader as dashboardPage } from "~/routes/_app.dashboard";
import { loader as executivePage } from "~/routes/_app.executive";
import { loader as apiDashboard } from "~/routes/api.dashboard";
import { loader as apiRecommendations } from "~/routes/api.recommendations";
import { req, settle, signedInUser } from "./helpers";

const noDns = async () => {
  throw Object.assign(new Error("no DNS in this test"), { code: "ENOTFOUND" });
};

const spoof = (subject: string, id: string) =>
  [
    "Received: from mail.paypa1-secure.test (mail.paypa1-secure.test [198.51.100.23]) by mx.example.com",
    'From: "PayPal" <service@paypa1-secure.test>',
    "To: you@example.com",
    `Subject: ${subject}`,
    "Date: Fri, 27 Nov 2026 09:00:00 +0000",
    `Message-ID: <${id}@paypa1-secure.test>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Your account has been limited. Verify your identity within 24 hours at http://paypa1-secure.test/login",
    "or your account will be permanently closed.",
    "",
  ].join("\r\n");

function sshBurst(now: Date): string {
  const stamp = (i: number) => {
    const d = new Date(now.getTime() - 10 * 60_000 + i * 2_000);
    return d.toISOString();
  };
  return Array.from(
    { length: 14 },
    (_, i) => `<38>1 ${stamp(i)} bastion sshd 4242 - - Failed password for root from 203.0.113.9 port 5${i}022 ssh2`,
  ).join("\n");
}

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
async function load(loader: Loader, path: string, cookie: string) {
  const res = await settle(() => loader({ request: req(path, { cookie }), params: {}, context: {} }));
  expect(res.status, path).toBe(200);
  return res.json();
}

describe("issue 31's new user", () => {
  // The modules' reactions (anomaly detection on stored events) run as they do in the server.
  let unsubscribe: () => void;
  beforeAll(() => {
    unsubscribe = subscribeReactions();
  });
  afterAll(() => unsubscribe());

  it("counts each thing once, and catching phishing never lowers the score", async () => {
    const { tenantId, cookie, user } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const actor = { userId: user.id, label: user.email };

    createRequest(
      tenantId,
      { type: "access", jurisdiction: "gdpr", subjectName: "Ada", subjectEmail: "ada@example.com", channel: "email" },
      actor,
    );
    createRequest(
      tenantId,
      {
        type: "deletion",
        jurisdiction: "gdpr",
        subjectName: "Grace",
        subjectEmail: "grace@example.com",
        channel: "email",
      },
      actor,
    );
    createCase(tenantId, { title: "SSH brute force on the bastion", severity: "high" }, actor);
    const ingested = await ingestEvents(tenantId, "syslog", sshBurst(new Date()), { plan: "business" });
    expect(ingested.ok && ingested.accepted).toBe(14);
    const before = (await load(apiDashboard as Loader, "/api/dashboard", cookie)).metrics.securityScore;

    const first = await analyzeAndStore({
      tenantId,
      userId: user.id,
      raw: spoof("Account limited", "a1"),
      resolver: noDns,
    });
    const again = await analyzeAndStore({
      tenantId,
      userId: user.id,
      raw: spoof("Account limited", "a1"),
      resolver: noDns,
    });
    await analyzeAndStore({ tenantId, userId: user.id, raw: spoof("Account limited (2)", "a2"), resolver: noDns });
    // Re-analysing the same message is recognised: one stored row, one alert seen twice.
    expect(again.id).toBe(first.id);
    const phishingAlerts = listAlerts(tenantId).filter((a) => a.source === "phishing");
    expect(phishingAlerts).toHaveLength(2);
    expect(phishingAlerts.map((a) => a.occurrences).sort()).toEqual([1, 2]);

    const dashboard = await load(dashboardPage as Loader, "/dashboard", cookie);
    const executive = await load(executivePage as Loader, "/executive", cookie);
    const api = await load(apiDashboard as Loader, "/api/dashboard", cookie);
    const m = dashboard.data.metrics;
    expect(m.phishingDetected).toBe(2);
    expect(m.anomaliesCount).toBe(1);
    // Catching phishing is a good thing: the score does not fall for it.
    expect(before).not.toBeNull();
    expect(m.securityScore).toBeGreaterThanOrEqual(before);
    // Incidents are the cases: one, none resolved (not "1 of 9" counted from alerts).
    expect(executive.analytics.securityIncidents).toBe(1);
    expect(executive.analytics.incidentsResolved).toBe(0);
    // Every surface agrees on the score and the active threats.
    expect(executive.executiveMetrics.securityPostureScore).toBe(m.securityScore);
    expect(api.metrics.securityScore).toBe(m.securityScore);
    expect(executive.executiveMetrics.activeThreats).toBe(m.activeThreats);
    expect(api.metrics.activeThreats).toBe(m.activeThreats);
    // Active threats are the open alerts, each source object once: two messages and one burst.
    expect(m.activeThreats).toBe(listAlerts(tenantId).filter((a) => a.status === "active").length);
    expect(m.activeThreats).toBe(3);
    // Each module the score covers is named once ("Vulnerability Scan (websites)" beside its dependencies).
    const labels = (dashboard.coverage as { label: string }[]).map((c) => c.label);
    expect(new Set(labels).size).toBe(labels.length);
    // A trend starts when the account does: no point before it existed.
    for (const p of executive.executiveMetrics.riskTrend as { date?: string; label: string }[])
      expect(p.label).not.toMatch(/was 0/);
  });

  it("recommends the open case by name with its points, and drops the action once the case is resolved", async () => {
    const { tenantId, cookie, user } = await signedInUser();
    setTenantPlan(tenantId, "business");
    const actor = { userId: user.id };
    const c = createCase(tenantId, { title: "SSH brute force on the bastion", severity: "high" }, actor);
    type Rec = { id: string; points: number; why: string; href: string };
    const recs = async () =>
      (await load(apiRecommendations as Loader, "/api/recommendations", cookie)).recommendations as Rec[];

    const open = (await recs()).find((r) => r.id === "resolve-cases");
    expect(open).toMatchObject({ points: 10, href: "/incident-response?status=open" });
    expect(open!.why).toContain("Open: “IR-1: SSH brute force on the bastion”");

    for (const status of ["investigating", "contained", "resolved"] as const)
      updateCase(tenantId, c.id, { status }, actor);
    expect((await recs()).map((r) => r.id)).not.toContain("resolve-cases");
  });
});
