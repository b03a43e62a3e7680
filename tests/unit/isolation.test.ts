/**
 * The tenant-isolation walk (issue 2 §5, issue 6 §3): a member of tenant A
 * never reads, changes or learns the existence of tenant B's rows.
 *  1. Every tenant-scoped /api route, page loader and page action, called with
 *     `X-Tenant-Id` of tenant B (real) and of a tenant that does not exist,
 *     answers the same 403 FORBIDDEN — and with A's own id it does not (so the
 *     walk can fail).
 *  2. Every action that takes a row id, given a row of tenant B, answers
 *     exactly like a row id that does not exist (404), and B's row is unchanged.
 * Routes are called directly (loader/action with a real Request) against this
 * file's own temporary database. When a module adds a route, add it to ROUTES.
 */
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { markEmailVerified } from "~/modules/accounts";
import { createInvitation } from "~/modules/tenants/members.server";
import { setTenantPlan } from "~/modules/tenants/tenants.server";
import { addWatchedEmail } from "~/modules/breach/watchlist.server";
import * as apiDashboard from "~/routes/api.dashboard";
import * as apiDashboardData from "~/routes/api.dashboard.data";
import * as apiUsageWarnings from "~/routes/api.usage.warnings";
import * as apiAlertsActive from "~/routes/api.alerts.active";
import * as apiRecommendations from "~/routes/api.recommendations";
import * as apiAchievements from "~/routes/api.achievements";
import * as apiAnalytics from "~/routes/api.analytics";
import * as apiUserPlan from "~/routes/api.user.plan";
import * as apiTrialStatus from "~/routes/api.trial.status";
import * as apiTrialStart from "~/routes/api.trial.start";
import * as apiPhishingItems from "~/routes/api.phishing.items";
import * as apiPhishingAnalyze from "~/routes/api.phishing.analyze";
import * as apiVulnerabilityDependencies from "~/routes/api.vulnerability.dependencies";
import * as pageVulnerability from "~/routes/_app.vulnerability";
import * as pageCompliance from "~/routes/_app.compliance-monitoring";
import * as apiComplianceFrameworks from "~/routes/api.compliance.frameworks";
import * as pagePrivacy from "~/routes/_app.privacy";
import * as apiPrivacyRequests from "~/routes/api.privacy.requests";
import * as apiPhishingQuarantine from "~/routes/api.phishing.items.$id.quarantine";
import * as apiPhishingRelease from "~/routes/api.phishing.items.$id.release";
import * as apiDarkWebExposures from "~/routes/api.dark-web.exposures";
import * as apiDarkWebExposure from "~/routes/api.dark-web.exposures.$id";
import * as apiDarkWebIdentities from "~/routes/api.dark-web.identities";
import * as apiTenantsSelect from "~/routes/api.tenants.select";
import * as apiVulnerabilityScans from "~/routes/api.vulnerability.scans";
import * as apiVulnerabilityScan from "~/routes/api.vulnerability.scans.$id";
import * as apiVulnerabilityHeaders from "~/routes/api.vulnerability.headers";
// Routes whose handlers moved from modules into the route files (issue 27 item 4): now visible to the scan below.
import * as apiTokens from "~/routes/api.tokens";
import * as apiToken from "~/routes/api.tokens.$id";
import * as apiSso from "~/routes/api.sso";
import * as apiPlaybooks from "~/routes/api.playbooks";
import * as apiPlaybookRuns from "~/routes/api.playbooks.$id.runs";
import * as apiPrivacyRequest from "~/routes/api.privacy.requests.$id";
import * as pageDashboard from "~/routes/_app.dashboard";
import * as pageAlerts from "~/routes/_app.alerts";
import * as pagePhishing from "~/routes/_app.phishing";
import * as pagePhishingEnhanced from "~/routes/_app.phishing-enhanced";
import * as pageDarkWeb from "~/routes/_app.dark-web-monitoring";
import * as pageSettings from "~/routes/_app.settings";
import * as pageUsage from "~/routes/_app.usage";
import * as apiAlertAction from "~/routes/api.alerts.$id.$action";
import * as apiAlertsStream from "~/routes/api.alerts.stream";
import * as apiAnomalies from "~/routes/api.anomalies";
import * as apiAnomaly from "~/routes/api.anomalies.$id";
import * as apiDetectionRules from "~/routes/api.detection.rules";
import * as apiDetectionRule from "~/routes/api.detection.rules.$id";
import * as apiDetections from "~/routes/api.detections";
import * as apiEvents from "~/routes/api.events";
import * as apiIncidents from "~/routes/api.incidents";
import * as apiIncident from "~/routes/api.incidents.$id";
import * as apiIncidentComments from "~/routes/api.incidents.$id.comments";
import * as apiIncidentEvidence from "~/routes/api.incidents.$id.evidence";
import * as apiIncidentObservables from "~/routes/api.incidents.$id.observables";
import * as apiIncidentTask from "~/routes/api.incidents.$id.tasks.$taskId";
import * as apiIncidentTasks from "~/routes/api.incidents.$id.tasks";
import * as apiIncidentTimeline from "~/routes/api.incidents.$id.timeline";
import * as apiChannels from "~/routes/api.notification-channels";
import * as apiChannelTest from "~/routes/api.notification-channels.$id.[test]";
import * as apiSigmaHunt from "~/routes/api.threat-hunting.sigma";
import * as apiCloudSnapshots from "~/routes/api.cloud.snapshots";
import * as apiEndpointInventory from "~/routes/api.endpoints.inventory";
import * as apiNetworkScans from "~/routes/api.network.scans";
import * as apiNetworkChanges from "~/routes/api.network.scans.$id.changes";

