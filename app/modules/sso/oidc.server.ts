/**
 * Single sign-on with OpenID Connect, per organization (issue 33 part B). An owner or admin enters the
 * provider's issuer URL, the client id and secret and the e-mail domains it covers (domains the organization
 * has verified with a DNS TXT record, the breach module's verification). Discovery runs on save, through the
 * SSRF guard (app/lib/outbound.server.ts); a plain-HTTP or loopback issuer works only where the operator lets
 * outbound requests reach private addresses (RAMPART_ALLOW_PRIVATE_TARGETS=1), as for every other outbound request.
 *
 * Sign-in is the authorization code flow with PKCE; `state`, `nonce` and the code verifier are kept server-side
 * (sso_login_states, ten minutes, deleted on first use) and the state is also bound to the browser by a cookie.
 * openid-client validates the ID token (signature from the provider's JWKS, issuer, audience, expiry, nonce).
 * The first sign-in creates the account and the membership (just in time) with the default role, or the highest
 * role the groups claim maps to. The client authenticates with client_secret_post: the guard strips any
 * Authorization header from outbound requests.
 */
import { appRoute } from "~/lib/app-routes";
import { eq, lt } from "drizzle-orm";
import * as client from "openid-client";
import { z } from "zod";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import { OutboundError, privateTargetsAllowed } from "~/lib/outbound.server";
import { guardedFetchResponse } from "~/lib/outbound-fetch.server";
import { configuredOrigin } from "~/lib/public-origin.server";
import { open, seal } from "~/lib/secret-box.server";
import { findOrCreatePasswordlessUser } from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { verifiedDomains } from "~/modules/breach";
import { ensureMember, memberRole } from "~/modules/tenants";
import { SSO_NOTICES } from "./messages";
import { ssoConnections, ssoLoginStates, type SsoConnectionRow } from "./schema";

export const SSO_STATE_TTL_MS = 10 * 60 * 1000;
export const CALLBACK_PATH = "/login/sso/callback";
const DISCOVERY_TTL_MS = 10 * 60 * 1000;

const ROLE_RANK = { viewer: 0, member: 1, admin: 2 } as const;
const JitRole = z.enum(["admin", "member", "viewer"], { error: "defaultRole is admin, member or viewer" });
const Domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    "Each domain is a name like example.com",
  );

export const SsoConfigSchema = z.object({
  issuer: z.string().trim().url("issuer is the provider's issuer URL, like https://login.example.com").max(500),
  clientId: z.string().trim().min(1, "clientId is required").max(500),
  clientSecret: z.string().min(1, "clientSecret is required").max(2000),
  domains: z.array(Domain, { error: "domains is a list of e-mail domains" }).min(1, "Name at least one domain").max(50),
  defaultRole: JitRole,
  groupsClaim: z.string().trim().min(1).max(100).optional(),
  roleMap: z.record(z.string().max(200), JitRole).optional(),
});
export type SsoConfigInput = z.infer<typeof SsoConfigSchema>;

export type SsoView = {
  issuer: string;
  clientId: string;
  domains: string[];
  redirectUri: string;
  enforced: boolean;
  defaultRole: "admin" | "member" | "viewer";
  groupsClaim: string | null;
  roleMap: Record<string, "admin" | "member" | "viewer">;
};

/** The app's own origin for the redirect URI: the configured public address, else (outside production) the request's. */
export function appOrigin(requestUrl: string): string | null {
  return configuredOrigin() ?? (getEnv().NODE_ENV === "production" ? null : new URL(requestUrl).origin);
}

function redirectUriFor(requestUrl: string): string {
  const origin = appOrigin(requestUrl);
  if (!origin)
    throw new DomainError(
      "Single sign-on needs the server's public address (PUBLIC_URL): ask the person who runs it to set it.",
      { status: 400 },
    );
  return origin + CALLBACK_PATH;
}

// ---- outbound: openid-client's requests go through the SSRF guard ------------------------------------------

function discoveryOptions(): client.DiscoveryRequestOptions {
  return {
    [client.customFetch]: guardedFetchResponse,
    // Plain HTTP only where the operator lets outbound requests reach private networks (tests, closed networks).
    execute: privateTargetsAllowed() ? [client.allowInsecureRequests] : [],
    timeout: 10,
  };
}

/** Why discovery failed, in words naming the step (the 400 of PUT /api/sso and the guide's test). */
function discoveryFailure(issuer: string, error: unknown): DomainError {
  const where = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  let why: string;
  if (error instanceof OutboundError) why = error.message;
  else if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    why = cause instanceof OutboundError ? cause.message : error.message;
    if (/only requests to HTTPS are allowed/i.test(why)) why = "the issuer must be an https:// address";
  } else why = String(error);
  return new DomainError(`OpenID Connect discovery failed at ${where}: ${why}`, { status: 400, field: "issuer" });
}

