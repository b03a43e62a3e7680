/**
 * The role × action walk over every route that can change state (issue 26 §6, decision 015).
 *
 * The list of routes is not written here: it is read from app/routes. Every route file that exports an `action`
 * must have a row in ROUTES below, saying who may use it: a guarded row lists one representative request per
 * method or form `intent` with the permission (the matrix of app/modules/permissions.ts) and plan feature it needs; the other kinds
 * say why the route needs no role (public forms, the signed-in person's own account, Splunk tokens, routes that
 * refuse every non-GET). A new route file with an action and no row fails the first test, so it must be
 * classified before it ships.
 *
 * Each guarded request is sent as the owner, an admin, a member and a viewer of a fresh Enterprise organization:
 * roles the table refuses get 403 and the organization's rows are exactly as before; the roles it allows do not
 * get 403. Each request needing a paid plan feature is also sent by the owner of a Free organization: 403 with the
 * plan's answer (UPGRADE_REQUIRED on pages, FORBIDDEN on the API, docs/api.md), nothing changed.
 * Routes are called directly (loader/action with a real Request) against this file's own SQLite database.
 */
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sqlite } from "~/lib/db.server";
import { ROLES, type Role } from "~/lib/permissions";
import { allows, type Permission } from "~/modules/permissions";
import { hasFeature, lowestPlanWith, PLAN_DISPLAY_NAME, type Feature } from "~/lib/plans";
import { resetRateLimits } from "~/lib/rate-limit.server";
import { createSession } from "~/modules/accounts/session.server";
import { createUser } from "~/modules/accounts/accounts.server";
import { markEmailVerified } from "~/modules/accounts";
import { createTenant, setTenantPlan } from "~/modules/tenants/tenants.server";
import { raiseAlert } from "~/modules/alerts/alerts.server";
import { addTask, createCase } from "~/modules/incidents/cases.server";
import { addWatchedEmail } from "~/modules/breach/watchlist.server";
import { createRequest } from "~/modules/privacy/requests.server";
import { createRule } from "~/modules/detection/rules.server";
import { loadSigmaRule } from "~/modules/detection/sigma";
import { createApiToken } from "~/modules/api-tokens/tokens.server";
import { createInvitation } from "~/modules/tenants/members.server";

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
const BASE = "http://localhost";
const CTX = { clientIp: "198.51.100.26" };

// ---------------------------------------------------------------------------
// Organizations and requests
// ---------------------------------------------------------------------------

type Person = { userId: string; email: string; cookie: string };
let people: Record<Role, Person>;

/**
 * One organization per request walked, so an allowed mutation never changes what the next role sees, with a row
 * of each kind the requests name: an allowed role's request then really changes something, and a refused role's
 * "nothing changed" is about a request that would have.
 */
type Org = {
  tenantId: string;
  name: string;
  people: Record<Role, Person>;
  caseId: string;
  taskId: string;
  alertId: string;
  phishingId: string;
  identityId: string;
  exposureId: string;
  privacyId: string;
  ruleId: string;
  findingId: string;
  tokenId: string;
  invitationId: string;
};
let breachId: string;

async function person(role: Role): Promise<Person> {
  const email = `matrix-${role}-${randomUUID().slice(0, 8)}@example.com`;
  const { user, tenantId } = await createUser(email, `Role matrix walk ${randomUUID()}`);
  markEmailVerified(user.id);
  const cookie = (await createSession(new Request(`${BASE}/login`), user.id, { selectedTenantId: tenantId })).split(
    ";",
  )[0];
  return { userId: user.id, email, cookie };
}

function organization(plan: "enterprise" | "free"): Org {
  const db = sqlite();
  const now = Date.now();
  const name = `Matrix ${randomUUID().slice(0, 8)}`;
  const owner = people.owner.userId;
  const { id: tenantId } = createTenant(owner, name, { enforceLimit: false });
  setTenantPlan(tenantId, plan);
  const insert = db.prepare("INSERT INTO memberships (id, user_id, tenant_id, role) VALUES (?, ?, ?, ?)");
  for (const role of ["admin", "member", "viewer"] as const)
    insert.run(randomUUID(), people[role].userId, tenantId, role);
  const alertId = raiseAlert({ tenantId, source: "test", severity: "high", title: "Matrix alert" })!;
  // The case page looks the case up before the role (a missing case is 404 for everyone): a real one.
  const caseId = createCase(tenantId, { title: "Matrix case", severity: "high" }, { userId: owner }).id;
  const taskId = addTask(tenantId, caseId, { title: "Matrix task" }, { userId: owner })!.id;
  const phishingId = randomUUID();
  db.prepare(
    "INSERT INTO phishing_items (id, tenant_id, subject, sender, risk, score, status, rationale, analysis, size_bytes, created_at) VALUES (?, ?, 'Invoice', 'x@example.net', 'high', 90, 'detected', '[]', '{}', 10, ?)",
  ).run(phishingId, tenantId, now);
  const identityId = addWatchedEmail(tenantId, "watched-matrix@example.com").id;
  const exposureId = randomUUID();
  db.prepare(
    "INSERT INTO exposures (id, tenant_id, identity_id, breach_id, status, created_at) VALUES (?, ?, ?, ?, 'open', ?)",
  ).run(exposureId, tenantId, identityId, breachId, now);
  const privacyId = createRequest(
    tenantId,
    {
      type: "access",
      jurisdiction: "gdpr",
      subjectName: "Ada Subject",
      subjectEmail: "ada@example.org",
      channel: "email",
    },
    { userId: owner, label: people.owner.email },
  ).id;
  const ruleId = createRule(tenantId, SIGMA, loadSigmaRule(SIGMA), owner).id;
  const projectId = randomUUID();
  db.prepare(
    "INSERT INTO dep_projects (id, tenant_id, name, filename, format, ecosystem, package_count, packages, scanned_at) VALUES (?, ?, 'matrix app', 'go.sum', 'go.sum', 'Go', 0, '[]', ?)",
  ).run(projectId, tenantId, now);
  const findingId = randomUUID();
  db.prepare(
    "INSERT INTO dep_findings (id, tenant_id, project_id, advisory_id, ecosystem, package_name, version, aliases, summary, severity, status, updated_at) VALUES (?, ?, ?, 'GHSA-matrix', 'Go', 'x', 'v1.0.0', '[]', 'Matrix finding', 'high', 'open', ?)",
  ).run(findingId, tenantId, projectId, now);
  const tokenId =
    plan === "enterprise" ? createApiToken({ tenantId, userId: owner, name: "Matrix", scopes: ["read"] }).id : FAKE;
  const invitationId = createInvitation(tenantId, "member", owner).id;
  return {
    tenantId,
    name,
    people,
    caseId,
    taskId,
    alertId,
    phishingId,
    identityId,
    exposureId,
    privacyId,
    ruleId,
    findingId,
    tokenId,
    invitationId,
  };
}

