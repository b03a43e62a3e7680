/**
 * Issue 31: the demo shows only what the product can do. Each demo page renders the real module screen, and every
 * figure the simulated data carries is a field that screen's real data has: a field only the demo had (a score the
 * product cannot compute) fails here at type-check time (`npx tsc -p .`), and the runtime check below fails when a
 * simulated record carries a key its type does not declare.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { IdentityListItem } from "~/modules/breach/components/identity-list";
import type { DashboardAlert, DashboardMetrics } from "~/modules/dashboard/components/dashboard-view";
import type {
  ComplianceControl,
  ComplianceFramework,
  ExecutiveAnalytics,
  ExecutiveMetrics,
} from "~/modules/executive/components/executive-view";
import type { PhishingListItemView } from "~/modules/phishing/types";
import {
  demoRecentAlerts,
  generateDemoData,
  type DemoAlert,
  type DemoAnalytics,
  type DemoCompliance,
  type DemoControl,
  type DemoExecutiveMetrics,
  type DemoIdentity,
  type DemoMetrics,
  type DemoPhishingItem,
} from "./generator";

/** Keys the demo has and the real screen's data does not: must be none. */
type DemoOnly<Demo, Real> = Exclude<keyof Demo, keyof Real>;

// The keys each real screen reads, spelled out so the runtime check can compare (kept equal to the types by tsc).
const REAL_KEYS = {
  metrics: [
    "securityScore",
    "activeThreats",
    "resolvedIssues",
    "darkWebHits",
    "phishingDetected",
    "anomaliesCount",
  ] satisfies (keyof DashboardMetrics)[],
  executiveMetrics: [
    "overallRiskScore",
    "riskTrend",
    "criticalFindings",
    "highSeverityFindings",
    "complianceScore",
    "securityPostureScore",
    "averageResponseTime",
    "averageAcknowledgeTime",
    "openFindings",
    "activeThreats",
    "toolsReplaced",
    "hoursSavedMonthly",
  ] satisfies (keyof ExecutiveMetrics)[],
  analytics: [
    "toolsReplaced",
    "hoursSavedMonthly",
    "costSavings",
    "securityIncidents",
    "incidentsResolved",
  ] satisfies (keyof ExecutiveAnalytics)[],
};

describe("the demo's figures are the real screens' fields", () => {
  it("declares no field the real screens lack", () => {
    expectTypeOf<DemoOnly<DemoMetrics, DashboardMetrics>>().toEqualTypeOf<never>();
    expectTypeOf<DemoOnly<DemoExecutiveMetrics, ExecutiveMetrics>>().toEqualTypeOf<never>();
    expectTypeOf<DemoOnly<DemoAnalytics, ExecutiveAnalytics>>().toEqualTypeOf<never>();
    expectTypeOf<DemoOnly<DemoCompliance, ComplianceFramework>>().toEqualTypeOf<never>();
    expectTypeOf<DemoOnly<DemoControl, ComplianceControl>>().toEqualTypeOf<never>();
    expectTypeOf<DemoOnly<DemoIdentity, IdentityListItem>>().toEqualTypeOf<never>();
    expectTypeOf<DemoOnly<DemoPhishingItem, PhishingListItemView>>().toEqualTypeOf<never>();
    expectTypeOf<DemoOnly<DemoAlert, DashboardAlert>>().toEqualTypeOf<never>();
  });

  it("generates no field the real screens lack", () => {
    const data = generateDemoData();
    const extra = (obj: object, real: readonly string[]) => Object.keys(obj).filter((k) => !real.includes(k));
    expect(extra(data.metrics, REAL_KEYS.metrics)).toEqual([]);
    expect(extra(data.executiveMetrics, REAL_KEYS.executiveMetrics)).toEqual([]);
    expect(extra(data.analytics, REAL_KEYS.analytics)).toEqual([]);
    expect(demoRecentAlerts(data).length).toBeGreaterThan(0);
  });
});