const discovered = new Map<string, { config: client.Configuration; at: number }>();

async function discover(issuer: string, clientId: string, clientSecret: string): Promise<client.Configuration> {
  const key = `${issuer}\n${clientId}\n${clientSecret}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  let config: client.Configuration;
  try {
    config = await client.discovery(
      new URL(issuer),
      clientId,
      { client_secret: clientSecret },
      client.ClientSecretPost(clientSecret),
      discoveryOptions(),
    );
  } catch (error) {
    throw discoveryFailure(issuer, error);
  }
  const meta = config.serverMetadata();
  if (!meta.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri)
    throw new DomainError(
      `OpenID Connect discovery of ${issuer} found no ${!meta.authorization_endpoint ? "authorization_endpoint" : !meta.token_endpoint ? "token_endpoint" : "jwks_uri"}`,
      { status: 400, field: "issuer" },
    );
  discovered.set(key, { config, at: Date.now() });
  return config;
}

export type DiscoveryReport = {
  issuer: string;
  authorizationEndpoint: string | null;
  tokenEndpoint: string | null;
  userinfoEndpoint: string | null;
  jwksUri: string | null;
  endSessionEndpoint: string | null;
  scopes: string[];
  claims: string[];
  pkceMethods: string[];
  supportsS256: boolean;
};

/** The guide's "Test connection": discovery of an issuer, reported field by field (no client needed). */
export async function testDiscovery(issuer: string): Promise<DiscoveryReport> {
  const parsed = z.string().trim().url().safeParse(issuer);
  if (!parsed.success)
    throw new DomainError("Enter the provider's issuer URL, like https://login.example.com", {
      status: 400,
      field: "issuer",
    });
  let config: client.Configuration;
  try {
    config = await client.discovery(new URL(parsed.data), "rampart-connection-test", undefined, client.None(), {
      ...discoveryOptions(),
    });
  } catch (error) {
    throw discoveryFailure(parsed.data, error);
  }
  const m = config.serverMetadata();
  const pkce = m.code_challenge_methods_supported ?? [];
  return {
    issuer: m.issuer,
    authorizationEndpoint: m.authorization_endpoint ?? null,
    tokenEndpoint: m.token_endpoint ?? null,
    userinfoEndpoint: m.userinfo_endpoint ?? null,
    jwksUri: m.jwks_uri ?? null,
    endSessionEndpoint: m.end_session_endpoint ?? null,
    scopes: m.scopes_supported ?? [],
    claims: m.claims_supported ?? [],
    pkceMethods: pkce,
    supportsS256: pkce.includes("S256"),
  };
}

// ---- the connection ------------------------------------------------------------------------------------------

function connectionRow(tenantId: string): SsoConnectionRow | null {
  return db.select().from(ssoConnections).where(eq(ssoConnections.tenantId, tenantId)).get() ?? null;
}

function view(row: SsoConnectionRow, requestUrl: string): SsoView {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    domains: row.domains,
    redirectUri: redirectUriFor(requestUrl),
    enforced: row.enforcedAt !== null,
    defaultRole: row.defaultRole,
    groupsClaim: row.groupsClaim,
    roleMap: row.roleMap ?? {},
  };
}

/** The organization's connection as the API and the settings page show it (never the secret), or null. */
export function getSsoConnection(tenantId: string, requestUrl: string): SsoView | null {
  const row = connectionRow(tenantId);
  return row ? view(row, requestUrl) : null;
}

/** The domain already covered by another organization's connection, if any (one provider per domain). */
function domainTakenElsewhere(tenantId: string, domains: string[]): string | null {
  for (const row of db
    .select({ tenantId: ssoConnections.tenantId, domains: ssoConnections.domains })
    .from(ssoConnections)
    .all())
    if (row.tenantId !== tenantId) for (const d of domains) if (row.domains.includes(d)) return d;
  return null;
}

/**
 * Saves the connection after checking its domains and running discovery. An empty client secret on a change keeps
 * the stored one (the settings form never shows it).
 */
export async function saveSsoConnection(
  tenantId: string,
  actor: { userId: string; ip?: string | null },
  input: Omit<SsoConfigInput, "clientSecret"> & { clientSecret?: string },
  requestUrl: string,
): Promise<SsoView> {
  const redirectUri = redirectUriFor(requestUrl);
  const domains = [...new Set(input.domains)];
  const verified = new Set(verifiedDomains(tenantId));
  const unverified = domains.filter((d) => !verified.has(d));
  if (unverified.length)
    throw new DomainError(
      `${unverified.join(", ")} ${unverified.length === 1 ? "is" : "are"} not verified by this organization: verify ${unverified.length === 1 ? "it" : "them"} under ${appRoute("/dark-web-monitoring").label} (a DNS TXT record) first.`,
      { status: 400, field: "domains" },
    );
  const taken = domainTakenElsewhere(tenantId, domains);
  if (taken)
    throw new DomainError(`${taken} already signs in through another organization's single sign-on.`, {
      status: 409,
      field: "domains",
    });
  const existing = connectionRow(tenantId);
  const secret = input.clientSecret || (existing ? open(existing.clientSecretSealed) : "");
  if (!secret) throw new DomainError("clientSecret is required", { status: 400, field: "clientSecret" });
  const config = await discover(input.issuer, input.clientId, secret);
  // Store the issuer exactly as the provider names itself (the ID token's `iss` is compared with it).
  const issuer = config.serverMetadata().issuer;
  const now = Date.now();
  const values = {
    issuer,
    clientId: input.clientId,
    clientSecretSealed: seal(secret),
    domains,
    defaultRole: input.defaultRole,
    groupsClaim: input.groupsClaim ?? null,
    roleMap: input.roleMap ?? null,
    updatedAt: now,
  };
  if (existing) db.update(ssoConnections).set(values).where(eq(ssoConnections.tenantId, tenantId)).run();
  else
    db.insert(ssoConnections)
      .values({ tenantId, createdBy: actor.userId, ...values })
      .run();
  audit({
    action: "sso.configured",
    tenantId,
    userId: actor.userId,
    ip: actor.ip,
    detail: { issuer, domains, defaultRole: input.defaultRole },
  });
  return { ...view(connectionRow(tenantId)!, requestUrl), redirectUri };
}