type Body = { body?: BodyInit; headers?: Record<string, string> };
const form = (fields: Record<string, string>): Body => ({
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});
const json = (value: unknown): Body => ({
  body: JSON.stringify(value),
  headers: { "Content-Type": "application/json" },
});
function multipart(fields: Record<string, string>, file?: { field: string; name: string; text: string }): Body {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  if (file) data.set(file.field, new File([file.text], file.name, { type: "text/plain" }));
  return { body: data };
}

type Fn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
type Answer = { status: number; body: string };

async function call(fn: Fn, request: Request, params: Record<string, string>): Promise<Answer> {
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

/** Every row of the organization (tables with a tenant_id) and the row count of every other table. */
function snapshot(tenantId: string): string {
  const db = sqlite();
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    // Sessions record when they were last used, which any request may touch.
    if (name === "sessions") continue;
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[];
    if (columns.some((c) => c.name === "tenant_id"))
      out[name] = db.prepare(`SELECT * FROM "${name}" WHERE tenant_id = ? ORDER BY rowid`).all(tenantId);
    else if (columns.length) out[name] = (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n;
  }
  out.tenant = db.prepare("SELECT * FROM tenants WHERE id = ?").get(tenantId);
  return JSON.stringify(out);
}

// ---------------------------------------------------------------------------
// The table: every route file with an action
// ---------------------------------------------------------------------------

type Probe = {
  /** What is sent, e.g. `intent=upload` or `PATCH`. */
  label: string;
  method?: "POST" | "PUT" | "PATCH" | "DELETE";
  /** The cell of the entity × action matrix this needs (organization view: every role, nothing is stored). */
  permission: Permission;
  /** The plan feature it needs (absent: every plan). */
  feature?: Feature;
  url: (org: Org) => string;
  params?: (org: Org) => Record<string, string>;
  make?: (org: Org) => Body;
};

type Row =
  | { kind: "guarded"; probes: Probe[]; personal?: { intents: string[]; why: string } }
  | { kind: "public"; why: string }
  | { kind: "personal"; why: string }
  | { kind: "token"; why: string; url: string }
  | { kind: "refuses"; why: string; url: string }
  | { kind: "test-only"; why: string; url: string }
  // Issue 32: the operator console answers 404 to every customer, whatever their role.
  | { kind: "operator"; why: string; url: string };

type Fields = Record<string, string> | ((org: Org) => Record<string, string>);

/** One probe per form intent of a page action. */
const page = (
  url: string | ((org: Org) => string),
  permission: Permission,
  intents: Record<string, Fields>,
  feature?: Feature,
  params?: Probe["params"],
): Probe[] =>
  Object.entries(intents).map(([intent, fields]) => ({
    label: `intent=${intent}`,
    permission,
    feature,
    url: (org) => (typeof url === "string" ? url : url(org)),
    params,
    make: (org) => form({ intent, ...(typeof fields === "function" ? fields(org) : fields) }),
  }));

const ONLY_GET = "answers 405 to every method but GET (onlyGet / methodNotAllowed)";
const FAKE = "00000000-0000-4000-8000-000000000000";
const SIGMA = `title: Matrix rule
logsource:
  product: windows
detection:
  selection:
    CommandLine|contains: whoami
  condition: selection
level: high
`;
const LOCKFILE = "requests==2.19.0\n";
const NMAP_XML =
  '<?xml version="1.0"?><nmaprun scanner="nmap" start="1700000000"><host><status state="up"/><address addr="192.0.2.10" addrtype="ipv4"/><ports><port protocol="tcp" portid="6379"><state state="open"/><service name="redis"/></port></ports></host></nmaprun>';
const PLAYBOOK_ID = { id: FAKE };

const ROUTES: Record<string, Row> = {
  // --- public forms and answers: no account involved -------------------------------------------------------------
  "_public.breach-check.tsx": { kind: "public", why: "the public breach check; stores nothing" },
  "_public.contact.tsx": { kind: "public", why: "the public contact form" },
  "_public.privacy-request.$slug.tsx": { kind: "public", why: "a data subject's request to an organization" },
  "api.breaches.check.ts": { kind: "public", why: "the public breach check as JSON; stores nothing" },
  "api.osquery.enroll.ts": { kind: "public", why: "osquery agents enrol with the organization's enroll secret" },
  "api.osquery.config.ts": { kind: "public", why: "an enrolled osquery agent, by its node key" },
  "api.osquery.log.ts": { kind: "public", why: "an enrolled osquery agent, by its node key" },
  "api.osquery.distributed.read.ts": { kind: "public", why: "an enrolled osquery agent, by its node key" },
  "api.osquery.distributed.write.ts": { kind: "public", why: "an enrolled osquery agent, by its node key" },
  "login.tsx": { kind: "public", why: "signing in" },
  "login_.2fa.tsx": { kind: "public", why: "the sign-in's second step, for a session that passed the password" },
  "signup.tsx": { kind: "public", why: "creating an account" },
  "forgot-password.tsx": { kind: "public", why: "asking for a reset link" },
  "verify-domain.$token.tsx": {
    kind: "public",
    why: "a domain's administrator confirms by the link mailed to security@/postmaster@/hostmaster@ (the token is the right)",
  },
  "reset-password.$token.tsx": { kind: "public", why: "setting a new password with a mailed token" },
  // Training (issue 34): a simulation's landing page and report, and a course's quiz, each by its token alone.
  "p.$token.tsx": { kind: "public", why: "a simulation's landing page (records a submission, reads no body)" },
  "r.$token.tsx": { kind: "public", why: "reporting a simulation mail as phishing" },
  "learn.$token.tsx": { kind: "public", why: "an assigned course's quiz, by the assignment's token" },

  // --- the signed-in person's own account, whatever their role in any organization -------------------------------
  "upgrade.tsx": {
    kind: "guarded",
    // Issue 32: the upgrade wall's trial and plan request, owners only.
    probes: page("/upgrade", ["organization", "manage"], {
      "start-trial": { redirectTo: "/dashboard" },
      "request-plan": { plan: "business", redirectTo: "/dashboard" },
    }),
  },
  "operator.tsx": { kind: "operator", why: "the operator console (operators only)", url: "/operator" },
  "_app.organizations.new.tsx": { kind: "personal", why: "creates the person's own organization (plan limit)" },
  "_app.verify-email.tsx": { kind: "personal", why: "re-sends the person's verification mail" },
  "invite.$token.tsx": { kind: "personal", why: "accepts an invitation addressed to the person" },
  "api.tenants.ts": { kind: "personal", why: "creates the person's own organization (plan limit)" },
  "api.tenants.select.ts": { kind: "personal", why: "chooses which of the person's organizations is shown" },
  "account.notices.ts": { kind: "personal", why: "dismisses the person's own notices" },
  "api.logout.tsx": { kind: "personal", why: "ends the person's session" },
  "_app.settings.security.tsx": {
    kind: "personal",
    why: "the person's own two-factor sign-in and sessions (issue 33)",
  },
  "preferences.sidebar.ts": { kind: "personal", why: "a cookie with the sidebar state" },

  // --- authenticated by a Splunk token with events:write, never by a session -------------------------------------
  "services.collector.ts": { kind: "token", why: "Splunk HEC", url: "/services/collector" },
  "services.collector.event.ts": { kind: "token", why: "Splunk HEC", url: "/services/collector/event" },
  "services.collector.event.1[.]0.ts": { kind: "token", why: "Splunk HEC", url: "/services/collector/event/1.0" },
  "services.collector.raw.ts": { kind: "token", why: "Splunk HEC raw", url: "/services/collector/raw" },
  "services.collector.raw.1[.]0.ts": { kind: "token", why: "Splunk HEC raw", url: "/services/collector/raw/1.0" },
  "services.collector.ack.ts": { kind: "token", why: "Splunk HEC ack (disabled)", url: "/services/collector/ack" },
  "services.collector.ack.1[.]0.ts": {
    kind: "token",
    why: "Splunk HEC ack (disabled)",
    url: "/services/collector/ack/1.0",
  },
  "services.collector.health.ts": { kind: "refuses", why: "HEC health is GET only", url: "/services/collector/health" },
  "services.collector.health.1[.]0.ts": {
    kind: "refuses",
    why: "HEC health is GET only",
    url: "/services/collector/health/1.0",
  },
  "services.collector.$.ts": { kind: "refuses", why: "HEC's JSON 404", url: "/services/collector/x" },

  // --- exists only for the end-to-end suite ----------------------------------------------------------------------
  "[__test].raise-alert.ts": {
    kind: "test-only",
    why: "404 unless the server runs with RAMPART_TEST_ROUTES=1",
    url: "/__test/raise-alert",
  },

  // --- resource routes that refuse every method but GET ----------------------------------------------------------
  "api.$.ts": { kind: "refuses", why: "404 for any /api path without a route", url: "/api/nothing-here" },
  "api.achievements.ts": { kind: "refuses", why: ONLY_GET, url: "/api/achievements" },
  "api.alerts.active.ts": { kind: "refuses", why: ONLY_GET, url: "/api/alerts/active" },
  "api.alerts.stream.ts": { kind: "refuses", why: ONLY_GET, url: "/api/alerts/stream" },
  "api.analytics.ts": { kind: "refuses", why: ONLY_GET, url: "/api/analytics" },
  "api.anomalies.ts": { kind: "refuses", why: ONLY_GET, url: "/api/anomalies" },
  "api.auth.user.ts": { kind: "refuses", why: ONLY_GET, url: "/api/auth/user" },
  "api.dark-web.exposures.ts": { kind: "refuses", why: ONLY_GET, url: "/api/dark-web/exposures" },
  "api.dashboard.data.ts": { kind: "refuses", why: ONLY_GET, url: "/api/dashboard/data" },
  "api.dashboard.ts": { kind: "refuses", why: ONLY_GET, url: "/api/dashboard" },
  "api.detections.ts": { kind: "refuses", why: ONLY_GET, url: "/api/detections" },
  "api.incidents.$id.timeline.ts": { kind: "refuses", why: ONLY_GET, url: "/api/incidents/x/timeline" },
  "api.phishing.items.ts": { kind: "refuses", why: ONLY_GET, url: "/api/phishing/items" },
  "api.recommendations.ts": { kind: "refuses", why: ONLY_GET, url: "/api/recommendations" },
  "api.trial.status.ts": { kind: "refuses", why: ONLY_GET, url: "/api/trial/status" },
  "api.usage.warnings.ts": { kind: "refuses", why: ONLY_GET, url: "/api/usage/warnings" },
  "api.user.plan.ts": { kind: "refuses", why: ONLY_GET, url: "/api/user/plan" },
  "api.vulnerability.scans.$id.ts": { kind: "refuses", why: ONLY_GET, url: "/api/vulnerability/scans/x" },

  // --- guarded: the organization's state ------------------------------------------------------------------------
  "_app.training-management.tsx": {
    kind: "guarded",
    probes: page(
      "/training-management",
      ["training", "manage"],
      {
        "create-campaign": { name: "Matrix campaign" },
        "import-template": {},
        "delete-template": { templateId: FAKE },
        "assign-course": { courseId: "phishing-basics" },
      },
      "teamMonitoring",
    ),
  },
  "notifications.read.ts": {
    kind: "guarded",
    probes: [
      { label: "POST", permission: ["organization", "view"], url: () => "/notifications/read", make: () => form({}) },
    ],
  },
  "_app.settings._index.tsx": {
    kind: "guarded",
    personal: {
      intents: ["change-password", "end-other-sessions", "delete-account"],
      why: "act on the person's own account",
    },
    probes: page("/settings?index", ["organization", "manage"], { "start-trial": {} }),
  },
  "_app.settings.organization.tsx": {
    kind: "guarded",
    probes: [
      ...page("/settings/organization", ["organization", "manage"], {
        "rename-organization": { name: "Renamed" },
        "two-factor-policy": { required: "off" },
      }),
      {
        label: "intent=delete-organization",
        permission: ["organization", "manage"],
        url: () => "/settings/organization",
        make: (org) => form({ intent: "delete-organization", confirmName: org.name }),
      },
    ],
  },
  // Emergency access (issue 34): the organization's side is the permission table's; the contact's side acts on the
  // person's own nomination (often not a member), checked against it and their verified address.
  "_app.emergency-access.tsx": {
    kind: "guarded",
    personal: {
      intents: ["accept", "decline", "request"],
      why: "a trusted contact answers or uses their own nomination",
    },
    probes: [
      ...page(
        "/emergency-access",
        ["emergencyAccess", "manage"],
        {
          add: { email: "trusted-matrix@example.org", level: "view", waitDays: "1", grantDays: "7" },
          remove: { contactId: FAKE },
          reject: { contactId: FAKE },
        },
        "teamMonitoring",
      ),
      ...page("/emergency-access", ["emergencyAccess", "revoke"], { revoke: { contactId: FAKE } }, "teamMonitoring"),
    ],
  },
  "emergency-access.nominations.ts": {
    kind: "personal",
    why: "a trusted contact answers or uses their own nomination (checked against it and their verified address)",
  },
  "[__test].clock.ts": {
    kind: "test-only",
    why: "404 unless the end-to-end server installed its test clock (never in a production start)",
    url: "/__test/clock",
  },
  "_app.settings.members.tsx": {
    kind: "guarded",
    probes: [
      ...page("/settings/members", ["member", "invite"], {
        "create-invite": { role: "member" },
        "revoke-invite": (org) => ({ invitationId: org.invitationId }),
      }),
      {
        label: "intent=change-role",
        permission: ["member", "manage"],
        url: () => "/settings/members",
        make: (org) => form({ intent: "change-role", userId: org.people.viewer.userId, role: "member" }),
      },
      {
        label: "intent=remove-member",
        permission: ["member", "manage"],
        url: () => "/settings/members",
        make: (org) => form({ intent: "remove-member", userId: org.people.viewer.userId }),
      },
    ],
  },
  "_app.settings.tokens.tsx": {
    kind: "guarded",
    probes: page(
      "/settings/tokens",
      ["apiToken", "manage"],
      { "create-token": { tokenName: "CI", scopes: "read" }, "revoke-token": (org) => ({ tokenId: org.tokenId }) },
      "apiAccess",
    ),
  },
  // Issue 33 part B: single sign-on (owners and admins connect it, owners require it) and a person's passkeys.
  "_app.settings.sso.tsx": {
    kind: "guarded",
    probes: [
      ...page(
        "/settings/sso",
        ["sso", "configure"],
        {
          "save-sso": {
            issuer: "https://127.0.0.1:1",
            clientId: "rampart",
            clientSecret: "secret",
            domains: "example.com",
            defaultRole: "member",
          },
          "remove-sso": {},
        },
        "ssoSupport",
      ),
      ...page("/settings/sso", ["sso", "enforce"], { "enforce-sso": { enforced: "on" } }, "ssoSupport"),
    ],
  },
  "api.sso.ts": {
    kind: "guarded",
    probes: [
      {
        label: "PUT",
        method: "PUT",
        permission: ["sso", "configure"],
        feature: "ssoSupport",
        url: () => "/api/sso",
        make: () =>
          json({
            issuer: "https://127.0.0.1:1",
            clientId: "rampart",
            clientSecret: "secret",
            domains: ["example.com"],
            defaultRole: "member",
          }),
      },
      {
        label: "DELETE",
        method: "DELETE",
        permission: ["sso", "configure"],
        feature: "ssoSupport",
        url: () => "/api/sso",
      },
    ],
  },
  "_app.settings.passkeys.tsx": { kind: "personal", why: "renames and removes the person's own passkeys" },
  "api.passkeys.registration.ts": { kind: "personal", why: "adds a passkey to the person's own account" },
  "api.passkeys.sign-in.ts": { kind: "public", why: "signing in with a passkey" },
  "_public.auth0-setup.tsx": { kind: "personal", why: "tests an issuer's discovery for the person; stores nothing" },
  "login_.sso.ts": { kind: "refuses", why: "single sign-on's start is a GET", url: "/login/sso" },
  "login_.sso_.callback.ts": { kind: "refuses", why: "the provider's callback is a GET", url: "/login/sso/callback" },
  // Posts to /settings itself reach the section owning the intent: one probe per section proves the same checks.
  "_app.settings.tsx": {
    kind: "guarded",
    probes: [
      ...page("/settings", ["organization", "manage"], {
        "start-trial": {},
        "rename-organization": { name: "Renamed" },
      }),
      {
        label: "intent=remove-member",
        permission: ["member", "manage"],
        url: () => "/settings",
        make: (org) => form({ intent: "remove-member", userId: org.people.viewer.userId }),
      },
      ...page(
        "/settings",
        ["apiToken", "manage"],
        { "create-token": { tokenName: "CI", scopes: "read" } },
        "apiAccess",
      ),
    ],
  },
  "_app.alerts.tsx": {
    kind: "guarded",
    probes: ["acknowledge", "resolve", "reopen", "silence-1h", "silence-24h"].map((op) => ({
      label: `op=${op}`,
      permission: ["alert", "triage"] as const,
      feature: "securityAlerts" as const,
      url: () => "/alerts",
      make: (org: Org) => form({ op: `${op}:${org.alertId}` }),
    })),
  },
  "_app.dark-web-monitoring.tsx": {
    kind: "guarded",
    probes: [
      ...page("/dark-web-monitoring", ["watchlist", "manage"], {
        add: { value: "watched@example.org" },
        remove: (org) => ({ identityId: org.identityId }),
        // Issue 32: the org's watched entry is an e-mail address, so an allowed role's check answers 404.
        "verify-domain": (org) => ({ identityId: org.identityId }),
        "mail-domain-confirmation": (org) => ({ identityId: org.identityId, mailbox: "security" }),
      }),
      ...page("/dark-web-monitoring", ["exposure", "triage"], {
        resolve: (org) => ({ exposureId: org.exposureId }),
        skip: (org) => ({ exposureId: org.exposureId }),
        reopen: (org) => ({ exposureId: org.exposureId }),
      }),
    ],
  },
  "_app.phishing.tsx": {
    kind: "guarded",
    probes: [
      ...page("/phishing", ["email", "analyze"], { analyze: { raw: "Subject: hi\r\n\r\nhello" } }),
      ...page("/phishing", ["email", "triage"], {
        quarantine: (org) => ({ id: org.phishingId }),
        release: (org) => ({ id: org.phishingId }),
      }),
    ],
  },
  "_app.phishing-enhanced.tsx": {
    kind: "guarded",
    probes: [
      ...page("/phishing-enhanced", ["email", "analyze"], { analyze: { raw: "Subject: hi\r\n\r\nhello" } }),
      ...page("/phishing-enhanced", ["email", "triage"], {
        quarantine: (org) => ({ id: org.phishingId }),
        release: (org) => ({ id: org.phishingId }),
      }),
    ],
  },
  "_app.password.tsx": {
    kind: "guarded",
    probes: [
      {
        label: "POST (analysis only, stores nothing)",
        permission: ["organization", "view"],
        feature: "passwordAnalyzer",
        url: () => "/password",
        make: () => form({ password: "correct horse battery staple" }),
      },
    ],
  },
  "_app.vulnerability.tsx": {
    kind: "guarded",
    probes: [
      ...page("/vulnerability", ["finding", "analyze"], {
        upload: { name: "matrix app", filename: "requirements.txt", content: LOCKFILE },
        "scan-site": { siteId: FAKE },
      }),
      ...page("/vulnerability", ["finding", "change"], {
        status: (org) => ({ id: org.findingId, status: "remediated" }),
        "add-site": { url: "https://www.example.com/" },
        "remove-site": { siteId: FAKE },
      }),
      ...page("/vulnerability", ["organization", "view"], {
        paste: { url: "https://www.example.com/", headers: "HTTP/1.1 200 OK\r\nX-Frame-Options: DENY\r\n" },
      }),
    ],
  },
  "_app.privacy.tsx": {
    kind: "guarded",
    probes: [
      ...page("/privacy", ["privacyRequest", "log"], {
        create: {
          type: "access",
          jurisdiction: "gdpr",
          subjectName: "Ada Subject",
          subjectEmail: "ada@example.org",
          channel: "email",
        },
      }),
      ...page("/privacy", ["privacyRequest", "work"], {
        settings: { timeZone: "UTC", intakeJurisdiction: "gdpr", customDays: "30" },
      }),
    ],
  },
  "_app.privacy_.$id.tsx": {
    kind: "guarded",
    probes: page(
      (org) => `/privacy/${org.privacyId}`,
      ["privacyRequest", "work"],
      {
        status: { status: "verifying" },
        extend: { reason: "complex", notifiedAt: "2026-01-01" },
        task: { taskId: FAKE, taskStatus: "done" },
        assign: { assigneeId: "" },
        notes: { notes: "n" },
      },
      undefined,
      (org) => ({ id: org.privacyId }),
    ),
  },
  "_app.privacy_.data-map.tsx": {
    kind: "guarded",
    probes: page("/privacy/data-map", ["privacyRequest", "configure"], {
      "add-system": { name: "CRM", owner: "Sales", dataCategories: "contact" },
      "remove-system": { id: FAKE },
    }),
  },
  // Issue 31: the executive view's tool costs and hourly rate (owners and admins).
  "_app.executive.tsx": {
    kind: "guarded",
    probes: page(
      "/executive",
      ["executiveCosts", "manage"],
      { "save-costs": { currency: "EUR", hourlyRate: "50", "cost:phishing": "100" } },
      "executiveDashboard",
    ),
  },
  "_app.zero-trust.tsx": {
    kind: "guarded",
    probes: page(
      "/zero-trust",
      ["zeroTrust", "assess"],
      { save: { group: "identity", "stage:identity.authentication": "2", "notes:identity.authentication": "MFA" } },
      "teamMonitoring",
    ),
  },
  "_app.endpoint-security.tsx": {
    kind: "guarded",
    probes: page(
      "/endpoint-security",
      ["endpoint", "manage"],
      { "create-secret": { name: "Matrix" }, "revoke-secret": { id: FAKE }, "remove-host": { id: FAKE } },
      "endpointSecurity",
    ),
  },
  "_app.network-security.tsx": {
    kind: "guarded",
    probes: [
      ...page(
        "/network-security",
        ["networkScan", "import"],
        { import: { filename: "scan.xml", content: NMAP_XML } },
        "teamMonitoring",
      ),
      ...page(
        "/network-security",
        ["networkTarget", "manage"],
        { "add-target": { target: "203.0.113.0/28" }, "remove-target": { target: "203.0.113.0/28" } },
        "teamMonitoring",
      ),
    ],
  },
  "api.network.scans.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST JSON",
        permission: ["networkScan", "import"],
        feature: "teamMonitoring",
        url: () => "/api/network/scans",
        make: () => json({ filename: "scan.xml", content: NMAP_XML }),
      },
      {
        label: "POST multipart",
        permission: ["networkScan", "import"],
        feature: "teamMonitoring",
        url: () => "/api/network/scans",
        make: () => multipart({}, { field: "file", name: "scan.xml", text: NMAP_XML }),
      },
    ],
  },
  "api.network.scans.$id.changes.ts": { kind: "refuses", why: ONLY_GET, url: "/api/network/scans/x/changes" },
  "_app.compliance-monitoring.tsx": {
    kind: "guarded",
    probes: page(
      "/compliance-monitoring",
      ["complianceRecord", "manage"],
      { adopt: { framework: "nist-csf-2.0" }, drop: { framework: "nist-csf-2.0" } },
      "teamMonitoring",
    ),
  },
  "_app.compliance-monitoring_.$framework.requirements.$requirement.tsx": {
    kind: "guarded",
    probes: page(
      "/compliance-monitoring/nist-csf-2.0/requirements/GV.OC-01",
      ["complianceRecord", "manage"],
      {
        status: { status: "implemented" },
        owner: { ownerId: "" },
        "evidence-link": { url: "https://www.example.com/policy", title: "Policy" },
        "evidence-file": {},
        "evidence-remove": { evidenceId: FAKE },
      },
      "teamMonitoring",
      () => ({ framework: "nist-csf-2.0", requirement: "GV.OC-01" }),
    ),
  },
  "_app.incident-response.tsx": {
    kind: "guarded",
    probes: [
      ...page(
        "/incident-response",
        ["incident", "work"],
        { create: { title: "Matrix case", severity: "low" } },
        "incidentResponse",
      ),
      {
        label: "intent=from-alerts",
        permission: ["incident", "work"],
        feature: "incidentResponse",
        url: () => "/incident-response",
        make: (org) => form({ intent: "from-alerts", alertId: org.alertId }),
      },
      ...page(
        "/incident-response",
        ["incident", "setTargets"],
        { sla: { severity: "high", ackMinutes: "10", containMinutes: "60", resolveMinutes: "240" } },
        "incidentResponse",
      ),
    ],
  },
  "_app.incident-response_.$id.tsx": {
    kind: "guarded",
    probes: (
      [
        ["status", ["incident", "manage"], { status: "closed", resolution: "true-positive" }],
        ["details", ["incident", "work"], { title: "Renamed case", severity: "high" }],
        ["task-add", ["incident", "work"], { title: "Look", phase: "identification" }],
        ["task", ["incident", "work"], { status: "done" }],
        ["observable", ["incident", "work"], { type: "ip", value: "203.0.113.9" }],
        ["comment", ["incident", "work"], { text: "Looked at it" }],
        ["evidence", ["incident", "work"], {}],
        ["merge", ["incident", "manage"], { into: FAKE }],
      ] as const
    ).map(([intent, permission, fields]) => ({
      label: `intent=${intent}`,
      permission,
      feature: "incidentResponse" as const,
      url: (org: Org) => `/incident-response/${org.caseId}`,
      params: (org: Org) => ({ id: org.caseId }),
      make: (org: Org) => form({ intent, ...fields, ...(intent === "task" ? { taskId: org.taskId } : {}) }),
    })),
  },
  "_app.incident-response_.templates.tsx": {
    kind: "guarded",
    probes: page(
      "/incident-response/templates",
      ["incident", "editTemplates"],
      { save: { key: "phishing", name: "Phishing", tasks: "1 | identification | Look" }, reset: { key: "phishing" } },
      "incidentResponse",
    ),
  },
  "_app.logs.tsx": {
    kind: "guarded",
    probes: page(
      "/logs",
      ["anomaly", "triage"],
      { "anomaly-status": { id: FAKE, status: "benign" }, retention: { days: "30" } },
      "logsAnomalies",
    ),
  },
  "_app.threat-hunting.tsx": {
    kind: "guarded",
    probes: [
      ...page(
        "/threat-hunting",
        ["hunt", "run"],
        {
          sigma: { yaml: SIGMA, days: "7" },
          save: { yaml: SIGMA, days: "7", name: "Saved hunt" },
          "save-query": { query: "whoami", days: "7", name: "Saved query" },
        },
        "threatHunting",
      ),
      ...page(
        "/threat-hunting",
        ["detectionRule", "manage"],
        { promote: { yaml: SIGMA, days: "7" }, "promote-query": { query: "Image:*whoami.exe", days: "7" } },
        "threatHunting",
      ),
    ],
  },
  "_app.siem-soar.tsx": {
    kind: "guarded",
    probes: [
      ...page(
        "/siem-soar",
        ["detectionRule", "manage"],
        {
          upload: { yaml: SIGMA },
          enable: (org) => ({ id: org.ruleId }),
          disable: (org) => ({ id: org.ruleId }),
          delete: (org) => ({ id: org.ruleId }),
          "playbook-save": { name: "Matrix playbook" },
          "playbook-enable": PLAYBOOK_ID,
          "playbook-disable": PLAYBOOK_ID,
          "playbook-delete": PLAYBOOK_ID,
          "run-approve": PLAYBOOK_ID,
          "run-reject": PLAYBOOK_ID,
          "indicator-remove": PLAYBOOK_ID,
          "placeholder-save": { name: "Admins_Workstations", values: "10.0.0.5" },
          "placeholder-delete": { name: "Admins_Workstations" },
        },
        "teamMonitoring",
      ),
      // Testing a rule on an event stores nothing: members may (hunt = analyze), viewers may not.
      ...page(
        "/siem-soar",
        ["hunt", "run"],
        { "test-rule": (org) => ({ ruleId: org.ruleId, eventJson: '{"CommandLine":"whoami"}' }) },
        "teamMonitoring",
      ),
    ],
  },
  "_app.admin.alert-rules.tsx": {
    kind: "guarded",
    probes: page(
      "/admin/alert-rules",
      ["adminArea", "open"],
      {
        create: { name: "Matrix rule", minSeverity: "high" },
        test: { name: "Matrix rule", minSeverity: "high" },
        delete: { id: FAKE },
        up: { id: FAKE },
        down: { id: FAKE },
        window: { name: "Maintenance", startsAt: "2030-01-01T00:00", endsAt: "2030-01-01T02:00" },
        "delete-window": { id: FAKE },
      },
      "adminDashboard",
    ),
  },
  "_app.admin.escalation-policies.tsx": {
    kind: "guarded",
    probes: page(
      "/admin/escalation-policies",
      ["adminArea", "open"],
      { create: { name: "Matrix policy", repeatLast: "0" }, delete: { id: FAKE } },
      "adminDashboard",
    ),
  },
  "_app.admin.notification-channels.tsx": {
    kind: "guarded",
    probes: page(
      "/admin/notification-channels",
      ["adminArea", "open"],
      {
        create: { type: "email", name: "Matrix channel", recipients: "ops@example.org" },
        test: { id: FAKE },
        delete: { id: FAKE },
      },
      "adminDashboard",
    ),
  },

  // --- guarded: the API ------------------------------------------------------------------------------------------
  "api.alerts.$id.$action.ts": {
    kind: "guarded",
    probes: (["acknowledge", "resolve", "silence"] as const).map((action) => ({
      label: `POST ${action}`,
      permission: ["alert", "triage"] as const,
      feature: "securityAlerts" as const,
      url: (org: Org) => `/api/alerts/${org.alertId}/${action}`,
      params: (org: Org) => ({ id: org.alertId, action }),
      make: () => json({ until: new Date(Date.now() + 3_600_000).toISOString() }),
    })),
  },
  "api.anomalies.$id.ts": {
    kind: "guarded",
    probes: [
      {
        label: "PATCH",
        method: "PATCH",
        permission: ["anomaly", "triage"],
        feature: "logsAnomalies",
        url: () => `/api/anomalies/${FAKE}`,
        params: () => ({ id: FAKE }),
        make: () => json({ status: "benign" }),
      },
    ],
  },
  "api.dark-web.exposures.$id.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["exposure", "triage"],
        url: (org) => `/api/dark-web/exposures/${org.exposureId}`,
        params: (org) => ({ id: org.exposureId }),
        make: () => json({ status: "resolved" }),
      },
    ],
  },
  "api.dark-web.identities.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["watchlist", "manage"],
        url: () => "/api/dark-web/identities",
        make: () => json({ value: "watched@example.org" }),
      },
    ],
  },
  "api.detection.rules.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["detectionRule", "manage"],
        feature: "threatHunting",
        url: () => "/api/detection/rules",
        make: () => json({ yaml: SIGMA }),
      },
    ],
  },
  "api.detection.rules.$id.ts": {
    kind: "guarded",
    probes: (["PATCH", "DELETE"] as const).map((method) => ({
      label: method,
      method,
      permission: ["detectionRule", "manage"] as const,
      feature: "threatHunting" as const,
      url: (org: Org) => `/api/detection/rules/${org.ruleId}`,
      params: (org: Org) => ({ id: org.ruleId }),
      make: () => (method === "PATCH" ? json({ enabled: false }) : {}),
    })),
  },
  "api.events.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST (session)",
        permission: ["event", "send"],
        feature: "logsAnomalies",
        url: () => "/api/events",
        make: () => ({
          body: JSON.stringify({ message: "matrix", host: "h1" }),
          headers: { "Content-Type": "application/x-ndjson" },
        }),
      },
    ],
  },
  "api.endpoints.inventory.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST (session)",
        permission: ["endpoint", "report"],
        feature: "endpointSecurity",
        url: () => "/api/endpoints/inventory",
        make: () =>
          json({
            hostId: "matrix",
            hostname: "matrix",
            platform: "linux",
            os: { name: "Debian GNU/Linux", version: "12" },
            packages: [],
          }),
      },
    ],
  },
  "api.incidents.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["incident", "work"],
        feature: "incidentResponse",
        url: () => "/api/incidents",
        make: () => json({ title: "API case", severity: "low" }),
      },
    ],
  },
  "api.incidents.$id.ts": {
    kind: "guarded",
    probes: [
      ["PATCH title", ["incident", "work"], { title: "Renamed" }],
      ["PATCH status", ["incident", "manage"], { status: "closed", resolution: "true-positive" }],
    ].map(([label, permission, body]) => ({
      label: label as string,
      method: "PATCH" as const,
      permission: permission as unknown as Permission,
      feature: "incidentResponse" as const,
      url: (org: Org) => `/api/incidents/${org.caseId}`,
      params: (org: Org) => ({ id: org.caseId }),
      make: () => json(body),
    })),
  },
  "api.incidents.$id.comments.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["incident", "work"],
        feature: "incidentResponse",
        url: (org) => `/api/incidents/${org.caseId}/comments`,
        params: (org) => ({ id: org.caseId }),
        make: () => json({ text: "A comment" }),
      },
    ],
  },
  "api.incidents.$id.evidence.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["incident", "work"],
        feature: "incidentResponse",
        url: (org) => `/api/incidents/${org.caseId}/evidence`,
        params: (org) => ({ id: org.caseId }),
        make: () => multipart({ note: "log" }, { field: "file", name: "log.txt", text: "evidence" }),
      },
    ],
  },
  "api.incidents.$id.observables.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["incident", "work"],
        feature: "incidentResponse",
        url: (org) => `/api/incidents/${org.caseId}/observables`,
        params: (org) => ({ id: org.caseId }),
        make: () => json({ type: "ip", value: "203.0.113.9" }),
      },
    ],
  },
  "api.incidents.$id.tasks.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["incident", "work"],
        feature: "incidentResponse",
        url: (org) => `/api/incidents/${org.caseId}/tasks`,
        params: (org) => ({ id: org.caseId }),
        make: () => json({ title: "Look", phase: "identification" }),
      },
    ],
  },
  "api.incidents.$id.tasks.$taskId.ts": {
    kind: "guarded",
    probes: [
      {
        label: "PATCH",
        method: "PATCH",
        permission: ["incident", "work"],
        feature: "incidentResponse",
        url: (org) => `/api/incidents/${org.caseId}/tasks/${org.taskId}`,
        params: (org) => ({ id: org.caseId, taskId: org.taskId }),
        make: () => json({ status: "done" }),
      },
    ],
  },
  "api.notification-channels.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["alert", "configure"],
        feature: "adminDashboard",
        url: () => "/api/notification-channels",
        make: () => json({ type: "email", name: "Matrix", recipients: ["ops@example.org"] }),
      },
    ],
  },
  "api.notification-channels.$id.[test].ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["alert", "configure"],
        feature: "adminDashboard",
        url: () => `/api/notification-channels/${FAKE}/test`,
        params: () => ({ id: FAKE }),
      },
    ],
  },
  "api.phishing.analyze.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["email", "analyze"],
        url: () => "/api/phishing/analyze",
        make: () => json({ raw: "From: a@example.com\r\nSubject: hi\r\n\r\nhello" }),
      },
    ],
  },
  "api.phishing.items.$id.quarantine.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["email", "triage"],
        url: (org) => `/api/phishing/items/${org.phishingId}/quarantine`,
        params: (org) => ({ id: org.phishingId }),
      },
    ],
  },
  "api.phishing.items.$id.release.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["email", "triage"],
        url: (org) => `/api/phishing/items/${org.phishingId}/release`,
        params: (org) => ({ id: org.phishingId }),
      },
    ],
  },
  "api.playbooks.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["playbook", "manage"],
        feature: "teamMonitoring",
        url: () => "/api/playbooks",
        make: () => json({ name: "Matrix playbook" }),
      },
    ],
  },
  // Issue 35: cloud snapshots are uploaded by members and up; the mutelist is for owners and admins.
  "_app.cloud-security.tsx": {
    kind: "guarded",
    probes: [
      ...page("/cloud-security", ["cloudSnapshot", "upload"], { upload: { provider: "aws" } }, "teamMonitoring"),
      ...page(
        "/cloud-security",
        ["cloudMute", "manage"],
        {
          mute: { checkId: "aws-iam-root-mfa", resource: "root account", reason: "Matrix probe" },
          unmute: { id: FAKE },
        },
        "teamMonitoring",
      ),
    ],
  },
  "api.cloud.snapshots.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["cloudSnapshot", "upload"],
        feature: "teamMonitoring",
        url: () => "/api/cloud/snapshots",
        make: () =>
          multipart(
            { provider: "aws" },
            { field: "file", name: "sg.json", text: JSON.stringify({ SecurityGroups: [] }) },
          ),
      },
    ],
  },
  "api.privacy.requests.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["privacyRequest", "log"],
        url: () => "/api/privacy/requests",
        make: () =>
          json({ type: "access", jurisdiction: "gdpr", subjectName: "Ada Subject", subjectEmail: "ada@example.org" }),
      },
    ],
  },
  "api.privacy.requests.$id.ts": {
    kind: "guarded",
    probes: [
      {
        label: "PATCH",
        method: "PATCH",
        permission: ["privacyRequest", "work"],
        url: (org) => `/api/privacy/requests/${org.privacyId}`,
        params: (org) => ({ id: org.privacyId }),
        make: () => json({ notes: "n" }),
      },
    ],
  },
  "api.threat-hunting.sigma.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["hunt", "run"],
        feature: "threatHunting",
        url: () => "/api/threat-hunting/sigma",
        make: () => json({ yaml: SIGMA }),
      },
    ],
  },
  "api.trial.start.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["organization", "manage"],
        url: () => "/api/trial/start",
        make: () => json({}),
      },
    ],
  },
  "api.tokens.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["apiToken", "manage"],
        feature: "apiAccess",
        url: () => "/api/tokens",
        make: () => json({ name: "CI", scopes: ["read"] }),
      },
    ],
  },
  "api.tokens.$id.ts": {
    kind: "guarded",
    probes: [
      {
        label: "DELETE",
        method: "DELETE",
        permission: ["apiToken", "manage"],
        feature: "apiAccess",
        url: (org) => `/api/tokens/${org.tokenId}`,
        params: (org) => ({ id: org.tokenId }),
      },
    ],
  },
  "api.vulnerability.dependencies.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST JSON",
        permission: ["finding", "analyze"],
        feature: "vulnerabilityScanning",
        url: () => "/api/vulnerability/dependencies",
        make: () => json({ filename: "requirements.txt", content: LOCKFILE, name: "matrix app" }),
      },
      {
        label: "POST multipart",
        permission: ["finding", "analyze"],
        feature: "vulnerabilityScanning",
        url: () => "/api/vulnerability/dependencies",
        make: () => multipart({ name: "matrix app" }, { field: "file", name: "requirements.txt", text: LOCKFILE }),
      },
    ],
  },
  "api.vulnerability.scans.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST",
        permission: ["finding", "analyze"],
        feature: "vulnerabilityScanning",
        url: () => "/api/vulnerability/scans",
        make: () => json({ url: "https://www.example.com/" }),
      },
    ],
  },
  "api.vulnerability.headers.ts": {
    kind: "guarded",
    probes: [
      {
        label: "POST (grades a paste, stores nothing)",
        permission: ["organization", "view"],
        feature: "vulnerabilityScanning",
        url: () => "/api/vulnerability/headers",
        make: () => json({ url: "https://www.example.com/", headers: { "X-Frame-Options": "DENY" } }),
      },
    ],
  },
};

