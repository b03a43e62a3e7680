// Spec §6 (feature matrix, lowest-plan text), §4 (effective plan), §9 (organization limits), §3 (display names).
import { describe, expect, it } from "vitest";
import {
  FEATURES,
  PLANS,
  displayTenantName,
  effectivePlan,
  featuresNewIn,
  hasFeature,
  lowestPlanWith,
  organizationAllowance,
  upgradeRequiredText,
  type Feature,
  type Plan,
} from "./plans";

// The matrix written out from the spec's words, independently of plans.ts.
const FREE = ["dashboard", "darkWebMonitoring", "phishingAnalyzer", "privacyGuard", "vulnerabilityScanning"];
const PRO = [
  ...FREE,
  "passwordAnalyzer",
  "usageAnalytics",
  "securityMonitoring",
  "securityAlerts",
  "endpointSecurity",
  "aiRecommendations",
  "realtimeAlerts",
];
const SPEC_FEATURES = [
  "dashboard",
  "darkWebMonitoring",
  "phishingAnalyzer",
  "privacyGuard",
  "vulnerabilityScanning",
  "passwordAnalyzer",
  "logsAnomalies",
  "usageAnalytics",
  "securityMonitoring",
  "securityAlerts",
  "endpointSecurity",
  "threatHunting",
  "incidentResponse",
  "executiveDashboard",
  "adminDashboard",
  "aiRecommendations",
  "realtimeAlerts",
  "apiAccess",
  "ssoSupport",
  "teamMonitoring",
  "customIntegrations",
  "premiumSupport",
  "multiAccountManagement",
];
const expected: Record<Plan, (f: string) => boolean> = {
  free: (f) => FREE.includes(f),
  pro: (f) => PRO.includes(f),
  business: (f) => f !== "multiAccountManagement",
  enterprise: () => true,
};
const SPEC_LOWEST: Record<string, string> = Object.fromEntries(
  SPEC_FEATURES.map((f) => [
    f,
    FREE.includes(f) ? "Free" : PRO.includes(f) ? "Pro" : f === "multiAccountManagement" ? "Enterprise" : "Business",
  ]),
);

describe("feature matrix (docs/product.md §6)", () => {
  it("names exactly the spec's 23 features", () => {
    expect([...FEATURES].sort()).toEqual([...SPEC_FEATURES].sort());
  });

  for (const plan of ["free", "pro", "business", "enterprise"] as const) {
    for (const feature of SPEC_FEATURES) {
      it(`${plan} ${expected[plan](feature) ? "has" : "lacks"} ${feature}`, () => {
        expect(hasFeature(plan, feature as Feature)).toBe(expected[plan](feature));
      });
    }
  }

  for (const feature of SPEC_FEATURES) {
    it(`${feature}: 'This feature requires ${SPEC_LOWEST[feature]} plan or higher'`, () => {
      expect(upgradeRequiredText(feature as Feature)).toBe(
        `This feature requires ${SPEC_LOWEST[feature]} plan or higher`,
      );
      expect(lowestPlanWith(feature as Feature)).toBe(SPEC_LOWEST[feature].toLowerCase());
    });
  }

  it("plans are ordered free < pro < business < enterprise", () => {
    expect([...PLANS]).toEqual(["free", "pro", "business", "enterprise"]);
  });

  it("what each plan adds: the pricing cards' lists, which together name every feature once", () => {
    expect(featuresNewIn("free")).toEqual(FREE);
    expect(featuresNewIn("pro")).toEqual(PRO.filter((f) => !FREE.includes(f)));
    expect(featuresNewIn("enterprise")).toEqual(["multiAccountManagement"]);
    expect(featuresNewIn("business")).toHaveLength(SPEC_FEATURES.length - PRO.length - 1);
    expect(PLANS.flatMap(featuresNewIn).sort()).toEqual([...SPEC_FEATURES].sort());
  });
});

describe("effective plan (docs/product.md §4)", () => {
  it("an active trial raises any plan to enterprise", () => {
    for (const p of PLANS) expect(effectivePlan(p, "active")).toBe("enterprise");
  });
  it("otherwise the tenant's plan applies", () => {
    for (const p of PLANS) {
      expect(effectivePlan(p, "none")).toBe(p);
      expect(effectivePlan(p, "expired")).toBe(p);
      expect(effectivePlan(p, null)).toBe(p);
    }
  });
  it("free by default", () => {
    expect(effectivePlan(null, null)).toBe("free");
    expect(effectivePlan(undefined, "none")).toBe("free");
    expect(effectivePlan("platinum" as Plan, "none")).toBe("free");
  });
});

describe("organization allowance (docs/product.md §9)", () => {
  it("free: 1 organization, then the Pro upgrade message", () => {
    expect(organizationAllowance("free", 0)).toMatchObject({ label: "Organizations: 0/1", reached: false, limit: 1 });
    expect(organizationAllowance("free", 1)).toMatchObject({
      label: "Organizations: 1/1",
      reached: true,
      upgradeMessage: "Upgrade to Pro to create up to 3 organizations",
    });
  });
  it("pro: 3 organizations, then the Enterprise upgrade message", () => {
    expect(organizationAllowance("pro", 2)).toMatchObject({ label: "Organizations: 2/3", reached: false });
    expect(organizationAllowance("pro", 3)).toMatchObject({
      label: "Organizations: 3/3",
      reached: true,
      upgradeMessage: "Upgrade to Enterprise for unlimited organizations",
    });
  });
  it("business and enterprise: unlimited, shown as ∞", () => {
    for (const p of ["business", "enterprise"] as const) {
      expect(organizationAllowance(p, 250)).toMatchObject({
        label: "Organizations: 250/∞",
        reached: false,
        limit: null,
      });
    }
  });
});

describe("display name (docs/product.md §3)", () => {
  it.each([
    ["Acme (Pro)", "Acme"],
    ["Acme (Enterprise)", "Acme"],
    ["Acme (business) ", "Acme"],
    ["Acme", "Acme"],
    ["Acme (Europe)", "Acme (Europe)"],
    ["(Pro)", "(Pro)"],
  ])("%j shows %j", (name, shown) => {
    expect(displayTenantName(name)).toBe(shown);
  });
});