const BASE = "http://localhost";
const CTX = { clientIp: "198.51.100.4" };

type Fn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
type Answer = { status: number; body: string };

/** Calls a loader or action and answers what the client would get, whether the route returned or threw. */
async function call(
  fn: Fn,
  {
    method = "GET",
    url,
    headers = {},
    body,
    params = {},
  }: {
    method?: string;
    url: string;
    headers?: Record<string, string>;
    body?: BodyInit;
    params?: Record<string, string>;
  },
): Promise<Answer> {
  const request = new Request(BASE + url, { method, headers, body });
  let out: unknown;
  try {
    out = await fn({ request, params, context: CTX });
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, body: await out.text() };
  if (out && typeof out === "object" && (out as { type?: string }).type === "DataWithResponseInit") {
    const d = out as { data: unknown; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, body: JSON.stringify(d.data) };
  }
  if (out instanceof Error) throw out;
  return { status: 200, body: JSON.stringify(out ?? null) };
}

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
const jsonBody = (value: unknown) => ({ body: JSON.stringify(value), headers: { "Content-Type": "application/json" } });

type Account = { userId: string; tenantId: string; cookie: string };
let A: Account;
let B: Account;
const rows = { alert: "", phishing: "", identity: "", exposure: "", invitation: "", finding: "" };

async function account(): Promise<Account> {
  const { user, tenantId } = await createUser(
    `iso-${randomUUID().slice(0, 8)}@example.com`,
    `Isolation walk ${randomUUID()}`,
  );
  setTenantPlan(tenantId, "enterprise");
  // Verified: unverified accounts cannot invite (issue 20), which would hide the walk's 403 behind another.
  markEmailVerified(user.id);
  const cookie = (await createSession(new Request(`${BASE}/login`), user.id, { selectedTenantId: tenantId })).split(
    ";",
  )[0];
  return { userId: user.id, tenantId, cookie };
}

beforeAll(async () => {
  A = await account();
  B = await account();
  const db = sqlite();
  const now = Date.now();
  rows.alert = randomUUID();
  db.prepare(
    "INSERT INTO alerts (id, tenant_id, source, severity, title, status, created_at) VALUES (?, ?, 'test', 'high', 'B alert', 'active', ?)",
  ).run(rows.alert, B.tenantId, now);
  rows.phishing = randomUUID();
  db.prepare(
    "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, status, rationale, analysis, created_at) VALUES (?, ?, 'B mail', 'x@example.net', 'high', 90, 'detected', '[]', '{}', ?)",
  ).run(rows.phishing, B.tenantId, now);
  rows.identity = addWatchedEmail(B.tenantId, "watched-b@example.com").id;
  const breachId = randomUUID();
  db.prepare(
    "INSERT INTO breaches (id, name, title, breach_date, added_date, data_classes) VALUES (?, ?, 'Test breach', '2024-01-01', '2024-02-01', '[]')",
  ).run(breachId, `iso-${breachId}`);
  rows.exposure = randomUUID();
  db.prepare(
    "INSERT INTO exposures (id, tenant_id, identity_id, breach_id, status, created_at) VALUES (?, ?, ?, ?, 'open', ?)",
  ).run(rows.exposure, B.tenantId, rows.identity, breachId, now);
  rows.invitation = createInvitation(B.tenantId, "member", B.userId).id;
  const projectId = randomUUID();
  db.prepare(
    "INSERT INTO dep_projects (id, tenant_id, name, filename, format, ecosystem, package_count, packages, scanned_at) VALUES (?, ?, 'B app', 'go.sum', 'go.sum', 'Go', 0, '[]', ?)",
  ).run(projectId, B.tenantId, now);
  rows.finding = randomUUID();
  db.prepare(
    "INSERT INTO dep_findings (id, tenant_id, project_id, advisory_id, ecosystem, package_name, version, aliases, summary, severity, status, updated_at) VALUES (?, ?, ?, 'GHSA-test', 'Go', 'x', 'v1.0.0', '[]', 'B finding', 'high', 'open', ?)",
  ).run(rows.finding, B.tenantId, projectId, now);
});

