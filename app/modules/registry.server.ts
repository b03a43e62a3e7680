/**
 * The module registry: every module of Rampart, what it owns (its route files, its plan feature, its entities in
 * the permission vocabulary, its background jobs) and what it reacts to (another module's events, by name).
 * Reading this file is how to follow data past a module boundary: "events.stored" (the event store commits a
 * batch) reaches anomaly detection and the Sigma engine; "detections.created" reaches playbooks; everything
 * that must survive a restart goes through the durable job and outbox tables (app/lib/jobs.server.ts, the
 * alerting outbox), never through these in-process reactions.
 *
 * Nothing subscribes when imported: `subscribeReactions()` wires the `on` handlers and `startModules()` (called
 * once by server.ts through app/background.server.ts) also registers the jobs and starts the runners. Tests
 * that need the reactions call `subscribeReactions()` and undo it with the function it answers.
 */
import * as jobs from "~/lib/jobs.server";
import type { Feature } from "~/lib/plans";
import { moduleInDevelopment } from "~/lib/modules-in-development";
import type { EntityPermissions } from "~/lib/permissions";
import { MODULE_PERMISSIONS } from "~/modules/permissions";
import { startAlertingWorker } from "~/modules/alerts";
import { registerBreachFeedJobs, registerDomainVerificationJobs } from "~/modules/breach";
import { registerComplianceJobs } from "~/modules/compliance";
import {
  detectStoredEvents,
  DETECTIONS_CREATED,
  onDetections,
  type DetectionsCreatedPayload,
} from "~/modules/detection";
import {
  detectAnomalies,
  EVENTS_STORED,
  onEventsStored,
  registerEventJobs,
  type EventsStoredPayload,
} from "~/modules/events";
import { registerEmergencyAccessJobs } from "~/modules/emergency-access";
import { registerIncidentJobs } from "~/modules/incidents";
import { registerNetworkJobs } from "~/modules/network";
import { registerPlaybookJobs, startRunsOnDetections } from "~/modules/playbooks";
import { registerFeedJobs } from "~/modules/feeds/index.server";
import { registerPrivacyJobs } from "~/modules/privacy";
import { registerTrainingJobs } from "~/modules/training/index.server";
import { registerUpgradeRequestJobs } from "~/modules/tenants";
import { registerWebScanJobs } from "~/modules/vulnerability/index.server";

/** The events modules announce, each named and typed by the module that emits it. */
export type ModuleEvents = {
  [EVENTS_STORED]: EventsStoredPayload;
  [DETECTIONS_CREATED]: DetectionsCreatedPayload;
};
export type ModuleEventName = keyof ModuleEvents;

export type ModuleDefinition = {
  name: string;
  /** The route files (app/routes, without extension) this module serves; each file belongs to one module. */
  routes: readonly string[];
  /** The plan feature that sells the module (app/lib/plans.ts), or null when every signed-in person has it. */
  feature: Feature | null;
  /** Its entities in the permission vocabulary (app/modules/permissions.ts). */
  permissions: EntityPermissions;
  /** Registers its durable job handlers and recurring schedules (or starts its outbox worker). */
  jobs?: (runner: typeof jobs) => void;
  /** What it does when another module (or itself) announces an event. */
  on?: { [E in ModuleEventName]?: (payload: ModuleEvents[E]) => void | Promise<void> };
};

/** A module as the registry lists it: its definition, and whether its page is still in development. */
export type RegisteredModule = ModuleDefinition & {
  /** Its page stores nothing yet: teasers and /features say so (app/lib/modules-in-development.ts, one line each). */
  inDevelopment: boolean;
};

/** Keeps each definition checked against ModuleDefinition where it is written, and reads its development status. */
export function defineModule(definition: ModuleDefinition): RegisteredModule {
  return { ...definition, inDevelopment: moduleInDevelopment(definition.name) };
}

const NONE: EntityPermissions = {};