// ---------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------

type RouteModule = { action?: Fn };
const modules = new Map<string, RouteModule>();

/** Every route module of the app: flat files, and `<folder>/route.tsx` for a route in a folder (not the tests). */
function routeFiles(): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(ROUTES_DIR, { withFileTypes: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(entry.name);
    if (entry.isDirectory())
      for (const name of ["route.tsx", "route.ts"])
        if (fs.existsSync(path.join(ROUTES_DIR, entry.name, name))) files.push(`${entry.name}/${name}`);
  }
  return files.sort();
}

beforeAll(async () => {
  for (const file of routeFiles()) modules.set(file, (await import(path.join(ROUTES_DIR, file))) as RouteModule);
  breachId = randomUUID();
  sqlite()
    .prepare(
      "INSERT INTO breaches (id, name, title, breach_date, added_date, data_classes) VALUES (?, ?, 'Matrix breach', '2024-01-01', '2024-02-01', '[]')",
    )
    .run(breachId, `matrix-${breachId}`);
  people = {
    owner: await person("owner"),
    admin: await person("admin"),
    member: await person("member"),
    viewer: await person("viewer"),
  };
}, 120_000);

beforeEach(() => resetRateLimits());

function send(file: string, probe: Probe, org: Org, who: Person): Promise<Answer> {
  const made = probe.make?.(org) ?? {};
  const headers = new Headers(made.headers);
  headers.set("Cookie", who.cookie);
  headers.set("X-Tenant-Id", org.tenantId);
  // Same-origin, as the server's cross-site guard requires of form posts.
  headers.set("Origin", BASE);
  const request = new Request(BASE + probe.url(org), { method: probe.method ?? "POST", headers, body: made.body });
  resetRateLimits();
  return call(modules.get(file)!.action!, request, probe.params?.(org) ?? {});
}

