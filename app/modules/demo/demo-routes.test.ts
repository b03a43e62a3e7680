// The demo routes' loaders: public (no session needed), fed by the generator,
// and the phishing filters behave as on the real /phishing page.
import { describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/demo.dashboard";
import { loader as darkWebLoader } from "~/routes/demo.dark-web";
import { loader as executiveLoader } from "~/routes/demo.executive";
import { loader as phishingLoader } from "~/routes/demo.phishing";
import { loader as layoutLoader } from "~/routes/demo";
import { DEMO_BANNER_TEXT, DEMO_PAGES } from "./pages";

const req = (path: string) => new Request(`http://localhost${path}`);
const args = (path: string) => ({ request: req(path), params: {}, context: {} });

describe("demo routes", () => {
  it("have the exact banner wording and the five spec paths", () => {
    expect(DEMO_BANNER_TEXT).toBe("DEMO MODE — simulated data, no real PII");
    expect(DEMO_PAGES.map((p) => p.path)).toEqual([
      "/demo",
      "/demo/dashboard",
      "/demo/dark-web",
      "/demo/phishing",
      "/demo/executive",
    ]);
  });

  it("serve signed-out visitors without a redirect", async () => {
    const layout = await layoutLoader(args("/demo/dashboard"));
    expect(layout.signedIn).toBe(false);
    expect(layout.origin).toBe("http://localhost");
  });

  it("feed the dashboard screen with the spec's security score of 87 and every severity", () => {
    const data = dashboardLoader();
    expect(data.metrics.securityScore).toBe(87);
    expect(data.findingsBySeverity.map((f) => f.severity)).toEqual(["high", "medium", "low"]);
    expect(data.riskTrend.length).toBeGreaterThan(2);
    expect(data.recentAlerts.length).toBeGreaterThan(0);
  });

  it("feed the executive screen with HIPAA at 94", () => {
    const data = executiveLoader();
    expect(data.compliance.find((c) => c.framework.startsWith("HIPAA"))?.score).toBe(94);
    expect(data.analytics.hoursSavedMonthly).toBe(data.executiveMetrics.hoursSavedMonthly);
  });

  it("list breached and clean identities for the dark web screen", () => {
    const { identities } = darkWebLoader();
    expect(new Set(identities.map((i) => i.status))).toEqual(new Set(["breached", "clean"]));
  });

  it("filter phishing items by risk and status from the query, ignoring unknown values", () => {
    const all = phishingLoader(args("/demo/phishing")).items;
    const high = phishingLoader(args("/demo/phishing?risk=high"));
    expect(high.risk).toBe("high");
    expect(high.items.length).toBeGreaterThan(0);
    expect(high.items.every((p) => p.risk === "high")).toBe(true);
    const q = phishingLoader(args("/demo/phishing?status=quarantined&risk=medium"));
    expect(q.items.every((p) => p.status === "quarantined" && p.risk === "medium")).toBe(true);
    const bogus = phishingLoader(args("/demo/phishing?risk=<script>"));
    expect(bogus.risk).toBeNull();
    expect(bogus.items).toHaveLength(all.length);
  });
});
