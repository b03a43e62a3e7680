/**
 * requireTenantContext: the one check every loader and action starts with.
 * It resolves the signed-in user, the selected tenant (X-Tenant-Id on API
 * requests, else the session's choice, else the user's oldest membership) and
 * the effective plan, then applies the route's plan feature and role rules.
 * It *throws* the answer when access is refused: a redirect to /login for
 * pages, 401 JSON for APIs, 403 FORBIDDEN, or the 403 upgrade answer whose
 * page shows the upgrade banner. Memoised per request (request-scope.server.ts),
 * since Remix runs the layout's and the child's loaders in parallel.
 */
import type { Role } from "~/lib/permissions";
import {
  displayTenantName,
  hasFeature,
  lowestPlanWith,
  upgradeRequiredText,
  type Feature,
  type OrganizationAllowance,
  type Plan,
} from "~/lib/plans";
import { forbidden, tooManyRequests, unauthorized } from "~/lib/http.server";
import {
  getSession,
  loginRedirect,
  setSelectedTenant,
  type SessionRecord,
  sessionStillLive,
  type SessionUser,
} from "~/modules/accounts";
import {
  getMembership,
  getTenant,
  listTenantsForUser,
  organizationAllowanceForUser,
  tenantEffectivePlan,
  type TenantListItem,
} from "./tenants.server";
import { getTrial, hasUsedTrial, type TrialInfo } from "./trials.server";
import { APP_ROUTES } from "~/lib/app-routes";
import { verificationBlock } from "~/modules/accounts";
import { scopedMemo } from "~/lib/request-scope.server";
import { markGrantUsed } from "~/modules/emergency-access/index.server";
import { allows, type Permission } from "~/modules/permissions";
import { rateLimit } from "~/lib/rate-limit.server";
import {
  apiTokenStillLive,
  resolveApiToken,
  scopeFor,
  tokenFromHeader,
  TOKEN_RATE_LIMIT,
  type TokenScope,
} from "~/modules/api-tokens";

export type SelectedTenant = { id: string; name: string; displayName: string; plan: Plan; role: Role };

export type TenantContext = {
  user: SessionUser;
  session: SessionRecord;
  tenants: TenantListItem[];
  tenant: SelectedTenant | null;
  plan: Plan;
  effectivePlan: Plan;
  trial: TrialInfo | null;
  allowance: OrganizationAllowance;
  /** Set when the request authenticated with an API token (Authorization: Bearer) instead of a session. */
  token?: { id: string; name: string; scopes: TokenScope[] };
};

export type UpgradeRequired = {
  code: "UPGRADE_REQUIRED";
  message: string;
  feature: Feature;
  requiredPlan: Plan;
  /** The module behind the wall and what it does (issue 32), from the route table. */
  module: { label: string; purpose: string } | null;
  /** The organization may start its 14-day trial here, and this person may start it (an owner, verified, unused). */
  trialEligible: boolean;
  /** This person may ask the operator for the plan (owners); others are told to ask an owner. */
  canRequest: boolean;
};

const contexts = new WeakMap<Request, Promise<TenantContext | null>>();

/** Paths that answer like an API: /api and the Splunk HEC endpoint shippers post to. */
export function isApiPath(pathname: string) {
  return (
    pathname.startsWith("/api/") || pathname === "/services/collector" || pathname.startsWith("/services/collector/")
  );
}

function isApi(request: Request) {
  return isApiPath(new URL(request.url).pathname);
}

/** The tenant context of a signed-in request, or null when signed out. Throws 403 for a foreign X-Tenant-Id. */
export function getTenantContext(request: Request): Promise<TenantContext | null> {
  let pending = contexts.get(request);
  if (!pending) {
    // Remix gives each loader a new Request: the request scope shares the context between them.
    pending = scopedMemo("tenant-context", request, () => build(request));
    contexts.set(request, pending);
  }
  return pending;
}