export function removeSsoConnection(tenantId: string, actor: { userId: string; ip?: string | null }): boolean {
  const removed = db.delete(ssoConnections).where(eq(ssoConnections.tenantId, tenantId)).run().changes > 0;
  if (removed) audit({ action: "sso.removed", tenantId, userId: actor.userId, ip: actor.ip });
  return removed;
}

/**
 * Turns enforcement on (password sign-in refused for covered members, the enforcing owner excepted: the
 * break-glass account) or off. Owners only (checked by the route with the permission table).
 */
export function setSsoEnforced(tenantId: string, actor: { userId: string; ip?: string | null }, enforced: boolean) {
  const row = connectionRow(tenantId);
  if (!row) throw new DomainError("Connect an identity provider first.", { status: 400 });
  db.update(ssoConnections)
    .set(
      enforced
        ? { enforcedAt: Date.now(), enforcedBy: actor.userId, updatedAt: Date.now() }
        : { enforcedAt: null, enforcedBy: null, updatedAt: Date.now() },
    )
    .where(eq(ssoConnections.tenantId, tenantId))
    .run();
  audit({
    action: enforced ? "sso.enforced" : "sso.enforcement_lifted",
    tenantId,
    userId: actor.userId,
    ip: actor.ip,
  });
}

// ---- sign-in -------------------------------------------------------------------------------------------------

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

/** The connection covering an e-mail address's domain, or null. */
export function connectionForEmail(email: string): SsoConnectionRow | null {
  const domain = domainOf(email.trim());
  if (!domain) return null;
  for (const row of db.select().from(ssoConnections).all()) if (row.domains.includes(domain)) return row;
  return null;
}

/** Whether sign-in for this address goes through single sign-on (the sign-in page's routing). */
export function emailUsesSso(email: string): boolean {
  return connectionForEmail(email) !== null;
}

export const SSO_REQUIRED_MESSAGE = SSO_NOTICES.required;

/**
 * Why a local sign-in (password or passkey) is refused for this person, or null: an organization they belong to
 * enforces single sign-on for their address's domain and they are not the enforcing owner (break-glass).
 */
export function localSignInRefusal(user: { id: string; email: string }): string | null {
  const row = connectionForEmail(user.email);
  if (!row || row.enforcedAt === null || row.enforcedBy === user.id) return null;
  return memberRole(row.tenantId, user.id) ? SSO_REQUIRED_MESSAGE : null;
}

export const SSO_NOT_COVERED_MESSAGE = SSO_NOTICES["not-covered"];

/** Starts an SSO sign-in: the provider's authorization URL, and the state to bind to the browser. */
export async function startSsoSignIn(
  email: string,
  requestUrl: string,
): Promise<
  { url: string; state: string } | { refused: "invalid-email" | "not-covered" | "unreachable" | "no-origin" }
