/**
 * The route table of docs/product.md §2: path, sidebar label, icon, plan feature and
 * whether a teaser page stands there for signed-out visitors. One table feeds
 * the server checks (app/modules/tenants/app-route.server.ts), the sidebar and the tests.
 */
import type { Feature } from "./plans";
import { pageInDevelopment } from "./modules-in-development";

export type IconName =
  | "LayoutDashboard"
  | "Globe"
  | "Mail"
  | "KeyRound"
  | "EyeOff"
  | "Bug"
  | "ScrollText"
  | "BarChart3"
  | "Activity"
  | "Laptop"
  | "Bell"
  | "Sparkles"
  | "Crosshair"
  | "Siren"
  | "Briefcase"
  | "GraduationCap"
  | "LifeBuoy"
  | "ClipboardCheck"
  | "Settings"
  | "ShieldCheck"
  | "Cloud"
  | "Workflow"
  | "Network";

export type AppRoute = {
  path: string;
  /** Sidebar label (docs/product.md §2 wording), or the page title for routes not in the sidebar. */
  label: string;
  icon: IconName;
  feature: Feature | null;
  /** Signed-out visitors see a teaser page here instead of being sent to /login. */
  teaser: boolean;
  /** Shown in the sidebar navigation, in table order. */
  sidebar: boolean;
  /** Rendered inside the sidebar shell (false: a signed-in page outside the shell). */
  shell: boolean;
  /** One line on what the module does for the tenant. */
  purpose: string;
  /**
   * The module's analysis is not built yet: its page stores nothing, and the
   * teaser, the empty state and /features say so instead of implying it works. Derived from the one list in
   * app/lib/modules-in-development.ts.
   */
  inDevelopment: boolean;
};

const r = (
  path: string,
  label: string,
  icon: IconName,
  feature: Feature | null,
  opts: { teaser?: boolean; sidebar?: boolean; shell?: boolean },
  purpose: string,
): AppRoute => ({
  path,
  label,
  icon,
  feature,
  teaser: opts.teaser ?? false,
  sidebar: opts.sidebar ?? false,
  shell: opts.shell ?? true,
  purpose,
  inDevelopment: pageInDevelopment(path),
});