async function build(request: Request): Promise<TenantContext | null> {
  // API tokens authenticate API paths only: a page never acts on a bearer header.
  if (isApi(request) && request.headers.has("Authorization")) return buildFromToken(request);
  const resolved = await getSession(request);
  if (!resolved) return null;
  const { user, session } = resolved;
  const list = listTenantsForUser(user.id);
  const header = request.headers.get("X-Tenant-Id");
  let chosen: TenantListItem | undefined;
  if (header !== null) {
    // A tenant the user is not in and one that does not exist get the same answer.
    chosen = list.find((t) => t.tenantId === header);
    if (!chosen) throw forbidden();
  } else {
    chosen = list.find((t) => t.tenantId === session.selectedTenantId) ?? list[0];
    if (chosen && chosen.tenantId !== session.selectedTenantId) setSelectedTenant(session.idHash, chosen.tenantId);
  }
  // The first request that opens an organization through an emergency access grant is its "used" moment.
  if (chosen?.emergency && !chosen.emergency.used)
    markGrantUsed({ ...chosen.emergency, tenantId: chosen.tenantId }, user.id);
  // Each trial is read once per request: the selected tenant's (effective plan)
  // and those of the user's owned tenants (organization allowance) overlap.
  const now = Date.now();
  const trials = new Map<string, TrialInfo>();
  const trialOf = (tenantId: string) => {
    let t = trials.get(tenantId);
    if (!t) trials.set(tenantId, (t = getTrial(tenantId, now)));
    return t;
  };
  const trial = chosen ? trialOf(chosen.tenantId) : null;
  const plan: Plan = chosen?.tenant.plan ?? "free";
  return {
    user,
    session,
    tenants: list,
    tenant: chosen
      ? {
          id: chosen.tenantId,
          name: chosen.tenant.name,
          displayName: displayTenantName(chosen.tenant.name),
          plan,
          role: chosen.role,
        }
      : null,
    plan,
    effectivePlan: chosen && trial ? tenantEffectivePlan(chosen.tenantId, plan, now, trial) : "free",
    trial,
    allowance: organizationAllowanceForUser(user.id, now, { list, trialOf }),
  };
}

/**
 * The context of a request carrying an API token (issue 14). The token acts as
 * its tenant only and within its scopes: `read` for GET, `events:write` for
 * posting events; other requests are 403 whatever the scopes. Its role is
 * viewer, so role-gated reads (the audit trail, the token list) stay with people.
 * Unknown, malformed or revoked tokens are 401; each token is rate-limited.
 */
function buildFromToken(request: Request): TenantContext {
  const secret = tokenFromHeader(request.headers.get("Authorization"));
  const now = Date.now();
  const token = secret ? resolveApiToken(secret, now) : null;
  if (!token) throw unauthorized();
  const limited = rateLimit(`api-token:${token.id}`, TOKEN_RATE_LIMIT.limit, TOKEN_RATE_LIMIT.windowMs, now);
  if (!limited.allowed) throw tooManyRequests(limited.retryAfterSeconds);
  const header = request.headers.get("X-Tenant-Id");
  if (header !== null && header !== token.tenantId) throw forbidden();
  const url = new URL(request.url);
  const scope = scopeFor(request.method, url.pathname);
  if (!scope || !token.scopes.includes(scope)) throw forbidden("This API token's scopes do not allow this request");
  const row = getTenant(token.tenantId);
  if (!row) throw unauthorized();
  const plan: Plan = row.plan;
  const trial = getTrial(token.tenantId, now);
  const effectivePlan = tenantEffectivePlan(token.tenantId, plan, now, trial);
  // A plan without API access (after a downgrade or a trial's end) turns its tokens off.
  if (!hasFeature(effectivePlan, "apiAccess")) throw upgradeRequired("apiAccess");
  const role: Role = "viewer";
  return {
    user: token.actor,
    session: {
      idHash: `api-token:${token.id}`,
      userId: token.actor.id,
      selectedTenantId: token.tenantId,
      expiresAt: now,
      createdAt: now,
    },
    tenants: [{ tenantId: token.tenantId, tenant: { name: row.name, plan }, role }],
    tenant: { id: token.tenantId, name: row.name, displayName: displayTenantName(row.name), plan, role },
    plan,
    effectivePlan,
    trial,
    allowance: organizationAllowanceForUser(token.actor.id, now),
    token: { id: token.id, name: token.name, scopes: token.scopes },
  };
}

export type RequireOptions = {
  feature?: Feature;
  roles?: readonly Role[];
  /** A cell of the entity × action matrix (app/modules/permissions.ts) the selected organization's role must allow. */
  permission?: Permission;
  /** Answer like an API (JSON 401/403) even outside /api. */
  api?: boolean;
  /** The API's 403 message when the role lacks `roles` or `permission`: the module's own words for the refusal. */
  refusal?: string;
};

