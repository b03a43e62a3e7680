/**
 * Plans, plan features, organization limits and their messages (docs/product.md §3, §6, §9).
 * The single source of truth: the server gate, the sidebar, the pricing and
 * features pages and the tests all read this module.
 */

export const PLANS = ["free", "pro", "business", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const FEATURES = [
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
] as const;
export type Feature = (typeof FEATURES)[number];

const FREE: readonly Feature[] = [
  "dashboard",
  "darkWebMonitoring",
  "phishingAnalyzer",
  "privacyGuard",
  "vulnerabilityScanning",
];
const PRO: readonly Feature[] = [
  ...FREE,
  "passwordAnalyzer",
  "usageAnalytics",
  "securityMonitoring",
  "securityAlerts",
  "endpointSecurity",
  "aiRecommendations",
  "realtimeAlerts",
];
const BUSINESS: readonly Feature[] = FEATURES.filter((f) => f !== "multiAccountManagement");
const ENTERPRISE: readonly Feature[] = FEATURES;

export const PLAN_FEATURES: Record<Plan, ReadonlySet<Feature>> = {
  free: new Set(FREE),
  pro: new Set(PRO),
  business: new Set(BUSINESS),
  enterprise: new Set(ENTERPRISE),
};

export const PLAN_DISPLAY_NAME: Record<Plan, string> = {
  free: "Free",
  pro: "Pro",
  business: "Business",
  enterprise: "Enterprise",
};

export function isPlan(value: unknown): value is Plan {
  return typeof value === "string" && (PLANS as readonly string[]).includes(value);
}

export function hasFeature(plan: Plan, feature: Feature): boolean {
  return PLAN_FEATURES[plan].has(feature);
}

export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

/** The lowest plan that includes a feature (every feature is in enterprise). */
export function lowestPlanWith(feature: Feature): Plan {
  return PLANS.find((p) => hasFeature(p, feature)) ?? "enterprise";
}

/**
 * The features a plan adds to the one below it, in table order. Plans are tiers (each has every feature of the plan
 * below: docs/product.md §6), so a plan's features are these plus everything below.
 */
export function featuresNewIn(plan: Plan): Feature[] {
  return FEATURES.filter((f) => lowestPlanWith(f) === plan);
}

/** 'This feature requires {Plan} plan or higher' (docs/product.md §6). */
export function upgradeRequiredText(feature: Feature): string {
  return `This feature requires ${PLAN_DISPLAY_NAME[lowestPlanWith(feature)]} plan or higher`;
}

/** The special wording upgrade banners carry for the business and enterprise plans. */
export function upgradeBannerDetail(feature: Feature): string {
  const plan = lowestPlanWith(feature);
  switch (plan) {
    case "business":
      return "Business adds team monitoring, incident response, threat hunting and the admin area for your whole organization.";
    case "enterprise":
      return "Enterprise is for organizations that manage several accounts: contact us to enable multi-account management.";
    default:
      return `${PLAN_DISPLAY_NAME[plan]} unlocks this module for every member of your organization.`;
  }
}

/** 'Most popular choice • 40% savings annually' is the business plan's pricing banner. */
export const BUSINESS_PRICING_BANNER = "Most popular choice • 40% savings annually";

/** Organizations allowed per plan (docs/product.md §9); null means unlimited. */
export const ORGANIZATION_LIMIT: Record<Plan, number | null> = {
  free: 1,
  pro: 3,
  business: null,
  enterprise: null,
};

export const ORGANIZATION_UPGRADE_MESSAGE: Record<Plan, string | null> = {
  free: "Upgrade to Pro to create up to 3 organizations",
  pro: "Upgrade to Enterprise for unlimited organizations",
  business: null,
  enterprise: null,
};

const MiB = 1024 * 1024;

/**
 * What an organization may store with Logs & Anomalies per UTC day (issue 26 §8), by effective plan: events, and
 * the bytes the store keeps for them (each event's text, fields and index entries, as the events module counts
 * them). Whichever runs out first refuses further events (429) until midnight UTC. The two agree at ~1 KB per
 * event, what a typical event costs on disk (docs/operations.md), so many tiny events meet the event count and a
 * few huge ones the bytes. Plans without the feature store none. RAMPART_EVENTS_DAILY_QUOTA and
 * RAMPART_EVENTS_DAILY_MB replace these figures for every plan.
 */
export const EVENT_DAILY_QUOTA: Record<Plan, { events: number; bytes: number }> = {
  free: { events: 0, bytes: 0 },
  pro: { events: 0, bytes: 0 },
  business: { events: 500_000, bytes: 512 * MiB },
  enterprise: { events: 2_000_000, bytes: 2048 * MiB },
};

export type OrganizationAllowance = {
  count: number;
  limit: number | null;
  reached: boolean;
  /** 'Organizations: n/limit', with ∞ for unlimited. */
  label: string;
  upgradeMessage: string | null;
};

/** The plan each allowance's upgrade message names. */
const ORGANIZATION_UPGRADE_TARGET: Record<Plan, Plan | null> = {
  free: "pro",
  pro: "enterprise",
  business: null,
  enterprise: null,
};

/**
 * The allowance's message while an organization is selected (issue 32): never "Upgrade to Pro" to an organization
 * whose effective plan is already that plan or higher (a trial, or an organization the person joined); the
 * allowance comes from the plans of the organizations the person owns, and the message says so instead.
 */
export function allowanceMessageFor(allowance: OrganizationAllowance, selectedEffectivePlan: Plan): string | null {
  if (!allowance.upgradeMessage || allowance.limit === null) return allowance.upgradeMessage;
  const target = Object.entries(ORGANIZATION_UPGRADE_MESSAGE).find(([, m]) => m === allowance.upgradeMessage)?.[0];
  const named = target ? ORGANIZATION_UPGRADE_TARGET[target as Plan] : null;
  if (named && planRank(selectedEffectivePlan) >= planRank(named))
    return `You own ${allowance.count} of the ${allowance.limit} organization${allowance.limit === 1 ? "" : "s"} your own plan allows; a trial or an organization you joined does not raise it.`;
  return allowance.upgradeMessage;
}

export function organizationAllowance(plan: Plan, count: number): OrganizationAllowance {
  const limit = ORGANIZATION_LIMIT[plan];
  const reached = limit !== null && count >= limit;
  return {
    count,
    limit,
    reached,
    label: `Organizations: ${count}/${limit ?? "∞"}`,
    upgradeMessage: ORGANIZATION_UPGRADE_MESSAGE[plan],
  };
}

export type TrialStatus = "none" | "active" | "expired";

/** Effective plan (docs/product.md §4): an active trial raises it to enterprise; otherwise the tenant's plan, free by default. */
export function effectivePlan(plan: Plan | null | undefined, trialStatus: TrialStatus | null | undefined): Plan {
  if (trialStatus === "active") return "enterprise";
  return isPlan(plan) ? plan : "free";
}

/** A name may carry a plan suffix in parentheses, stripped for display: "Acme (Pro)" shows "Acme". */
export function displayTenantName(name: string): string {
  const stripped = name.replace(/\s*\((free|pro|business|enterprise)\)\s*$/i, "").trim();
  return stripped || name.trim();
}

export const TRIAL_DAYS = 14;

/** Marketing copy per plan, for the pricing page. */
export const PLAN_SUMMARY: Record<Plan, string> = {
  free: "For individuals: breach monitoring, phishing analysis, privacy requests and vulnerability scanning.",
  pro: "For professionals and small teams: the password analyzer, security alerts, a security timeline and AI recommendations.",
  business:
    "For organizations that run security as a team: threat hunting, the executive dashboard and the admin area with its audit trail.",
  enterprise: "For groups of organizations: everything in Business plus multi-account management.",
};

/**
 * Each plan feature's label in the plan table. Pages name a feature that a module delivers by the module's
 * route-map name instead (featureName in app/modules/marketing/module-status.ts, issue 32: one name per module);
 * this label is what capabilities without a page (API access, SSO support...) are called.
 */
export const FEATURE_LABEL: Record<Feature, string> = {
  dashboard: "Security dashboard",
  darkWebMonitoring: "Dark web monitoring",
  phishingAnalyzer: "Phishing analyzer",
  privacyGuard: "Privacy guard",
  vulnerabilityScanning: "Vulnerability scanning",
  passwordAnalyzer: "Password analyzer",
  logsAnomalies: "Logs & anomalies",
  usageAnalytics: "Usage analytics",
  securityMonitoring: "Security monitoring",
  securityAlerts: "Security alerts",
  endpointSecurity: "Endpoint security",
  threatHunting: "Threat hunting",
  incidentResponse: "Incident response",
  executiveDashboard: "Executive dashboard",
  adminDashboard: "Admin dashboard",
  aiRecommendations: "AI recommendations",
  realtimeAlerts: "Real-time alerts",
  apiAccess: "API access",
  ssoSupport: "SSO support",
  teamMonitoring: "Team monitoring",
  customIntegrations: "Custom integrations",
  premiumSupport: "Premium support",
  multiAccountManagement: "Multi-account management",
};
