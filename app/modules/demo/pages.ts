/**
 * Demo mode's pages and banner (docs/product.md §2); one list for the layout's navigation, the landing page and the
 * tests. Each demo page shows a real module screen: its name is that module's route-map name (app/lib/app-routes.ts,
 * issue 32: one name per module everywhere), never a demo-only wording.
 */
import { appRoute } from "~/lib/app-routes";

export const DEMO_BANNER_TEXT = "DEMO MODE — simulated data, no real PII";

/** A demo page of the module at `module`: nav, heading and title carry the module's name. */
const modulePage = <P extends string>(path: P, module: string, shows: string) => {
  const name = appRoute(module).label;
  return { path, module, nav: name, heading: name, title: `Demo: ${name}`, description: `${name} with ${shows}.` };
};

export const DEMO_PAGES = [
  {
    path: "/demo",
    module: null,
    nav: "Overview",
    heading: "Demo",
    title: "Demo",
    description: "Explore Rampart with a simulated organization: no sign-in, no real data.",
  },
  modulePage(
    "/demo/dashboard",
    "/dashboard",
    "simulated data: security score, active threats, risk trend and open findings by severity",
  ),
  modulePage(
    "/demo/dark-web",
    "/dark-web-monitoring",
    "simulated identities: which addresses and domains appear in breaches, and the evidence",
  ),
  modulePage("/demo/phishing", "/phishing", "simulated messages: risk, status and the reasons behind each verdict"),
  modulePage(
    "/demo/executive",
    "/executive",
    "simulated data: overall risk, compliance by framework and response figures",
  ),
] as const;

export type DemoPath = (typeof DEMO_PAGES)[number]["path"];

export function demoPage(path: DemoPath) {
  return DEMO_PAGES.find((p) => p.path === path)!;
}