export function upgradeRequired(
  feature: Feature,
  opts: { path?: string; trialEligible?: boolean; canRequest?: boolean } = {},
): Response {
  const route =
    APP_ROUTES.find((r) => r.path === opts.path && r.feature === feature) ??
    APP_ROUTES.find((r) => r.feature === feature && r.sidebar) ??
    null;
  const body: UpgradeRequired = {
    code: "UPGRADE_REQUIRED",
    message: upgradeRequiredText(feature),
    feature,
    requiredPlan: lowestPlanWith(feature),
    module: route ? { label: route.label, purpose: route.purpose } : null,
    trialEligible: opts.trialEligible ?? false,
    canRequest: opts.canRequest ?? false,
  };
  return new Response(JSON.stringify(body), {
    status: 403,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function requireTenantContext(
  request: Request,
  options: RequireOptions = {},
): Promise<TenantContext & { tenant: SelectedTenant }> {
  const api = options.api ?? isApi(request);
  const ctx = await getTenantContext(request);
  if (!ctx) throw api ? unauthorized() : loginRedirect(request);
  if (!ctx.tenant)
    throw api
      ? forbidden()
      : new Response(JSON.stringify({ code: "NO_TENANT", message: "Loading dashboard..." }), {
          status: 409,
          headers: { "Content-Type": "application/json" },
        });
  if (options.feature && !hasFeature(ctx.effectivePlan, options.feature)) {
    if (api) throw forbidden();
    throw upgradeRequired(options.feature, {
      path: new URL(request.url).pathname,
      canRequest: allows(ctx.tenant.role, ["organization", "manage"]),
      trialEligible:
        ctx.trial?.status === "none" &&
        allows(ctx.tenant.role, ["organization", "manage"]) &&
        !hasUsedTrial(ctx.user.id) &&
        verificationBlock(ctx.user.id, "trial") === null,
    });
  }
  if (
    (options.roles && !options.roles.includes(ctx.tenant.role)) ||
    (options.permission && !allows(ctx.tenant.role, options.permission))
  ) {
    throw api
      ? forbidden(options.refusal)
      : new Response(JSON.stringify({ code: "FORBIDDEN", message: "Access forbidden" }), {
          status: 403,
          headers: { "Content-Type": "application/json" },
        });
  }
  return ctx as TenantContext & { tenant: SelectedTenant };
}

/**
 * The role check on its own, for an action whose permission depends on what
 * the request asks (an intent field): the same 403 as requireTenantContext.
 */
export function requirePermission(
  request: Request,
  ctx: { tenant: SelectedTenant },
  permission: Permission,
  options: { api?: boolean } = {},
): void {
  if (allows(ctx.tenant.role, permission)) return;
  throw (options.api ?? isApi(request))
    ? forbidden()
    : new Response(JSON.stringify({ code: "FORBIDDEN", message: "Access forbidden" }), {
        status: 403,
        headers: { "Content-Type": "application/json" },
      });
}

/**
 * The role a context resolved earlier still has now, or null when its access has ended: for an answer that outlives
 * its request (the alert stream, issue 26), asked again before each thing it sends. The same rules as building the
 * context: the session is live (not signed out, expired or its account deleted) or the token is (not revoked, its
 * creator still a member covering its scopes, the plan still has API access); the person is still a member; the
 * tenant's plan still has `feature`.
 */
export function currentRole(
  ctx: TenantContext & { tenant: SelectedTenant },
  feature?: Feature,
  now = Date.now(),
): Role | null {
  const tenantId = ctx.tenant.id;
  let role: Role;
  let plan: Plan;
  if (ctx.token) {
    const row = apiTokenStillLive(ctx.token.id) ? getTenant(tenantId) : null;
    if (!row) return null;
    role = "viewer";
    plan = row.plan;
  } else {
    const membership = sessionStillLive(ctx.session.idHash, ctx.user.id, now)
      ? getMembership(ctx.user.id, tenantId)
      : null;
    if (!membership) return null;
    role = membership.role;
    plan = membership.plan;
  }
  const effective = tenantEffectivePlan(tenantId, plan, now);
  if (ctx.token && !hasFeature(effective, "apiAccess")) return null;
  if (feature && !hasFeature(effective, feature)) return null;
  return role;
}

/** Signed-in user only (no tenant needed). */
export async function requireUser(request: Request, options: { api?: boolean } = {}) {
  const resolved = await getSession(request);
  if (!resolved) throw (options.api ?? isApi(request)) ? unauthorized() : loginRedirect(request);
  return resolved;
}

export { getMembership };