export const APP_ROUTES: readonly AppRoute[] = [
  r(
    "/dashboard",
    "Dashboard",
    "LayoutDashboard",
    null,
    { sidebar: true },
    "Your organization's security posture at a glance, computed from every module's findings.",
  ),
  r(
    "/dark-web-monitoring",
    "Dark Web Monitoring",
    "Globe",
    null,
    { sidebar: true },
    "Watches your e-mail addresses and domains against imported breach data and alerts on new exposures.",
  ),
  r(
    "/phishing",
    "Phishing Analyzer",
    "Mail",
    null,
    { sidebar: true, teaser: true },
    "Analyses suspicious e-mails: authentication results, lookalike domains, deceptive links and risky attachments.",
  ),
  r(
    "/phishing-enhanced",
    "Phishing Analyzer (enhanced)",
    "Mail",
    null,
    {},
    "The phishing analyzer with every signal shown in detail, including the parsed headers and links.",
  ),
  r(
    "/password",
    "Password Analyzer",
    "KeyRound",
    "passwordAnalyzer",
    { sidebar: true, teaser: true },
    "Estimates password strength and checks breach exposure by k-anonymity, without the password leaving your browser.",
  ),
  r(
    "/privacy",
    "Privacy Guard",
    "EyeOff",
    null,
    { sidebar: true, teaser: true },
    "Tracks data subject requests (access, deletion, correction and more) against their GDPR, CCPA, LGPD and PIPEDA deadlines.",
  ),
  r(
    "/vulnerability",
    "Vulnerability Scan",
    "Bug",
    null,
    { sidebar: true, teaser: true },
    "Finds known vulnerabilities (OSV advisories) in the lockfiles and SBOMs you upload and tracks them until remediated.",
  ),
  r(
    "/logs",
    "Logs & Anomalies",
    "ScrollText",
    "logsAnomalies",
    { sidebar: true, teaser: true },
    "Reads your authentication and access logs and flags anomalies such as impossible travel and brute force.",
  ),
  r(
    "/usage",
    "Usage Analytics",
    "BarChart3",
    "usageAnalytics",
    { sidebar: true },
    "Shows how your organization uses Rampart: analyses run, findings resolved, time saved.",
  ),
  r(
    "/security",
    "Security Monitoring",
    "Activity",
    "securityMonitoring",
    { sidebar: true, teaser: true },
    "Follows the security events of your organization in one timeline.",
  ),
  r(
    "/endpoint-security",
    "Endpoint Security",
    "Laptop",
    "endpointSecurity",
    // The spec lists it outside the shell; as a sidebar item it keeps the sidebar (issue 32).
    { sidebar: true },
    "Inventories your devices through osquery or a collector script, checks them against security policies and finds vulnerable software.",
  ),
  r(
    "/alerts",
    "Security Alerts",
    "Bell",
    "securityAlerts",
    { sidebar: true },
    "Every alert raised by Rampart's modules, to filter, acknowledge, silence and resolve, each with its timeline; alert rules send them to e-mail, webhooks and the bell.",
  ),
  r(
    "/ai-recommendations",
    "AI Recommendations",
    "Sparkles",
    "aiRecommendations",
    { sidebar: true },
    "Prioritised next steps derived from your open findings.",
  ),
  r(
    "/threat-hunting",
    "Threat Hunting",
    "Crosshair",
    "threatHunting",
    { sidebar: true },
    "Searches your stored events and findings for indicators of compromise.",
  ),
  r(
    "/incident-response",
    "Incident Response",
    "Siren",
    "incidentResponse",
    { sidebar: true, teaser: true },
    "Runs incidents from detection to closure: playbook tasks, evidence, an append-only timeline and measured response times.",
  ),
  r(
    "/executive",
    "Executive Dashboard",
    "Briefcase",
    "executiveDashboard",
    { sidebar: true, teaser: true },
    "Risk, compliance and response figures for leadership, computed from your stored findings.",
  ),
  r(
    "/training-management",
    "Training Management",
    "GraduationCap",
    "teamMonitoring",
    { sidebar: true, teaser: true },
    "Assigns security awareness training and tracks completion across your team.",
  ),
  r(
    "/emergency-access",
    "Emergency Access",
    "LifeBuoy",
    "teamMonitoring",
    { sidebar: true, teaser: true },
    "Trusted contacts who can reach the organization in an emergency, after a wait period any owner can veto.",
  ),
  r(
    "/compliance-monitoring",
    "Compliance",
    "ClipboardCheck",
    "teamMonitoring",
    { sidebar: true, teaser: true },
    "Tracks your requirements under NIST CSF 2.0, NIST SP 800-53 and the HIPAA Security Rule, with owners, evidence and a score.",
  ),
  r(
    "/zero-trust",
    "Zero Trust",
    "ShieldCheck",
    "teamMonitoring",
    {},
    "Measures your zero-trust maturity against CISA's model, from the evidence Rampart already holds, with a roadmap to the next stage.",
  ),
  r(
    "/cloud-security",
    "Cloud Security",
    "Cloud",
    "teamMonitoring",
    { teaser: true },
    "Reviews cloud account configuration for public storage, broad permissions and missing logging.",
  ),
  r(
    "/siem-soar",
    "SIEM/SOAR",
    "Workflow",
    "teamMonitoring",
    {},
    "Runs Sigma detection rules on your events and response playbooks on their detections.",
  ),
  r(
    "/network-security",
    "Network Security",
    "Network",
    "teamMonitoring",
    {},
    "Imports Nmap scans of your networks: exposed services, weak TLS and certificates, and what changed between scans.",
  ),
  r(
    "/settings",
    "Settings",
    "Settings",
    null,
    { sidebar: true },
    "Your account, password, sessions, organization members and trial.",
  ),
];

/** Signed out, /security-operations is a teaser; signed in, it redirects to /siem-soar. */
export const SECURITY_OPERATIONS_PATH = "/security-operations";

export const TEASER_PATHS: readonly string[] = [
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
  SECURITY_OPERATIONS_PATH,
];

export function appRoute(path: string): AppRoute {
  const route = APP_ROUTES.find((x) => x.path === path);
  if (!route) throw new Error(`No app route for ${path}`);
  return route;
}

export function sidebarRoutes(): AppRoute[] {
  return APP_ROUTES.filter((x) => x.sidebar);
}