beforeEach(() => resetRateLimits());

type Route = {
  name: string;
  fn: Fn;
  method?: string;
  url: string;
  params?: Record<string, string>;
  make?: () => { body?: BodyInit; headers?: Record<string, string> };
  /** The route file's path when the URL's ids are not all `$id` (the coverage check below). */
  file?: string;
};

// Every tenant-scoped route and action that exists (re-scan app/routes when modules land).
const ROUTES: Route[] = [
  {
    name: "POST /api/cloud/snapshots",
    fn: apiCloudSnapshots.action as Fn,
    method: "POST",
    url: "/api/cloud/snapshots",
    make: () => jsonBody({}),
  },
  {
    name: "POST /api/endpoints/inventory",
    fn: apiEndpointInventory.action as Fn,
    method: "POST",
    url: "/api/endpoints/inventory",
    make: () => jsonBody({ hostId: "h", hostname: "h", platform: "linux", os: {}, packages: [] }),
  },
  {
    name: "POST /api/network/scans",
    fn: apiNetworkScans.action as Fn,
    method: "POST",
    url: "/api/network/scans",
    make: () => jsonBody({ filename: "scan.xml", content: "<nmaprun></nmaprun>" }),
  },
  { name: "GET /api/network/scans", fn: apiNetworkScans.loader as Fn, url: "/api/network/scans" },
  {
    name: "GET /api/network/scans/:id/changes",
    fn: apiNetworkChanges.loader as Fn,
    url: "/api/network/scans/x/changes",
    params: { id: "x" },
  },
  { name: "GET /api/dashboard", fn: apiDashboard.loader as Fn, url: "/api/dashboard" },
  { name: "GET /api/dashboard/data", fn: apiDashboardData.loader as Fn, url: "/api/dashboard/data" },
  { name: "GET /api/usage/warnings", fn: apiUsageWarnings.loader as Fn, url: "/api/usage/warnings" },
  { name: "GET /api/alerts/active", fn: apiAlertsActive.loader as Fn, url: "/api/alerts/active" },
  { name: "GET /api/recommendations", fn: apiRecommendations.loader as Fn, url: "/api/recommendations" },
  { name: "GET /api/achievements", fn: apiAchievements.loader as Fn, url: "/api/achievements" },
  { name: "GET /api/analytics", fn: apiAnalytics.loader as Fn, url: "/api/analytics" },
  { name: "GET /api/user/plan", fn: apiUserPlan.loader as Fn, url: "/api/user/plan" },
  { name: "GET /api/trial/status", fn: apiTrialStatus.loader as Fn, url: "/api/trial/status" },
  { name: "POST /api/trial/start", fn: apiTrialStart.action as Fn, method: "POST", url: "/api/trial/start" },
  { name: "GET /api/phishing/items", fn: apiPhishingItems.loader as Fn, url: "/api/phishing/items" },
  { name: "GET /api/dark-web/exposures", fn: apiDarkWebExposures.loader as Fn, url: "/api/dark-web/exposures" },
  { name: "GET /api/dark-web/identities", fn: apiDarkWebIdentities.loader as Fn, url: "/api/dark-web/identities" },
  {
    name: "POST /api/phishing/analyze",
    fn: apiPhishingAnalyze.action as Fn,
    method: "POST",
    url: "/api/phishing/analyze",
    make: () => jsonBody({ raw: "From: a@example.com\r\nSubject: hi\r\n\r\nhello" }),
  },
  {
    name: "POST /api/phishing/items/:id/quarantine",
    fn: apiPhishingQuarantine.action as Fn,
    method: "POST",
    url: "/api/phishing/items/x/quarantine",
    params: { id: "x" },
  },
  {
    name: "POST /api/phishing/items/:id/release",
    fn: apiPhishingRelease.action as Fn,
    method: "POST",
    url: "/api/phishing/items/x/release",
    params: { id: "x" },
  },
  {
    name: "POST /api/dark-web/exposures/:id",
    fn: apiDarkWebExposure.action as Fn,
    method: "POST",
    url: "/api/dark-web/exposures/x",
    params: { id: "x" },
    make: () => jsonBody({ status: "resolved" }),
  },
  {
    name: "POST /api/dark-web/identities",
    fn: apiDarkWebIdentities.action as Fn,
    method: "POST",
    url: "/api/dark-web/identities",
    make: () => jsonBody({ value: `w-${randomUUID().slice(0, 6)}@example.com` }),
  },
  {
    name: "POST /api/vulnerability/scans",
    fn: apiVulnerabilityScans.action as Fn,
    method: "POST",
    url: "/api/vulnerability/scans",
    make: () => jsonBody({ url: "https://www.example.com/" }),
  },
  {
    name: "GET /api/vulnerability/scans/:id",
    fn: apiVulnerabilityScan.loader as Fn,
    url: "/api/vulnerability/scans/x",
    params: { id: "x" },
  },
  {
    name: "POST /api/vulnerability/headers",
    fn: apiVulnerabilityHeaders.action as Fn,
    method: "POST",
    url: "/api/vulnerability/headers",
    make: () => jsonBody({ url: "https://www.example.com/", headers: { "X-Frame-Options": "DENY" } }),
  },
  { name: "page /dashboard", fn: pageDashboard.loader as Fn, url: "/dashboard" },
  { name: "page /usage", fn: pageUsage.loader as Fn, url: "/usage" },
  { name: "page /alerts", fn: pageAlerts.loader as Fn, url: "/alerts" },
  {
    name: "action /alerts",
    fn: pageAlerts.action as Fn,
    method: "POST",
    url: "/alerts",
    make: () => form({ alertId: randomUUID(), status: "resolved" }),
  },
  { name: "page /phishing", fn: pagePhishing.loader as Fn, url: "/phishing" },
  {
    name: "action /phishing",
    fn: pagePhishing.action as Fn,
    method: "POST",
    url: "/phishing",
    make: () => form({ intent: "analyze", raw: "Subject: hi\r\n\r\nhello" }),
  },
  { name: "page /phishing-enhanced", fn: pagePhishingEnhanced.loader as Fn, url: "/phishing-enhanced" },
  {
    name: "action /phishing-enhanced",
    fn: pagePhishingEnhanced.action as Fn,
    method: "POST",
    url: "/phishing-enhanced",
    make: () => form({ intent: "quarantine", id: randomUUID() }),
  },
  { name: "page /dark-web-monitoring", fn: pageDarkWeb.loader as Fn, url: "/dark-web-monitoring" },
  {
    name: "action /dark-web-monitoring",
    fn: pageDarkWeb.action as Fn,
    method: "POST",
    url: "/dark-web-monitoring",
    make: () => form({ intent: "add", value: `p-${randomUUID().slice(0, 6)}@example.com` }),
  },
  {
    name: "POST /api/vulnerability/dependencies",
    fn: apiVulnerabilityDependencies.action as Fn,
    method: "POST",
    url: "/api/vulnerability/dependencies",
    make: () => jsonBody({ filename: "requirements.txt", content: "requests==2.31.0\n" }),
  },
  { name: "page /vulnerability", fn: pageVulnerability.loader as Fn, url: "/vulnerability" },
  {
    name: "action /vulnerability",
    fn: pageVulnerability.action as Fn,
    method: "POST",
    url: "/vulnerability",
    make: () => form({ intent: "status", id: randomUUID(), status: "remediated" }),
  },
  { name: "page /compliance-monitoring", fn: pageCompliance.loader as Fn, url: "/compliance-monitoring" },
  {
    name: "action /compliance-monitoring",
    fn: pageCompliance.action as Fn,
    method: "POST",
    url: "/compliance-monitoring",
    make: () => form({ intent: "adopt", framework: "hipaa" }),
  },
  {
    name: "GET /api/compliance/frameworks",
    fn: apiComplianceFrameworks.loader as Fn,
    url: "/api/compliance/frameworks",
  },
  { name: "page /privacy", fn: pagePrivacy.loader as Fn, url: "/privacy" },
  { name: "GET /api/privacy/requests", fn: apiPrivacyRequests.loader as Fn, url: "/api/privacy/requests" },
  {
    name: "POST /api/privacy/requests",
    fn: apiPrivacyRequests.action as Fn,
    method: "POST",
    url: "/api/privacy/requests",
    make: () =>
      jsonBody({ type: "access", jurisdiction: "gdpr", subjectName: "Walk Subject", subjectEmail: "s@example.com" }),
  },
  {
    name: "GET /api/privacy/requests/:id",
    fn: apiPrivacyRequest.loader as Fn,
    url: "/api/privacy/requests/x",
    params: { id: "x" },
  },
  {
    name: "PATCH /api/privacy/requests/:id",
    fn: apiPrivacyRequest.action as Fn,
    method: "PATCH",
    url: "/api/privacy/requests/x",
    params: { id: "x" },
    make: () => jsonBody({ notes: "walk" }),
  },
  { name: "GET /api/tokens", fn: apiTokens.loader as Fn, url: "/api/tokens" },
  {
    name: "POST /api/tokens",
    fn: apiTokens.action as Fn,
    method: "POST",
    url: "/api/tokens",
    make: () => jsonBody({ name: "walk", scopes: ["read"] }),
  },
  {
    name: "DELETE /api/tokens/:id",
    fn: apiToken.action as Fn,
    method: "DELETE",
    url: "/api/tokens/x",
    params: { id: "x" },
  },
  // Single sign-on (issue 33).
  { name: "GET /api/sso", fn: apiSso.loader as Fn, url: "/api/sso" },
  {
    name: "PUT /api/sso",
    fn: apiSso.action as Fn,
    method: "PUT",
    url: "/api/sso",
    make: () =>
      jsonBody({
        issuer: "https://127.0.0.1:1",
        clientId: "walk",
        clientSecret: "walk",
        domains: ["example.com"],
        defaultRole: "member",
      }),
  },
  { name: "DELETE /api/sso", fn: apiSso.action as Fn, method: "DELETE", url: "/api/sso" },
  { name: "GET /api/playbooks", fn: apiPlaybooks.loader as Fn, url: "/api/playbooks" },
  {
    name: "POST /api/playbooks",
    fn: apiPlaybooks.action as Fn,
    method: "POST",
    url: "/api/playbooks",
    make: () => jsonBody({}),
  },
  {
    name: "GET /api/playbooks/:id/runs",
    fn: apiPlaybookRuns.loader as Fn,
    url: "/api/playbooks/x/runs",
    params: { id: "x" },
  },
  { name: "page /settings", fn: pageSettings.loader as Fn, url: "/settings" },
  {
    name: "action /settings (create-invite)",
    fn: pageSettings.action as Fn,
    method: "POST",
    url: "/settings",
    make: () => form({ intent: "create-invite", role: "member" }),
  },
  {
    name: "action /settings (start-trial)",
    fn: pageSettings.action as Fn,
    method: "POST",
    url: "/settings",
    make: () => form({ intent: "start-trial" }),
  },
  {
    name: "action /settings (remove-member)",
    fn: pageSettings.action as Fn,
    method: "POST",
    url: "/settings",
    make: () => form({ intent: "remove-member", userId: randomUUID() }),
  },
  // The APIs whose handlers lived in module files until issue 27 (the coverage check below did not see them).
  {
    name: "POST /api/alerts/:id/acknowledge",
    fn: apiAlertAction.action as Fn,
    method: "POST",
    url: "/api/alerts/x/acknowledge",
    params: { id: "x", action: "acknowledge" },
    file: "/api/alerts/$id/$action",
  },
  {
    name: "GET /api/alerts/stream",
    // The tenant's own stream stays open: cancelled at once (which releases its slot), only the status kept.
    fn: (async (args) => {
      const res = (await apiAlertsStream.loader(args as never)) as Response;
      await res.body?.cancel();
      return new Response(null, { status: res.status });
    }) as Fn,
    url: "/api/alerts/stream",
  },
  { name: "GET /api/anomalies", fn: apiAnomalies.loader as Fn, url: "/api/anomalies" },
  { name: "GET /api/anomalies/:id", fn: apiAnomaly.loader as Fn, url: "/api/anomalies/x", params: { id: "x" } },
  {
    name: "PATCH /api/anomalies/:id",
    fn: apiAnomaly.action as Fn,
    method: "PATCH",
    url: "/api/anomalies/x",
    params: { id: "x" },
    make: () => jsonBody({ status: "benign" }),
  },
  { name: "GET /api/detection/rules", fn: apiDetectionRules.loader as Fn, url: "/api/detection/rules" },
  {
    name: "POST /api/detection/rules",
    fn: apiDetectionRules.action as Fn,
    method: "POST",
    url: "/api/detection/rules",
    make: () => jsonBody({ yaml: "" }),
  },
  {
    name: "GET /api/detection/rules/:id",
    fn: apiDetectionRule.loader as Fn,
    url: "/api/detection/rules/x",
    params: { id: "x" },
  },
  { name: "GET /api/detections", fn: apiDetections.loader as Fn, url: "/api/detections" },
  {
    name: "POST /api/events",
    fn: apiEvents.action as Fn,
    method: "POST",
    url: "/api/events",
    make: () => ({ body: "", headers: { "Content-Type": "application/x-ndjson" } }),
  },
  { name: "GET /api/incidents", fn: apiIncidents.loader as Fn, url: "/api/incidents" },
  {
    name: "POST /api/incidents",
    fn: apiIncidents.action as Fn,
    method: "POST",
    url: "/api/incidents",
    make: () => jsonBody({}),
  },
  { name: "GET /api/incidents/:id", fn: apiIncident.loader as Fn, url: "/api/incidents/x", params: { id: "x" } },
  {
    name: "POST /api/incidents/:id/comments",
    fn: apiIncidentComments.action as Fn,
    method: "POST",
    url: "/api/incidents/x/comments",
    params: { id: "x" },
    make: () => jsonBody({ text: "hi" }),
  },
  {
    name: "POST /api/incidents/:id/evidence",
    fn: apiIncidentEvidence.action as Fn,
    method: "POST",
    url: "/api/incidents/x/evidence",
    params: { id: "x" },
    make: () => ({ body: new FormData() }),
  },
  {
    name: "POST /api/incidents/:id/observables",
    fn: apiIncidentObservables.action as Fn,
    method: "POST",
    url: "/api/incidents/x/observables",
    params: { id: "x" },
    make: () => jsonBody({ type: "ip", value: "203.0.113.9" }),
  },
  {
    name: "POST /api/incidents/:id/tasks",
    fn: apiIncidentTasks.action as Fn,
    method: "POST",
    url: "/api/incidents/x/tasks",
    params: { id: "x" },
    make: () => jsonBody({ title: "x" }),
  },
  {
    name: "PATCH /api/incidents/:id/tasks/:taskId",
    fn: apiIncidentTask.action as Fn,
    method: "PATCH",
    url: "/api/incidents/x/tasks/x",
    params: { id: "x", taskId: "x" },
    make: () => jsonBody({ status: "done" }),
    file: "/api/incidents/$id/tasks/$taskId",
  },
  {
    name: "GET /api/incidents/:id/timeline",
    fn: apiIncidentTimeline.loader as Fn,
    url: "/api/incidents/x/timeline",
    params: { id: "x" },
  },
  { name: "GET /api/notification-channels", fn: apiChannels.loader as Fn, url: "/api/notification-channels" },
  {
    name: "POST /api/notification-channels/:id/test",
    fn: apiChannelTest.action as Fn,
    method: "POST",
    url: "/api/notification-channels/x/test",
    params: { id: "x" },
    file: "/api/notification-channels/$id/[test]",
  },
  {
    name: "POST /api/threat-hunting/sigma",
    fn: apiSigmaHunt.action as Fn,
    method: "POST",
    url: "/api/threat-hunting/sigma",
    make: () => jsonBody({ yaml: "" }),
  },
];

