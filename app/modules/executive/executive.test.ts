import { describe, expect, it } from "vitest";
import { loader } from "~/routes/_app.executive";
import { raiseAlert } from "~/modules/alerts";
import { createCase, updateCase } from "~/modules/incidents/cases.server";
import { setTenantPlan } from "~/modules/tenants";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

async function load(cookie: string) {
  const res = await settle(() => loader({ request: req("/executive", { cookie }), params: {}, context: {} }));
  return { status: res.status, body: await res.json() };
}

describe("/executive for a signed-in organization", () => {
  it("shows figures from the posture model and cases, and says what is not assessed instead of inventing it", async () => {
    const { tenantId, cookie, user } = await signedInUser();
    setTenantPlan(tenantId, "business");

    const empty = await load(cookie);
    expect(empty.status).toBe(200);
    expect(empty.body.executiveMetrics).toMatchObject({
      overallRiskScore: null,
      securityPostureScore: null,
      criticalFindings: 0,
      complianceScore: null,
      averageResponseTime: null,
      riskTrend: [],
    });
    expect(empty.body.compliance).toEqual([]);
    expect(empty.body.analytics).toMatchObject({ costSavings: null, securityIncidents: 0, incidentsResolved: 0 });

    // Alerts are not incidents: two alerts and no case leave the incident figures at zero.
    raiseAlert({ tenantId, source: "test", severity: "critical", title: "Critical alert", dedupeKey: "exec-1" });
    raiseAlert({ tenantId, source: "test", severity: "high", title: "High alert", dedupeKey: "exec-2" });
    expect((await load(cookie)).body.analytics).toMatchObject({ securityIncidents: 0, incidentsResolved: 0 });

    const actor = { userId: user.id };
    const critical = createCase(tenantId, { title: "Ransomware", severity: "critical" }, actor);
    createCase(tenantId, { title: "Phish clicked", severity: "high" }, actor);
    const open = await load(cookie);
    expect(open.body.executiveMetrics.criticalFindings).toBe(1);
    expect(open.body.executiveMetrics.highSeverityFindings).toBe(1);
    expect(open.body.executiveMetrics.securityPostureScore).toBe(0);
    expect(open.body.executiveMetrics.overallRiskScore).toBe(100);
    // Assessed since today: one point, never a "was 0" from before.
    expect(open.body.executiveMetrics.riskTrend).toHaveLength(1);

    for (const status of ["investigating", "contained", "resolved"] as const)
      updateCase(tenantId, critical.id, { status }, actor);
    const resolved = await load(cookie);
    expect(resolved.body.executiveMetrics.criticalFindings).toBe(0);
    expect(resolved.body.executiveMetrics.averageResponseTime).toBeTypeOf("number");
    expect(resolved.body.executiveMetrics.averageAcknowledgeTime).toBeTypeOf("number");
    expect(resolved.body.analytics).toMatchObject({ securityIncidents: 2, incidentsResolved: 1 });
    expect(resolved.body.executiveMetrics.securityPostureScore).toBe(50);
  });

  it("answers 403 with the upgrade wording and none of the figures below business", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "pro");
    const res = await settle(() => loader({ request: req("/executive", { cookie }), params: {}, context: {} }));
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("overallRiskScore");
  });
});
