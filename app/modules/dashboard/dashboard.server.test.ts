import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { phishingItems, watchedIdentities, breaches, exposures } from "@db/schema";
import { db } from "~/lib/db.server";
import { raiseAlert } from "~/modules/alerts";
import { createUser } from "~/modules/accounts/accounts.server";
import { dashboardData, dashboardMetrics } from "./dashboard.server";
import { achievements, analytics, recommendations } from "./insights.server";

async function tenant() {
  return (await createUser(`d-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase for tests")).tenantId;
}

function addPhishing(
  tenantId: string,
  risk: "low" | "medium" | "high",
  status: "detected" | "quarantined" = "detected",
  subject = randomUUID(),
) {
  db.insert(phishingItems)
    .values({
      id: randomUUID(),
      tenantId,
      subject,
      sender: "a@example.com",
      risk,
      score: 50,
      status,
      rationale: [],
      analysis: {},
    })
    .run();
}

function watchWithExposure(tenantId: string) {
  const identity = randomUUID();
  const breach = randomUUID();
  db.insert(watchedIdentities)
    .values({ id: identity, tenantId, type: "email", value: `${identity}@example.com`, domain: "example.com" })
    .run();
  db.insert(breaches)
    .values({
      id: breach,
      name: breach,
      title: "Example",
      breachDate: "2024-01-01",
      addedDate: "2024-01-01",
      dataClasses: [],
    })
    .run();
  db.insert(exposures).values({ id: randomUUID(), tenantId, identityId: identity, breachId: breach }).run();
}

describe("dashboard figures from the posture model", () => {
  it("a new organization is not assessed: no score, no trend, zero counts", async () => {
    const t = await tenant();
    expect(dashboardMetrics(t)).toEqual({
      securityScore: null,
      activeThreats: 0,
      resolvedIssues: 0,
      darkWebHits: 0,
      phishingDetected: 0,
      anomaliesCount: 0,
    });
    expect(dashboardData(t).riskTrend).toEqual([]);
  });

  it("catching phishing never lowers the score; quarantine closes the finding", async () => {
    const t = await tenant();
    addPhishing(t, "low");
    expect(dashboardMetrics(t).securityScore).toBe(100);
    addPhishing(t, "high");
    addPhishing(t, "medium");
    expect(dashboardMetrics(t)).toMatchObject({ securityScore: 100, phishingDetected: 2, resolvedIssues: 0 });
    expect(dashboardData(t).findingsBySeverity).toEqual({ critical: 0, high: 1, medium: 1, low: 0 });
    // Assessed since today: one trend point, none for the days before the first analysis.
    expect(dashboardData(t).riskTrend).toHaveLength(1);
    expect(dashboardData(t).riskTrend.at(-1)!.score).toBe(0);
  });

  it("an open exposure costs the dark web action's points: 5 of 15 points achieved", async () => {
    const t = await tenant();
    addPhishing(t, "low");
    watchWithExposure(t);
    // Phishing 5/5, dark web 0/10 (one exposure, open).
    expect(dashboardMetrics(t).securityScore).toBe(33);
    expect(dashboardMetrics(t).darkWebHits).toBe(1);
  });

  it("keeps tenants apart", async () => {
    const a = await tenant();
    const b = await tenant();
    raiseAlert({ tenantId: a, source: "test", severity: "high", title: "only a" });
    expect(dashboardMetrics(b).activeThreats).toBe(0);
    expect(dashboardMetrics(a).activeThreats).toBe(1);
  });

  it("ranks recommendations from the posture; derives achievements and analytics from activity", async () => {
    const t = await tenant();
    // Nothing assessed: each recommendation is a module to start using, worth no points yet.
    expect(recommendations(t).every((r) => r.points === 0 && r.id.startsWith("assess-"))).toBe(true);
    watchWithExposure(t);
    const top = recommendations(t)[0];
    expect(top).toMatchObject({ id: "resolve-exposures", points: 10, href: "/dark-web-monitoring" });
    expect(top.why).toBe("1 open, 0 resolved of 1 finding. Open: “Exposed in the Example breach”.");
    for (let i = 0; i < 12; i++) addPhishing(t, "low");
    expect(achievements(t, "enterprise").find((a) => a.id === "ten-analyses")).toMatchObject({
      achieved: true,
      progress: 10,
      goal: 10,
    });
    // 12 messages × 10 min + 1 identity watched × 5 + 1 exposure found × 15 = 140 min (the executive minute table).
    expect(analytics(t)).toEqual({
      toolsReplaced: 2,
      hoursSavedMonthly: 2.3,
      costSavings: null,
      securityIncidents: 0,
      incidentsResolved: 0,
    });
  });
});