describe("X-Tenant-Id of another tenant, and of a tenant that does not exist, get the same 403 FORBIDDEN", () => {
  it.each(ROUTES.map((r) => [r.name, r] as const))("%s", async (_name, route) => {
    const answer = (tenantHeader: string) => {
      const made = route.make?.() ?? {};
      return call(route.fn, {
        method: route.method,
        url: route.url,
        params: route.params,
        body: made.body,
        headers: { ...(made.headers ?? {}), Cookie: A.cookie, "X-Tenant-Id": tenantHeader },
      });
    };
    const foreign = await answer(B.tenantId);
    const missing = await answer(randomUUID());
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toEqual({ message: "Access forbidden", code: "FORBIDDEN" });
    expect(missing).toEqual(foreign);
    // The walk can fail: with A's own tenant the same request is not refused.
    const own = await answer(A.tenantId);
    expect(own.status, own.body).not.toBe(403);
    expect(own.status, own.body).toBeLessThan(500);
  });
});

describe("a row id of another tenant answers exactly like a row id that does not exist (404), and the row is unchanged", () => {
  const status = (table: string, id: string) =>
    (sqlite().prepare(`SELECT status FROM ${table} WHERE id = ?`).get(id) as { status: string } | undefined)?.status;
  const exists = (table: string, id: string) =>
    sqlite().prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;

  type RowCase = { name: string; run: (id: string) => Promise<Answer>; id: () => string; unchanged: () => void };
  const signedA = (extra: Record<string, string> = {}) => ({ Cookie: A.cookie, ...extra });
  const CASES: RowCase[] = [
    {
      name: "POST /api/phishing/items/:id/quarantine",
      id: () => rows.phishing,
      run: (id) =>
        call(apiPhishingQuarantine.action as Fn, {
          method: "POST",
          url: `/api/phishing/items/${id}/quarantine`,
          params: { id },
          headers: signedA(),
        }),
      unchanged: () => expect(status("phishing_items", rows.phishing)).toBe("detected"),
    },
    {
      name: "POST /api/phishing/items/:id/release",
      id: () => rows.phishing,
      run: (id) =>
        call(apiPhishingRelease.action as Fn, {
          method: "POST",
          url: `/api/phishing/items/${id}/release`,
          params: { id },
          headers: signedA(),
        }),
      unchanged: () => expect(status("phishing_items", rows.phishing)).toBe("detected"),
    },
    {
      name: "POST /api/dark-web/exposures/:id",
      id: () => rows.exposure,
      run: (id) =>
        call(apiDarkWebExposure.action as Fn, {
          method: "POST",
          url: `/api/dark-web/exposures/${id}`,
          params: { id },
          ...jsonBody({ status: "resolved" }),
          headers: signedA({ "Content-Type": "application/json" }),
        }),
      unchanged: () => expect(status("exposures", rows.exposure)).toBe("open"),
    },
    {
      name: "action /alerts (resolve)",
      id: () => rows.alert,
      run: (id) =>
        call(pageAlerts.action as Fn, {
          method: "POST",
          url: "/alerts",
          ...form({ alertId: id, status: "resolved" }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () => expect(status("alerts", rows.alert)).toBe("active"),
    },
    {
      name: "action /vulnerability (finding status)",
      id: () => rows.finding,
      run: (id) =>
        call(pageVulnerability.action as Fn, {
          method: "POST",
          url: "/vulnerability",
          ...form({ intent: "status", id, status: "accepted", reason: "not ours" }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () => expect(status("dep_findings", rows.finding)).toBe("open"),
    },
    {
      name: "action /phishing (quarantine)",
      id: () => rows.phishing,
      run: (id) =>
        call(pagePhishing.action as Fn, {
          method: "POST",
          url: "/phishing",
          ...form({ intent: "quarantine", id }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () => expect(status("phishing_items", rows.phishing)).toBe("detected"),
    },
    {
      name: "action /phishing-enhanced (release)",
      id: () => rows.phishing,
      run: (id) =>
        call(pagePhishingEnhanced.action as Fn, {
          method: "POST",
          url: "/phishing-enhanced",
          ...form({ intent: "release", id }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () => expect(status("phishing_items", rows.phishing)).toBe("detected"),
    },
    {
      name: "action /dark-web-monitoring (remove identity)",
      id: () => rows.identity,
      run: (id) =>
        call(pageDarkWeb.action as Fn, {
          method: "POST",
          url: "/dark-web-monitoring",
          ...form({ intent: "remove", identityId: id }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () => expect(exists("watched_identities", rows.identity)).toBe(true),
    },
    {
      name: "action /dark-web-monitoring (resolve exposure)",
      id: () => rows.exposure,
      run: (id) =>
        call(pageDarkWeb.action as Fn, {
          method: "POST",
          url: "/dark-web-monitoring",
          ...form({ intent: "resolve", exposureId: id }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () => expect(status("exposures", rows.exposure)).toBe("open"),
    },
    {
      name: "action /settings (revoke-invite)",
      id: () => rows.invitation,
      run: (id) =>
        call(pageSettings.action as Fn, {
          method: "POST",
          url: "/settings",
          ...form({ intent: "revoke-invite", invitationId: id }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () => expect(exists("invitations", rows.invitation)).toBe(true),
    },
    {
      name: "action /settings (remove-member)",
      id: () => B.userId,
      run: (id) =>
        call(pageSettings.action as Fn, {
          method: "POST",
          url: "/settings",
          ...form({ intent: "remove-member", userId: id }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () =>
        expect(
          sqlite().prepare("SELECT 1 FROM memberships WHERE user_id = ? AND tenant_id = ?").get(B.userId, B.tenantId),
        ).toBeTruthy(),
    },
    {
      name: "action /settings (change-role)",
      id: () => B.userId,
      run: (id) =>
        call(pageSettings.action as Fn, {
          method: "POST",
          url: "/settings",
          ...form({ intent: "change-role", userId: id, role: "member" }),
          headers: signedA(form({}).headers),
        }),
      unchanged: () =>
        expect(
          (
            sqlite()
              .prepare("SELECT role FROM memberships WHERE user_id = ? AND tenant_id = ?")
              .get(B.userId, B.tenantId) as { role: string }
          ).role,
        ).toBe("owner"),
    },
  ];

  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const foreign = await c.run(c.id());
    const missing = await c.run(randomUUID());
    expect(foreign.status, foreign.body).toBe(404);
    expect(foreign).toEqual(missing);
    c.unchanged();
  });

  it("B's rows never appear in A's lists", async () => {
    const urls: [Fn, string][] = [
      [apiPhishingItems.loader as Fn, "/api/phishing/items"],
      [apiDarkWebExposures.loader as Fn, "/api/dark-web/exposures"],
      [apiDarkWebIdentities.loader as Fn, "/api/dark-web/identities"],
      [apiAlertsActive.loader as Fn, "/api/alerts/active"],
      [apiDashboardData.loader as Fn, "/api/dashboard/data"],
    ];
    for (const [fn, url] of urls) {
      const a = await call(fn, { url, headers: { Cookie: A.cookie } });
      expect(a.status).toBe(200);
      for (const id of Object.values(rows)) expect(a.body, url).not.toContain(id);
      expect(a.body).not.toContain("watched-b@example.com");
      expect(a.body).not.toContain(B.tenantId);
    }
  });

  it("POST /api/tenants/select: another tenant and one that does not exist get the same 403, and the session keeps its choice", async () => {
    const select = (tenantId: string) =>
      call(apiTenantsSelect.action as Fn, {
        method: "POST",
        url: "/api/tenants/select",
        ...form({ tenantId }),
        headers: { Cookie: A.cookie, ...form({}).headers },
      });
    const foreign = await select(B.tenantId);
    const missing = await select(randomUUID());
    expect(foreign.status).toBe(403);
    expect(foreign).toEqual(missing);
    const after = sqlite()
      .prepare("SELECT DISTINCT selected_tenant_id AS t FROM sessions WHERE user_id = ?")
      .all(A.userId) as { t: string }[];
    expect(after.map((r) => r.t)).not.toContain(B.tenantId);
  });
});

describe("the walk covers the routes that exist", () => {
  it("every tenant-scoped /api route file is in the walk", () => {
    const dir = path.resolve("app/routes");
    const scoped = fs
      .readdirSync(dir)
      .filter((f) => /^api\..*\.ts$/.test(f) && !f.endsWith(".test.ts"))
      .filter((f) => fs.readFileSync(path.join(dir, f), "utf8").includes("requireTenantContext"));
    const walked = new Set(
      ROUTES.map((r) => r.file ?? r.url)
        .filter((u) => u.startsWith("/api/"))
        .map((u) => u.replace(/\/x(\/|$)/, "/$id$1")),
    );
    const missing = scoped.filter((f) => {
      const url = "/" + f.replace(/\.ts$/, "").split(".").join("/");
      return !walked.has(url);
    });
    expect(missing).toEqual([]);
  });
});