> {
  const parsed = z.string().trim().email().max(320).safeParse(email);
  if (!parsed.success) return { refused: "invalid-email" };
  const row = connectionForEmail(parsed.data);
  if (!row) return { refused: "not-covered" };
  const origin = appOrigin(requestUrl);
  if (!origin) return { refused: "no-origin" };
  const redirectUri = origin + CALLBACK_PATH;
  let config: client.Configuration;
  try {
    config = await discover(row.issuer, row.clientId, open(row.clientSecretSealed));
  } catch {
    return { refused: "unreachable" };
  }
  const now = Date.now();
  db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now)).run();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  db.insert(ssoLoginStates)
    .values({
      state,
      tenantId: row.tenantId,
      nonce,
      codeVerifier,
      email: parsed.data.toLowerCase(),
      expiresAt: now + SSO_STATE_TTL_MS,
    })
    .run();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    login_hint: parsed.data,
  });
  return { url: url.href, state };
}

/** Why an SSO sign-in failed, as the sign-in page words it (/login?sso=<reason>). */
export type SsoFailure = "expired" | "refused" | "failed" | "domain" | "removed";

export class SsoSignInError extends DomainError {
  constructor(
    readonly reason: SsoFailure,
    message: string,
  ) {
    super(message, { status: 400 });
  }
}

function rolesFromGroups(row: SsoConnectionRow, claims: Record<string, unknown>): "admin" | "member" | "viewer" {
  const claim = row.groupsClaim ? claims[row.groupsClaim] : undefined;
  const groups = Array.isArray(claim) ? claim.map(String) : typeof claim === "string" ? [claim] : [];
  let best: "admin" | "member" | "viewer" | null = null;
  for (const g of groups) {
    const role = row.roleMap?.[g];
    if (role && (best === null || ROLE_RANK[role] > ROLE_RANK[best])) best = role;
  }
  return best ?? row.defaultRole;
}

/**
 * Finishes an SSO sign-in at the callback: the state is taken (single use) and must match the browser's cookie,
 * the code is exchanged with PKCE and the ID token validated by openid-client; the address must be in a domain
 * the connection covers. Answers the person (created just in time) and the organization to select.
 */
export async function finishSsoSignIn(input: {
  callbackUrl: string;
  browserState: string | null;
  ip?: string | null;
}): Promise<{ userId: string; email: string; tenantId: string; role: string; created: boolean }> {
  const current = new URL(input.callbackUrl);
  const state = current.searchParams.get("state");
  if (!state) throw new SsoSignInError("expired", "The single sign-on answer is incomplete. Start again.");
  const taken = db.delete(ssoLoginStates).where(eq(ssoLoginStates.state, state)).returning().get();
  if (!taken || taken.expiresAt < Date.now() || input.browserState !== state)
    throw new SsoSignInError("expired", "This single sign-on attempt expired or was already used. Start again.");
  const providerError = current.searchParams.get("error");
  if (providerError)
    throw new SsoSignInError(
      "refused",
      `Your identity provider refused the sign-in (${providerError.slice(0, 80)}${current.searchParams.get("error_description") ? ": " + current.searchParams.get("error_description")!.slice(0, 200) : ""}).`,
    );
  const row = connectionRow(taken.tenantId);
  if (!row) throw new SsoSignInError("removed", "Single sign-on was removed for this organization.");
  let config: client.Configuration;
  try {
    config = await discover(row.issuer, row.clientId, open(row.clientSecretSealed));
  } catch (error) {
    throw new SsoSignInError("failed", (error as Error).message);
  }
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: taken.codeVerifier,
      expectedState: state,
      expectedNonce: taken.nonce,
      idTokenExpected: true,
    });
    claims = (tokens.claims() ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new SsoSignInError(
      "failed",
      `The identity provider's answer could not be verified: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}.`,
    );
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified === false)
    throw new SsoSignInError("failed", "Your identity provider did not give a verified e-mail address.");
  if (!row.domains.includes(domainOf(email)))
    throw new SsoSignInError("domain", `${domainOf(email)} is not covered by this organization's single sign-on.`);
  const user = findOrCreatePasswordlessUser(email);
  const role = ensureMember(row.tenantId, user.id, rolesFromGroups(row, claims));
  audit({
    action: "sso.sign_in",
    tenantId: row.tenantId,
    userId: user.id,
    ip: input.ip,
    detail: { issuer: row.issuer, subject: String(claims.sub ?? ""), created: user.created, role },
  });
  return { userId: user.id, email: user.email, tenantId: row.tenantId, role, created: user.created };
}

/** Removes SSO states past their expiry (also done on every start). */
export function purgeExpiredSsoStates(now = Date.now()) {
  db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now)).run();
}