describe("the route list", () => {
  it("every route file with an action is classified in the role × action table", () => {
    const withAction = routeFiles().filter((f) => typeof modules.get(f)?.action === "function");
    // The walk must see the routes (about 90 of them), or it proves nothing.
    expect(withAction.length).toBeGreaterThan(60);
    const unclassified = withAction.filter((f) => !(f in ROUTES));
    expect(unclassified, "route files with an action but no row in ROUTES: classify them").toEqual([]);
    const stale = Object.keys(ROUTES).filter((f) => !withAction.includes(f));
    expect(stale, "rows in ROUTES for files that no longer exist or have no action").toEqual([]);
  });
});

/**
 * Form intents that are not a tenant mutation: the public breach check's two forms, and the `intent` some
 * actions put in their answer for the page to read (not a value a form sends).
 */
const INTENTS_NOT_GUARDED: Record<string, string> = {
  "rename-passkey": "the person's own passkeys (_app.settings.passkeys.tsx, personal)",
  "remove-passkey": "the person's own passkeys (_app.settings.passkeys.tsx, personal)",
  email: "the public breach check (_public.breach-check.tsx)",
  "set-plan": "the operator console (operator.tsx: 404 to every customer)",
  "verify-account-email": "the operator console (operator.tsx: 404 to every customer)",
  password: "the public breach check (_public.breach-check.tsx)",
  query: "threat hunting's answer to a bad query",
  saved: "threat hunting's answer to a saved hunt",
  promoted: "threat hunting's answer to a promoted rule",
  playbook: "SIEM/SOAR's answer to a playbook form",
  placeholder: "SIEM/SOAR's answer to a placeholder form",
  // Issue 33: the person's own second factor and sessions (login_.2fa.tsx, _app.settings.security.tsx).
  verify: "the sign-in's second step (login_.2fa.tsx, before any role)",
  "confirm-enrol": "enrolment the sign-in requires (login_.2fa.tsx, before any role)",
  "passkey-options": "a passkey as the sign-in's second step (login_.2fa.tsx, before any role)",
  passkey: "a passkey as the sign-in's second step (login_.2fa.tsx, before any role)",
  "start-two-factor": "the person's own two-factor sign-in (_app.settings.security.tsx)",
  "confirm-two-factor": "the person's own two-factor sign-in (_app.settings.security.tsx)",
  "disable-two-factor": "the person's own two-factor sign-in (_app.settings.security.tsx)",
  "end-session": "one of the person's own sessions (_app.settings.security.tsx)",
  "reset-two-factor": "the operator console (operator.tsx: 404 to every customer)",
};