export const MODULES: readonly RegisteredModule[] = [
  defineModule({
    name: "accounts",
    routes: [
      "login",
      "signup",
      "forgot-password",
      "reset-password.$token",
      "verify-email.$token",
      "_app.verify-email",
      "account.notices",
      "api.auth.user",
      "api.logout",
      "settings.account-data[.]json",
      "_public.auth-debug",
      // Two-factor sign-in and sessions (issue 33).
      "login_.2fa",
      "_app.settings.security",
    ],
    feature: null,
    permissions: NONE,
  }),
  defineModule({
    name: "tenants",
    routes: [
      "_app",
      // The upgrade wall's trial and plan request (issue 32).
      "upgrade",
      "_app._index",
      "_app.settings",
      "_app.settings._index",
      "_app.settings.organization",
      "_app.settings.members",
      "_app.organizations.new",
      "_app.usage",
      "api.tenants",
      "api.tenants.select",
      "api.trial.start",
      "api.trial.status",
      "api.user.plan",
      "api.usage.warnings",
      "invite.$token",
      "preferences.sidebar",
      "_app.admin",
      "_app.admin._index",
      "_app.admin.$",
      "_app.admin.settings",
      "_app.admin.multi-account",
    ],
    feature: null,
    permissions: MODULE_PERMISSIONS.tenants,
    // Upgrade requests are mailed to the operators by a durable job.
    jobs: () => registerUpgradeRequestJobs(),
  }),
  defineModule({
    name: "api-tokens",
    routes: ["api.tokens", "api.tokens.$id", "_app.settings.tokens"],
    feature: "apiAccess",
    permissions: MODULE_PERMISSIONS["api-tokens"],
  }),
  defineModule({
    // Single sign-on (OpenID Connect) per organization and passkeys per person (issue 33 part B).
    name: "sso",
    routes: [
      "api.sso",
      "login_.sso",
      "login_.sso_.callback",
      "api.passkeys.registration",
      "api.passkeys.sign-in",
      "_app.settings.passkeys",
      "_app.settings.sso",
      "_public.auth0-setup",
    ],
    feature: "ssoSupport",
    permissions: MODULE_PERMISSIONS.sso,
  }),
  defineModule({
    name: "audit",
    routes: ["_app.security"],
    feature: "securityMonitoring",
    permissions: NONE,
  }),
  defineModule({
    name: "dashboard",
    routes: [
      "_app.dashboard",
      "_app.ai-recommendations",
      "api.dashboard",
      "api.dashboard.data",
      "api.recommendations",
      "api.achievements",
      "api.analytics",
    ],
    feature: "dashboard",
    permissions: NONE,
  }),
  defineModule({
    name: "executive",
    routes: ["_app.executive"],
    feature: "executiveDashboard",
    permissions: MODULE_PERMISSIONS.executive,
  }),
  defineModule({
    name: "phishing",
    routes: [
      "_app.phishing",
      "_app.phishing-enhanced",
      "api.phishing.analyze",
      "api.phishing.items",
      "api.phishing.items.$id.quarantine",
      "api.phishing.items.$id.release",
    ],
    feature: "phishingAnalyzer",
    permissions: MODULE_PERMISSIONS.phishing,
  }),
  defineModule({
    name: "breach",
    routes: [
      "_app.dark-web-monitoring",
      // The confirmation link mailed to a domain's security@/postmaster@/hostmaster@ (issue 32).
      "verify-domain.$token",
      "api.dark-web.exposures",
      "api.dark-web.exposures.$id",
      "api.dark-web.identities",
      "api.breaches.check",
      "_public.breach-check",
    ],
    feature: "darkWebMonitoring",
    permissions: MODULE_PERMISSIONS.breach,
    jobs: (runner) => {
      // The daily HIBP breach catalogue sync (HIBP_SYNC=0 turns it off).
      registerBreachFeedJobs(runner);
      // The hourly re-check of watched domains awaiting their DNS TXT record (issue 32).
      registerDomainVerificationJobs(runner);
    },
  }),
  defineModule({
    name: "password",
    routes: ["_app.password", "api.pwned.range.$prefix"],
    feature: "passwordAnalyzer",
    permissions: NONE,
  }),
  defineModule({
    name: "vulnerability",
    routes: [
      "_app.vulnerability",
      "api.vulnerability.dependencies",
      "api.vulnerability.headers",
      "api.vulnerability.scans",
      "api.vulnerability.scans.$id",
    ],
    feature: "vulnerabilityScanning",
    permissions: MODULE_PERMISSIONS.vulnerability,
    jobs: () => registerWebScanJobs(),
  }),
  defineModule({
    name: "privacy",
    routes: [
      "_app.privacy",
      "_app.privacy_.$id",
      "_app.privacy_.data-map",
      "api.privacy.requests",
      "api.privacy.requests.$id",
      "_public.privacy-request.$slug",
    ],
    feature: "privacyGuard",
    permissions: MODULE_PERMISSIONS.privacy,
    jobs: registerPrivacyJobs,
  }),
  defineModule({
    name: "compliance",
    routes: [
      "_app.compliance-monitoring",
      "_app.compliance-monitoring_.$framework.report",
      "_app.compliance-monitoring_.$framework.requirements.$requirement",
      "api.compliance.frameworks",
      "compliance-monitoring.$framework.report[.]csv",
      "compliance-monitoring.evidence.$id",
    ],
    feature: "teamMonitoring",
    permissions: MODULE_PERMISSIONS.compliance,
    jobs: registerComplianceJobs,
  }),
  defineModule({
    name: "events",
    routes: [
      "_app.logs",
      "api.events",
      "api.anomalies",
      "api.anomalies.$id",
      "services.collector",
      "services.collector.$",
      "services.collector.ack",
      "services.collector.ack.1[.]0",
      "services.collector.event",
      "services.collector.event.1[.]0",
      "services.collector.health",
      "services.collector.health.1[.]0",
      "services.collector.raw",
      "services.collector.raw.1[.]0",
    ],
    feature: "logsAnomalies",
    permissions: MODULE_PERMISSIONS.events,
    // Retention, hourly.
    jobs: () => registerEventJobs(),
    on: { [EVENTS_STORED]: ({ tenantId, events }) => void detectAnomalies(tenantId, events) },
  }),
  defineModule({
    name: "detection",
    routes: [
      "_app.siem-soar",
      "_app.security-operations",
      "api.detection.rules",
      "api.detection.rules.$id",
      "api.detections",
      "api.threat-hunting.sigma",
    ],
    feature: "teamMonitoring",
    permissions: MODULE_PERMISSIONS.detection,
    // Sigma rules and correlations over each stored batch; high and critical detections raise alerts.
    on: { [EVENTS_STORED]: detectStoredEvents },
  }),
  defineModule({
    name: "threat-hunting",
    routes: ["_app.threat-hunting"],
    feature: "threatHunting",
    permissions: NONE,
  }),
  defineModule({
    name: "playbooks",
    routes: ["api.playbooks", "api.playbooks.$id.runs"],
    feature: "teamMonitoring",
    permissions: MODULE_PERMISSIONS.playbooks,
    // Runs are durable jobs: an interrupted run resumes at its next step.
    jobs: () => registerPlaybookJobs(),
    on: { [DETECTIONS_CREATED]: startRunsOnDetections },
  }),
  defineModule({
    name: "incidents",
    routes: [
      "_app.incident-response",
      "_app.incident-response_.$id",
      "_app.incident-response_.$id_.evidence.$evidenceId",
      "_app.incident-response_.$id_.markdown",
      "_app.incident-response_.templates",
      "api.incidents",
      "api.incidents.$id",
      "api.incidents.$id.comments",
      "api.incidents.$id.evidence",
      "api.incidents.$id.observables",
      "api.incidents.$id.tasks",
      "api.incidents.$id.tasks.$taskId",
      "api.incidents.$id.timeline",
    ],
    feature: "incidentResponse",
    permissions: MODULE_PERMISSIONS.incidents,
    // Response-time (SLA) breaches, checked periodically.
    jobs: registerIncidentJobs,
  }),
  defineModule({
    name: "alerts",
    routes: [
      "_app.alerts",
      "api.alerts.$id.$action",
      "api.alerts.active",
      "api.alerts.stream",
      "api.notification-channels",
      "api.notification-channels.$id.[test]",
      "notifications.read",
      "_app.admin.alert-rules",
      "_app.admin.escalation-policies",
      "_app.admin.notification-channels",
      "[__test].alert-streams",
      "[__test].raise-alert",
    ],
    feature: "securityAlerts",
    permissions: MODULE_PERMISSIONS.alerts,
    // The notification outbox and escalation timers (app/modules/alerts/worker.server.ts).
    jobs: () => startAlertingWorker(),
  }),
  defineModule({ name: "contact", routes: ["_public.contact"], feature: null, permissions: NONE }),
  defineModule({
    name: "demo",
    routes: ["demo", "demo._index", "demo.$", "demo.dark-web", "demo.dashboard", "demo.executive", "demo.phishing"],
    feature: null,
    permissions: NONE,
  }),
  defineModule({
    name: "marketing",
    routes: [
      "_public",
      "_public.about",
      "_public.acceptable-use",
      "_public.blog.$slug",
      "_public.blog._index",
      "_public.case-studies",
      "_public.cyber-solutions",
      "_public.cybersecurity-best-practices",
      "_public.dark-web-threat-intelligence",
      "_public.demo-materials",
      "_public.docs.$slug",
      "_public.docs._index",
      "_public.features",
      "_public.finance",
      "_public.healthcare",
      "_public.manufacturing",
      "_public.phishing-defense",
      "_public.pricing",
      "_public.privacy-compliance",
      "_public.privacy-policy",
      "_public.resources",
      "_public.retail",
      "_public.terms",
      "_public.trust",
      "sitemap[.]xml",
      "robots[.]txt",
    ],
    feature: null,
    permissions: NONE,
  }),
  defineModule({
    name: "emergency-access",
    routes: ["_app.emergency-access", "emergency-access.nominations"],
    feature: "teamMonitoring",
    permissions: MODULE_PERMISSIONS["emergency-access"],
    // The automatic grant when a wait period ends, the expiry, and the mail outbox (durable jobs).
    jobs: registerEmergencyAccessJobs,
  }),
  // Phishing simulations and courses (issue 34); the public tracking and course pages answer by token alone.
  defineModule({
    name: "training",
    routes: [
      "_app.training-management",
      "_app.training-management_.campaigns.$id",
      "_app.training-management_.campaigns.$id[.]csv",
      "_app.training-management_.templates.$id",
      "i.$token",
      "l.$token",
      "p.$token",
      "r.$token",
      "learn.$token",
    ],
    feature: "teamMonitoring",
    permissions: MODULE_PERMISSIONS.training,
    jobs: registerTrainingJobs,
  }),
  // Endpoint Security (issue 36): osquery's TLS API, the collector scripts, policies and vulnerable software.
  defineModule({
    name: "endpoint",
    routes: [
      "_app.endpoint-security",
      "api.osquery.enroll",
      "api.osquery.config",
      "api.osquery.log",
      "api.osquery.distributed.read",
      "api.osquery.distributed.write",
      "api.endpoints.inventory",
    ],
    feature: "endpointSecurity",
    permissions: MODULE_PERMISSIONS.endpoint,
  }),
  // Cloud Security (issue 35): AWS, Azure and GCP CLI output and Prowler OCSF, checked against CIS mappings.
  defineModule({
    name: "cloud",
    routes: ["_app.cloud-security", "api.cloud.snapshots"],
    feature: "teamMonitoring",
    permissions: MODULE_PERMISSIONS.cloud,
  }),
  // Network Security (issue 36): Nmap imports, inventory, drift, exposure checks; scheduled scans of verified targets.
  defineModule({
    name: "network",
    routes: ["_app.network-security", "api.network.scans", "api.network.scans.$id.changes"],
    feature: "teamMonitoring",
    permissions: MODULE_PERMISSIONS.network,
    jobs: registerNetworkJobs,
  }),
  // Zero Trust (issue 35): CISA's maturity model, the organization's claims, evidence from the other modules.
  defineModule({
    name: "zero-trust",
    routes: ["_app.zero-trust"],
    feature: "teamMonitoring",
    permissions: MODULE_PERMISSIONS["zero-trust"],
  }),
  // Modules without routes of their own: the page cache (used by server.ts), the operator commands (npm run admin).
  defineModule({ name: "page-cache", routes: [], feature: null, permissions: NONE }),
  // The posture model (issue 31): it owns no table and no page; it assembles what every module contributes
  // (their posture.server.ts) into the score, the coverage and the recommendations the dashboard pages read.
  defineModule({ name: "posture", routes: [], feature: null, permissions: NONE }),
  // The operator console (issue 32): operators only, outside every organization and plan.
  defineModule({ name: "operator", routes: ["operator"], feature: null, permissions: NONE }),
  // The intelligence feeds (issue 30): their status page is the operator's (requireOperator; customers get 404).
  defineModule({
    name: "feeds",
    routes: ["admin_.feeds", "admin_.feeds[.]json"],
    feature: null,
    permissions: NONE,
    // OSV per ecosystem, CISA KEV, FIRST EPSS (RAMPART_FEEDS=off turns them off).
    jobs: (runner) => registerFeedJobs(runner),
  }),
];

