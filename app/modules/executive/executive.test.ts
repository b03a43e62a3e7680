import { describe, expect, it } from "vitest";
import { loader } from "~/routes/_app.executive";
import { raiseAlert, setAlertStatus } from "~/modules/alerts";
import { setTenantPlan } from "~/modules/tenants";
import { req, settle, signedInUser } from "../../../tests/unit/helpers";

async function load(cookie: string) {
  const res = await settle(() => loader({ request: req("/executive", { cookie }), params: {}, context: {} }));
  return { status: res.status, body: await res.json() };
}

describe("/executive for a signed-in organization", () => {
  it("shows figures computed from the tenant's alerts, and says what is not tracked instead of inventing it", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "business");

    const empty = await load(cookie);
    expect(empty.status).toBe(200);
    expect(empty.body.executiveMetrics).toMatchObject({
      overallRiskScore: 0,
      securityPostureScore: 100,
      criticalFindings: 0,
      complianceScore: null,
      averageResponseTime: null,
    });
    expect(empty.body.compliance).toEqual([]);
    expect(empty.body.analytics).toMatchObject({ costSavings: null, securityIncidents: 0, incidentsResolved: 0 });

    const critical = raiseAlert({
      tenantId,
      source: "test",
      severity: "critical",
      title: "Critical finding",
      dedupeKey: "exec-1",
    });
    raiseAlert({ tenantId, source: "test", severity: "high", title: "High finding", dedupeKey: "exec-2" });
    const open = await load(cookie);
    expect(open.body.executiveMetrics.criticalFindings).toBe(1);
    expect(open.body.executiveMetrics.highSeverityFindings).toBe(1);
    expect(open.body.executiveMetrics.overallRiskScore).toBeGreaterThan(0);
    expect(open.body.executiveMetrics.riskTrend).toHaveLength(14);

    expect(setAlertStatus(tenantId, critical!, "resolved")).toBe(true);
    const resolved = await load(cookie);
    expect(resolved.body.executiveMetrics.criticalFindings).toBe(0);
    expect(resolved.body.executiveMetrics.averageResponseTime).toBeTypeOf("number");
    expect(resolved.body.analytics).toMatchObject({ securityIncidents: 2, incidentsResolved: 1 });
  });

  it("answers 403 with the upgrade wording and none of the figures below business", async () => {
    const { tenantId, cookie } = await signedInUser();
    setTenantPlan(tenantId, "pro");
    const res = await settle(() => loader({ request: req("/executive", { cookie }), params: {}, context: {} }));
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("overallRiskScore");
  });
});
