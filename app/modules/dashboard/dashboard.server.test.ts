import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { phishingItems } from "@db/schema";
import { db } from "~/lib/db.server";
import { raiseAlert, setAlertStatus } from "~/modules/alerts";
import { createUser } from "~/modules/accounts/accounts.server";
import { dashboardData, dashboardMetrics, securityScore } from "./dashboard.server";
import { achievements, analytics, recommendations } from "./insights.server";

async function tenant() {
  return (await createUser(`d-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase for tests")).tenantId;
}

function addPhishing(
  tenantId: string,
  risk: "low" | "medium" | "high",
  status: "detected" | "quarantined" = "detected",
) {
  db.insert(phishingItems)
    .values({
      id: randomUUID(),
      tenantId,
      subject: "s",
      sender: "a@example.com",
      risk,
      score: 50,
      status,
      rationale: [],
      analysis: {},
    })
    .run();
}

describe("dashboard figures from stored data", () => {
  it("starts at zero with a perfect score", async () => {
    const t = await tenant();
    expect(dashboardMetrics(t)).toEqual({
      securityScore: 100,
      activeThreats: 0,
      resolvedIssues: 0,
      darkWebHits: 0,
      phishingDetected: 0,
      anomaliesCount: 0,
    });
    expect(dashboardData(t).riskTrend).toHaveLength(14);
    expect(dashboardData(t).riskTrend.every((p) => p.score === 0)).toBe(true);
  });

  it("weights open findings by severity and counts resolutions", async () => {
    const t = await tenant();
    const high = raiseAlert({ tenantId: t, source: "test", severity: "high", title: "h", dedupeKey: "h" })!;
    raiseAlert({ tenantId: t, source: "test", severity: "critical", title: "c", dedupeKey: "c" });
    addPhishing(t, "medium");
    addPhishing(t, "high", "quarantined");
    addPhishing(t, "low");
    // critical 15 + high 8 + medium 3
    expect(dashboardMetrics(t).securityScore).toBe(100 - 15 - 8 - 3);
    expect(dashboardMetrics(t).phishingDetected).toBe(2);
    setAlertStatus(t, high, "resolved");
    const m = dashboardMetrics(t);
    expect(m.securityScore).toBe(100 - 15 - 3);
    expect(m.activeThreats).toBe(1);
    expect(m.resolvedIssues).toBe(2); // the resolved alert and the quarantined message
    expect(dashboardData(t).riskTrend.at(-1)!.score).toBe(15 + 3);
  });

  it("never goes below zero", () => {
    expect(securityScore({ critical: 10, high: 0, medium: 0, low: 0 })).toBe(0);
  });

  it("keeps tenants apart", async () => {
    const a = await tenant();
    const b = await tenant();
    raiseAlert({ tenantId: a, source: "test", severity: "high", title: "only a" });
    expect(dashboardMetrics(b).activeThreats).toBe(0);
    expect(dashboardMetrics(a).activeThreats).toBe(1);
  });

  it("derives recommendations, achievements and analytics from activity", async () => {
    const t = await tenant();
    expect(recommendations(t).map((r) => r.id)).toEqual(["watch-identities", "analyze-phishing"]);
    for (let i = 0; i < 12; i++) addPhishing(t, "low");
    expect(achievements(t).find((a) => a.id === "ten-analyses")).toMatchObject({
      achieved: true,
      progress: 10,
      goal: 10,
    });
    expect(analytics(t)).toEqual({
      toolsReplaced: 1,
      hoursSavedMonthly: 2,
      costSavings: null,
      securityIncidents: 0,
      incidentsResolved: 0,
    });
  });
});