/** Route files that belong to the app shell rather than a module: error pages, the 404 catch-alls, web vitals. */
export const SHELL_ROUTES: readonly string[] = [
  "500",
  "$",
  "api.$",
  "[__test].error",
  "[web-vitals.js]",
  // The service worker the spec names (it caches nothing; no page registers it).
  "sw[.]js",
  // The end-to-end suite's clock (app/lib/clock.server.ts): 404 unless the test server installed a test clock.
  "[__test].clock",
];

type Unsubscribe = () => void;

/** Subscribes every module's `on` handlers to the events they name; answers a function that unsubscribes them. */
export function subscribeReactions(modules: readonly ModuleDefinition[] = MODULES): Unsubscribe {
  const off: Unsubscribe[] = [];
  for (const m of modules) {
    const storedHandler = m.on?.[EVENTS_STORED];
    if (storedHandler) off.push(onEventsStored(storedHandler));
    const detectionsHandler = m.on?.[DETECTIONS_CREATED];
    if (detectionsHandler) off.push(onDetections((payload) => void detectionsHandler(payload)));
  }
  return () => off.forEach((f) => f());
}

let started = false;

/**
 * The server process's start: the reactions always (events sent to this process are detected), and with
 * `jobs` (RAMPART_JOBS is not 0) every module's job handlers, then the durable job runner. Once per process.
 */
export function startModules({ jobs: runJobs }: { jobs: boolean }) {
  if (started) return;
  started = true;
  subscribeReactions();
  if (!runJobs) return;
  for (const m of MODULES) m.jobs?.(jobs);
  jobs.startJobRunner();
}

/** Every entity the registry's modules declare, merged (checked against app/modules/permissions.ts by a test). */
export function registryPermissions(): EntityPermissions {
  return Object.assign({}, ...MODULES.map((m) => m.permissions));
}
