// Tenant data is never stored by a browser or proxy (issue 10 §6): every authenticated API answer is
// `private, no-store` unless its route says otherwise. The routes the review listed, called directly.
import { describe, expect, it } from "vitest";
import * as dashboard from "./api.dashboard";
import * as dashboardData from "./api.dashboard.data";
import * as alertsActive from "./api.alerts.active";
import * as analytics from "./api.analytics";
import * as achievements from "./api.achievements";
import * as recommendations from "./api.recommendations";
import * as usageWarnings from "./api.usage.warnings";
import * as trialStatus from "./api.trial.status";
import * as userPlan from "./api.user.plan";
import * as tenants from "./api.tenants";
import * as phishingItems from "./api.phishing.items";
import * as darkWebExposures from "./api.dark-web.exposures";
import { req, settle, signedInUser } from "../../tests/unit/helpers";

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

const ROUTES: [string, Loader][] = [
  ["/api/dashboard", dashboard.loader as Loader],
  ["/api/dashboard/data", dashboardData.loader as Loader],
  ["/api/alerts/active", alertsActive.loader as Loader],
  ["/api/analytics", analytics.loader as Loader],
  ["/api/achievements", achievements.loader as Loader],
  ["/api/recommendations", recommendations.loader as Loader],
  ["/api/usage/warnings", usageWarnings.loader as Loader],
  ["/api/trial/status", trialStatus.loader as Loader],
  ["/api/user/plan", userPlan.loader as Loader],
  ["/api/tenants", tenants.loader as Loader],
  ["/api/phishing/items", phishingItems.loader as Loader],
  ["/api/dark-web/exposures", darkWebExposures.loader as Loader],
];

describe("authenticated API answers are private, no-store", () => {
  it.each(ROUTES)("%s", async (path, loader) => {
    const a = await signedInUser();
    const res = await settle(() => loader({ request: req(path, { cookie: a.cookie }), params: {}, context: {} }));
    expect(res.status).toBe(200);
    const cc = res.headers.get("Cache-Control") ?? "";
    expect(cc).toContain("no-store");
    expect(cc).not.toMatch(/public|max-age=[1-9]/);
  });
});
