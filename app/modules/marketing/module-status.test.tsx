/**
 * The public pages say which modules work today, from the route table alone:
 * rendered with the real table, a module in development is never described
 * as working; rendered with every module marked built, the same pages switch
 * to the present tense without anyone editing them.
 */
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_ROUTES, appRoute } from "~/lib/app-routes";
import { FEATURES } from "~/lib/plans";
import { featurePaths, isFeatureInDevelopment, isInDevelopment, whenBuilt } from "./module-status";

/** The route table as it will read once every module has landed. */
async function everyModuleBuilt() {
  const real = await vi.importActual<typeof import("~/lib/app-routes")>("~/lib/app-routes");
  const built = real.APP_ROUTES.map((r) => ({ ...r, inDevelopment: false }));
  return {
    ...real,
    APP_ROUTES: built,
    appRoute: (path: string) => {
      const r = built.find((x) => x.path === path);
      if (!r) throw new Error(`No app route for ${path}`);
      return r;
    },
  };
}

/** The page's visible text, as a reader sees it. */
async function renderText(Page: ComponentType, loaderData: Record<string, unknown> | null = null): Promise<string> {
  const handler = createStaticHandler([{ id: "page", path: "/", element: <Page />, loader: () => loaderData }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
  return html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The part of the page's text from `from` up to `to` (or the end). */
function section(text: string, from: string, to?: string): string {
  const start = text.indexOf(from);
  expect(start, `"${from}" on the page`).toBeGreaterThanOrEqual(0);
  const end = to ? text.indexOf(to, start + from.length) : -1;
  return text.slice(start, end === -1 ? undefined : end);
}

const pages = {
  about: () => import("~/routes/_public.about"),
  solutions: () => import("~/routes/_public.cyber-solutions"),
  practices: () => import("~/routes/_public.cybersecurity-best-practices"),
  privacy: () => import("~/routes/_public.privacy-compliance"),
  scenarios: () => import("~/routes/_public.case-studies"),
  demo: () => import("~/routes/_public.demo-materials"),
  policy: () => import("~/routes/_public.privacy-policy"),
  pricing: () => import("~/routes/_public.pricing"),
  features: () => import("~/routes/_public.features"),
  industries: () => import("./industries"),
};

const pricingData = { trial: { kind: "signed-out" }, currentPlan: null, quote: { kind: "signed-out" } };
const featuresData = { effectivePlan: null, tenantName: null };

// Quiet React's "useLayoutEffect does nothing on the server" warning from <Link>.
beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe("module status helpers", () => {
  it("map every module's plan feature to its pages in the route table", () => {
    for (const r of APP_ROUTES) {
      if (r.feature && r.feature !== "adminDashboard") expect(featurePaths(r.feature), r.path).toContain(r.path);
    }
    for (const f of FEATURES) for (const p of featurePaths(f)) expect(() => appRoute(p)).not.toThrow();
  });

  it("mark the features that give nothing yet, and not the ones that work", () => {
    for (const f of [
      "dashboard",
      "darkWebMonitoring",
      "phishingAnalyzer",
      "passwordAnalyzer",
      "securityAlerts",
      "threatHunting",
      "executiveDashboard",
    ] as const) {
      expect(isFeatureInDevelopment(f), f).toBe(false);
    }
    // Single sign-on shipped with issue 33.
    expect(isFeatureInDevelopment("ssoSupport")).toBe(false);
    expect(isFeatureInDevelopment("customIntegrations")).toBe(true);
    expect(isFeatureInDevelopment("teamMonitoring")).toBe(featurePaths("teamMonitoring").every(isInDevelopment));
  });

  it("pick the planned sentence only for a module in development", () => {
    expect(whenBuilt("/phishing", "works", "will work")).toBe("works");
    const dev = APP_ROUTES.find((r) => r.inDevelopment);
    if (dev) expect(whenBuilt(dev.path, "works", "will work")).toBe("will work");
  });
});

describe("public pages with today's route table", () => {
  // These assertions name modules that are in development today (and Privacy Guard and Incident Response, built);
  // they hold while the route table says so.
  beforeEach(() => {
    for (const path of [
      "/privacy",
      "/vulnerability",
      "/incident-response",
      "/logs",
      "/compliance-monitoring",
      "/siem-soar",
    ])
      expect(isInDevelopment(path), path).toBe(false);
  });

  it("/about lists what works today and what is in development", async () => {
    const text = await renderText((await pages.about()).default);
    const pendingRoutes = APP_ROUTES.filter((x) => x.inDevelopment);
    const working = section(text, "Working today:", pendingRoutes.length ? "In development:" : "What we believe");
    expect(working).toContain("Phishing Analyzer");
    expect(working).toContain("Privacy Guard");
    // Every module that landed is listed as working; a module still flagged is listed as such.
    for (const label of ["Endpoint Security", "Training Management", "Emergency Access"])
      expect(working, label).toContain(label);
    if (pendingRoutes.length) {
      const pending = section(text, "In development:", "What we believe");
      for (const r of pendingRoutes) expect(pending, r.path).toContain(r.label);
      expect(pending).not.toContain("Endpoint Security");
    } else expect(text).not.toContain("In development:");
    expect(text).not.toContain("privacy deadlines and vulnerability tracking into one place");
  });

  it("/cyber-solutions badges every module in development and promises no training", async () => {
    const text = await renderText((await pages.solutions()).default);
    expect(text).not.toContain("train staff and track completion");
    // Training Management and Emergency Access shipped (issue 34): they are no longer badged.
    expect(text).not.toMatch(/Training Management \([A-Za-z]+ and higher\) In development/);
    expect(text).not.toMatch(/Emergency Access \([A-Za-z]+ and higher\) In development/);
    for (const path of APP_ROUTES.filter((r) => r.inDevelopment).map((r) => r.path)) {
      expect(text, path).toMatch(
        new RegExp(`${appRoute(path).label.replace(/[/&]/g, ".")} \\([A-Za-z]+ and higher\\) In development`),
      );
    }
    expect(text).not.toMatch(/Phishing Analyzer \(Free and higher\) In development/);
    expect(text).not.toMatch(/Privacy Guard \(Free and higher\) In development/);
    expect(text).not.toMatch(/Compliance \(Business and higher\) In development/);
    expect(text).not.toMatch(/Incident Response \(Business and higher\) In development/);
    expect(text).not.toMatch(/Logs . Anomalies \([A-Za-z]+ and higher\) In development/);
    expect(text).not.toMatch(/SIEM.SOAR \([A-Za-z]+ and higher\) In development/);
    // Emergency access is built (issue 34).
    expect(text).toMatch(/Emergency Access \(Business and higher\)/);
    expect(text).not.toMatch(/Emergency Access \([A-Za-z]+ and higher\) In development/);
  });

  it("the guides say Privacy Guard, Incident Response and the vulnerability scan work", async () => {
    const privacy = await renderText((await pages.privacy()).default);
    expect(privacy).toContain("Rampart's Privacy Guard records each request with its due date");
    expect(privacy).toContain("Incident Response module keeps the timeline you need for breach notification.");
    expect(privacy).not.toContain("Privacy Guard is in development");
    const practices = await renderText((await pages.practices()).default);
    expect(practices).toContain("Rampart's vulnerability scan does this for dependency files.");
  });

  it("/case-studies no longer flags the scenario that relies on Privacy Guard", async () => {
    const text = await renderText((await pages.scenarios()).default);
    const access = section(text, "A fictional online shop", "The outcome");
    expect(access).not.toContain("Privacy Guard is in development");
    const phishing = section(text, "A fictional five-person accounting practice", "The outcome");
    expect(phishing).not.toContain("in development");
  });

  it("/demo-materials says the compliance figures are simulated, and no longer that Compliance is in development", async () => {
    const text = await renderText((await pages.demo()).default);
    expect(text).toContain("HIPAA compliance score of 94. These are simulated");
    expect(text).not.toContain("a real organization's executive screen says compliance is not tracked");
    expect(text).not.toContain("still in development");
  });

  it("the privacy policy lists privacy requests among stored data", async () => {
    const text = await renderText((await pages.policy()).default);
    expect(text).toContain(
      "analysed e-mails (as text; the raw message is not kept), privacy requests, breach exposures, alerts and members",
    );
  });

  it("/pricing and /features badge the features not built yet, and only those", async () => {
    const pricing = await renderText((await pages.pricing()).default, pricingData);
    expect(pricing).not.toMatch(/Privacy guard In development/i);
    // Single sign-on shipped (issue 33); custom integrations are still to come.
    expect(pricing).not.toMatch(/SSO support In development/);
    expect(pricing).toMatch(/Custom integrations In development/);
    expect(pricing).not.toMatch(/Phishing analyzer In development/i);
    const features = await renderText((await pages.features()).default, featuresData);
    expect(features).not.toMatch(/SSO support \(Business plan and higher\) In development/);
    expect(features).not.toMatch(/Multi-account management \(Enterprise plan and higher\) In development/);
    expect(features).not.toContain("notification channels, escalation policies and organization settings");
  });

  it("industry pages start each module in development with 'In development'", async () => {
    const { INDUSTRIES } = await pages.industries();
    for (const industry of Object.values(INDUSTRIES)) {
      for (const m of industry.modules) {
        if (isInDevelopment(m.path)) expect(m.why, `${industry.slug} ${m.path}`).toMatch(/^In development: /);
        else expect(m.why, `${industry.slug} ${m.path}`).not.toMatch(/^In development/);
      }
    }
  });
});

describe("public pages once every module has landed", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.doMock("~/lib/app-routes", everyModuleBuilt);
  });
  afterEach(() => {
    vi.doUnmock("~/lib/app-routes");
    vi.resetModules();
  });

  it("switch to the present tense and drop every badge, with no page edited", async () => {
    const privacy = await renderText((await pages.privacy()).default);
    expect(privacy).toContain("Rampart's Privacy Guard records each request with its due date");
    expect(privacy).not.toContain("in development");

    const scenarios = await renderText((await pages.scenarios()).default);
    expect(scenarios).not.toContain("is in development");

    const about = await renderText((await pages.about()).default);
    expect(about).toContain("Privacy Guard");
    expect(about).not.toContain("In development:");

    const pricing = await renderText((await pages.pricing()).default, pricingData);
    expect(pricing).not.toMatch(/Privacy guard In development/i);

    const { INDUSTRIES } = await pages.industries();
    expect(INDUSTRIES.retail.modules.find((m) => m.path === "/privacy")?.why).toBe(
      "Tracks customer access and deletion requests against the GDPR and CCPA deadlines.",
    );
  });
});
