// The one route table (docs/product.md §2): features, teasers, sidebar order and labels.
import { describe, expect, it } from "vitest";
import { APP_ROUTES, TEASER_PATHS, appRoute, sidebarRoutes } from "./app-routes";

const SPEC_FEATURE: Record<string, string | null> = {
  "/dashboard": null,
  "/dark-web-monitoring": null,
  "/phishing": null,
  "/phishing-enhanced": null,
  "/password": "passwordAnalyzer",
  "/ai-recommendations": "aiRecommendations",
  "/privacy": null,
  "/vulnerability": null,
  "/logs": "logsAnomalies",
  "/security": "securityMonitoring",
  "/usage": "usageAnalytics",
  "/alerts": "securityAlerts",
  "/executive": "executiveDashboard",
  "/threat-hunting": "threatHunting",
  "/incident-response": "incidentResponse",
  "/training-management": "teamMonitoring",
  "/emergency-access": "teamMonitoring",
  "/compliance-monitoring": "teamMonitoring",
  "/zero-trust": "teamMonitoring",
  "/cloud-security": "teamMonitoring",
  "/siem-soar": "teamMonitoring",
  "/network-security": "teamMonitoring",
  "/settings": null,
};

describe("route table (docs/product.md §2)", () => {
  it.each(Object.entries(SPEC_FEATURE))("%s needs %s", (path, feature) => {
    expect(appRoute(path).feature).toBe(feature);
    expect(appRoute(path).shell).toBe(true);
  });

  it("/endpoint-security needs endpointSecurity and, as a sidebar item, keeps the sidebar (issue 32)", () => {
    expect(appRoute("/endpoint-security")).toMatchObject({ shell: true, sidebar: true, feature: "endpointSecurity" });
  });

  it("has the spec's 13 teaser paths", () => {
    expect([...TEASER_PATHS].sort()).toEqual(
      [
        "/phishing",
        "/emergency-access",
        "/compliance-monitoring",
        "/training-management",
        "/incident-response",
        "/executive",
        "/password",
        "/privacy",
        "/vulnerability",
        "/logs",
        "/security",
        "/cloud-security",
        "/security-operations",
      ].sort(),
    );
    for (const r of APP_ROUTES) expect(r.teaser, r.path).toBe(TEASER_PATHS.includes(r.path));
  });

  it("the sidebar shows the spec's labels in the spec's order", () => {
    expect(sidebarRoutes().map((r) => r.label)).toEqual([
      "Dashboard",
      "Dark Web Monitoring",
      "Phishing Analyzer",
      "Password Analyzer",
      "Privacy Guard",
      "Vulnerability Scan",
      "Logs & Anomalies",
      "Usage Analytics",
      "Security Monitoring",
      "Endpoint Security",
      "Security Alerts",
      "AI Recommendations",
      "Threat Hunting",
      "Incident Response",
      "Executive Dashboard",
      "Training Management",
      "Emergency Access",
      "Compliance",
      "Settings",
    ]);
  });

  it("an unknown path is a programming error", () => {
    expect(() => appRoute("/nope")).toThrow(/No app route/);
  });
});
