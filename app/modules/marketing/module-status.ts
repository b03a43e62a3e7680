/**
 * Whether a module works today, for the public pages that talk about modules.
 * The route table (app/lib/app-routes.ts) is the one source of truth: a route
 * with `inDevelopment` stores nothing yet, so a page must not describe it as
 * working. Pages read these helpers instead of hard-coding a status, so they
 * stay true as modules land.
 */
import { appRoute } from "~/lib/app-routes";
import { FEATURE_LABEL, type Feature } from "~/lib/plans";

export const IN_DEVELOPMENT_LABEL = "In development";

export function isInDevelopment(path: string): boolean {
  return appRoute(path).inDevelopment;
}

/**
 * The sentence that is true today: `planned` (future tense) while the module
 * at `path` is in development, `today` (present tense) once it is built.
 */
export function whenBuilt(path: string, today: string, planned: string): string {
  return isInDevelopment(path) ? planned : today;
}

/**
 * Module plan features and the pages that deliver them. Features whose
 * routes carry no plan feature of their own (privacy, vulnerability: Free
 * modules) and the team-monitoring modules are named here; the paths come
 * from the route table, so a typo throws in the tests.
 */
const FEATURE_PATHS: Partial<Record<Feature, readonly string[]>> = {
  dashboard: ["/dashboard"],
  darkWebMonitoring: ["/dark-web-monitoring"],
  phishingAnalyzer: ["/phishing"],
  privacyGuard: ["/privacy"],
  vulnerabilityScanning: ["/vulnerability"],
  passwordAnalyzer: ["/password"],
  logsAnomalies: ["/logs"],
  usageAnalytics: ["/usage"],
  securityMonitoring: ["/security"],
  securityAlerts: ["/alerts"],
  endpointSecurity: ["/endpoint-security"],
  threatHunting: ["/threat-hunting"],
  incidentResponse: ["/incident-response"],
  executiveDashboard: ["/executive"],
  aiRecommendations: ["/ai-recommendations"],
  teamMonitoring: [
    "/training-management",
    "/emergency-access",
    "/compliance-monitoring",
    "/zero-trust",
    "/cloud-security",
    "/siem-soar",
    "/network-security",
  ],
};

/**
 * Plan features that are capabilities rather than pages and are not built:
 * Rampart connects to no outside tool. (API tokens, `apiAccess`, shipped with
 * issue 14; single sign-on, `ssoSupport`, with issue 33.) Remove a feature from
 * this list when it ships.
 */
const PLATFORM_NOT_BUILT: readonly Feature[] = ["customIntegrations"];

export function featurePaths(feature: Feature): readonly string[] {
  return FEATURE_PATHS[feature] ?? [];
}

/** A plan feature that gives a customer nothing yet: all its modules are in development, or it is a capability not built. */
export function isFeatureInDevelopment(feature: Feature): boolean {
  if (PLATFORM_NOT_BUILT.includes(feature)) return true;
  const paths = featurePaths(feature);
  return paths.length > 0 && paths.every(isInDevelopment);
}

/**
 * A plan feature as pricing names it (issue 32: one name per module): a feature one module delivers goes by that
 * module's route-map name, the one the sidebar shows; a feature several modules deliver lists their names after its
 * own; a platform capability (API access, SSO support...) keeps its plan-table label.
 */
export function featureName(feature: Feature): string {
  const names = featurePaths(feature).map((p) => appRoute(p).label);
  if (names.length === 1) return names[0];
  return names.length ? `${FEATURE_LABEL[feature]}: ${names.join(", ")}` : FEATURE_LABEL[feature];
}