/** Every intent literal the app's source sends or tests: `name="intent" value="x"`, `intent === "x"`. */
function intentLiterals(dir: string, found = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) intentLiterals(file, found);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const text = fs.readFileSync(file, "utf8");
      const re = /name="intent" value="([^"]+)"|intent(?:\.data)? [!=]== "([^"]+)"/g;
      for (const m of text.matchAll(re)) found.add(m[1] ?? m[2]);
    }
  }
  return found;
}

const guarded = Object.entries(ROUTES).flatMap(([file, row]) =>
  row.kind === "guarded" ? row.probes.map((probe) => ({ file, probe })) : [],
);

describe("the intents", () => {
  it("every form intent in the app's source has a probe (or is a personal, public or answer-only intent)", () => {
    const listed = new Set<string>(Object.keys(INTENTS_NOT_GUARDED));
    for (const row of Object.values(ROUTES)) {
      if (row.kind !== "guarded") continue;
      for (const p of row.probes) if (p.label.startsWith("intent=")) listed.add(p.label.slice("intent=".length));
      for (const intent of row.personal?.intents ?? []) listed.add(intent);
    }
    const found = intentLiterals(path.resolve(__dirname, "../../app"));
    expect(found.size).toBeGreaterThan(40);
    expect(
      [...found].filter((i) => !listed.has(i)).sort(),
      "intents with no probe in ROUTES: add one to the route that handles them",
    ).toEqual([]);
  });
});

