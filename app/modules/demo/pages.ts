/** Demo mode's pages and banner (docs/product.md §2); one list for the layout's navigation, the landing page and the tests. */
export const DEMO_BANNER_TEXT = "DEMO MODE — simulated data, no real PII";

export const DEMO_PAGES = [
  {
    path: "/demo",
    nav: "Overview",
    heading: "Demo",
    title: "Demo",
    description: "Explore Rampart with a simulated organization: no sign-in, no real data.",
  },
  {
    path: "/demo/dashboard",
    nav: "Dashboard",
    heading: "Security dashboard",
    title: "Demo: security dashboard",
    description:
      "The security dashboard with simulated data: security score, active threats, risk trend and open findings by severity.",
  },
  {
    path: "/demo/dark-web",
    nav: "Dark web",
    heading: "Dark web monitoring",
    title: "Demo: dark web monitoring",
    description:
      "Dark web monitoring with simulated identities: which addresses and domains appear in breaches, and the evidence.",
  },
  {
    path: "/demo/phishing",
    nav: "Phishing",
    heading: "Phishing analyzer",
    title: "Demo: phishing analyzer",
    description: "The phishing analyzer with simulated messages: risk, status and the reasons behind each verdict.",
  },
  {
    path: "/demo/executive",
    nav: "Executive",
    heading: "Executive dashboard",
    title: "Demo: executive dashboard",
    description:
      "The executive dashboard with simulated data: overall risk, compliance by framework and the value delivered.",
  },
] as const;

export type DemoPath = (typeof DEMO_PAGES)[number]["path"];

export function demoPage(path: DemoPath) {
  return DEMO_PAGES.find((p) => p.path === path)!;
}