describe("every guarded mutation asks the role × action table", () => {
  it.each(guarded.map(({ file, probe }) => [`${file} ${probe.label} (${probe.permission})`, file, probe] as const))(
    "%s",
    async (_name, file, probe) => {
      const org = organization("enterprise");
      // Refused roles first: an allowed role's change must not hide a refused one's.
      const order = [...ROLES].reverse();
      for (const role of order) {
        const before = snapshot(org.tenantId);
        const answer = await send(file, probe, org, people[role]);
        expect(answer.status, `${role}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
        if (allows(role, probe.permission)) {
          expect(answer.status, `${role} may (${probe.permission}): ${answer.body.slice(0, 300)}`).not.toBe(403);
        } else {
          expect(answer.status, `${role} may not (${probe.permission}): ${answer.body.slice(0, 300)}`).toBe(403);
          expect(snapshot(org.tenantId), `${role}'s refused request changed the organization`).toBe(before);
        }
      }
    },
  );
});

const paid = guarded.filter(({ probe }) => probe.feature && !hasFeature("free", probe.feature));

describe("a Free organization gets the plan's answer for every paid-feature mutation", () => {
  it.each(paid.map(({ file, probe }) => [`${file} ${probe.label} (${probe.feature})`, file, probe] as const))(
    "%s",
    async (_name, file, probe) => {
      const org = organization("free");
      const before = snapshot(org.tenantId);
      const answer = await send(file, probe, org, people.owner);
      expect(answer.status, answer.body.slice(0, 300)).toBe(403);
      const body = JSON.parse(answer.body) as { code?: string };
      if (probe.url(org).startsWith("/api/")) expect(body.code).toBe("FORBIDDEN");
      else {
        // A page answers the upgrade banner's 403, or a form section its own message naming the plan to get.
        const plan = PLAN_DISPLAY_NAME[lowestPlanWith(probe.feature!)];
        expect(body.code === "UPGRADE_REQUIRED" || answer.body.includes(plan), answer.body.slice(0, 300)).toBe(true);
      }
      expect(snapshot(org.tenantId)).toBe(before);
    },
  );
});

describe("routes that need no role still refuse a session's mutation", () => {
  const others = Object.entries(ROUTES).filter((e): e is [string, Extract<Row, { url: string }>] => "url" in e[1]);
  it.each(others.map(([file, row]) => [`${file} (${row.kind}: ${row.why})`, file, row] as const))(
    "%s",
    async (_name, file, row) => {
      const org = organization("enterprise");
      for (const role of ROLES) {
        const before = snapshot(org.tenantId);
        const probe: Probe = {
          label: "POST",
          permission: ["organization", "view"],
          url: () => row.url,
          make: () => json({}),
        };
        const answer = await send(file, probe, org, people[role]);
        const expected = { token: [401], refuses: [404, 405], "test-only": [404], operator: [404] }[row.kind];
        expect(expected, `${role}: ${answer.status} ${answer.body.slice(0, 200)}`).toContain(answer.status);
        expect(snapshot(org.tenantId)).toBe(before);
      }
    },
  );
});
