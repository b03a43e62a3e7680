/**
 * Server-side sessions. The cookie carries only a random session id, signed
 * with the session secret; the database keeps the SHA-256 of that id with the
 * user, the selected tenant and the expiry. Signing out deletes the row, so a
 * stolen cookie stops working at once. Expiry is rolling: each use within the
 * last day of life extends it by SESSION_TTL.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { sessions, users, type User } from "./schema";
import { db, preparedQuery } from "~/lib/db.server";
import { sessionSecret } from "~/lib/env.server";
import { isHttps } from "~/lib/request.server";
import { publicUrlIsHttps } from "~/lib/public-origin.server";
import { scopedMemo } from "~/lib/request-scope.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * Over HTTPS the cookie is `__Host-rampart_session`: browsers accept a
 * `__Host-` cookie only with Secure, Path=/ and no Domain, so neither a
 * sibling subdomain nor a plain-HTTP response can plant or overwrite it
 * (session fixation). Over plain HTTP (localhost, a private network) it is
 * `rampart_session`. Each scheme reads only its own name: a plain cookie
 * planted for an HTTPS site is ignored (so switching a site to HTTPS signs
 * everyone in again once; reading the old name would let a planted one in).
 *
 * The site is HTTPS when the request is (directly, or through a trusted proxy
 * that says so) or when the operator's public address is `https://`: behind a
 * TLS proxy that is not marked trusted (no TRUST_PROXY) every request looks
 * like plain HTTP, and the cookie would otherwise lose Secure and its prefix.
 */
export const SESSION_COOKIE = "rampart_session";
export const SECURE_SESSION_COOKIE = "__Host-rampart_session";

export function sessionCookieName(https: boolean): string {
  return https ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Whether the session cookie is the HTTPS one for this request (see above). */
export function sessionOverHttps(request: Request): boolean {
  return isHttps(request) || publicUrlIsHttps();
}

const cookies = new Map<string, ReturnType<typeof createCookie>>();
function sessionCookie(request: Request) {
  const name = sessionCookieName(sessionOverHttps(request));
  let cookie = cookies.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: name === SECURE_SESSION_COOKIE,
      secrets: [sessionSecret()],
      maxAge: SESSION_TTL_MS / 1000,
    });
    cookies.set(name, cookie);
  }
  return cookie;
}

/** Whether the request carries a session cookie for its scheme (not whether it is valid). */
export function hasSessionCookie(request: Request): boolean {
  const name = sessionCookieName(sessionOverHttps(request));
  return new RegExp(`(?:^|;\\s*)${name}=`).test(request.headers.get("Cookie") ?? "");
}

export const hashSessionId = (id: string) => createHash("sha256").update(id).digest("hex");

export type SessionRecord = {
  idHash: string;
  userId: string;
  selectedTenantId: string | null;
  expiresAt: number;
  createdAt: number;
};

export type SessionUser = Pick<User, "id" | "email" | "createdAt">;

type Resolved = { session: SessionRecord; user: SessionUser } | null;
const resolvedByRequest = new WeakMap<Request, Promise<Resolved>>();

async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header || !hasSessionCookie(request)) return null;
  const value = await sessionCookie(request).parse(header);
  return typeof value === "string" && value.length >= 32 && value.length <= 128 ? value : null;
}

/** Resolves the session and its user, once per request (loaders run in parallel). */
export function getSession(request: Request): Promise<Resolved> {
  let pending = resolvedByRequest.get(request);
  if (!pending) {
    pending = scopedMemo("session", request, () => resolve(request));
    resolvedByRequest.set(request, pending);
  }
  return pending;
}

// Every signed-in request runs this one: prepared once (db.server.ts preparedQuery).
const sessionQuery = preparedQuery((d) =>
  d
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      selectedTenantId: sessions.selectedTenantId,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      email: users.email,
      userCreatedAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder("idHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        // A session still waiting for its second factor (or for enrolment) signs nobody in (issue 33).
        isNull(sessions.pendingStep),
      ),
    )
    .prepare(),
);

async function resolve(request: Request): Promise<Resolved> {
  const id = await readSessionId(request);
  if (!id) return null;
  const idHash = hashSessionId(id);
  const now = Date.now();
  const row = sessionQuery().get({ idHash, now });
  if (!row) return null;
  if (row.expiresAt - now < SESSION_TTL_MS - EXTEND_AFTER_MS) {
    const expiresAt = now + SESSION_TTL_MS;
    db.update(sessions).set({ expiresAt, lastSeenAt: now }).where(eq(sessions.idHash, idHash)).run();
    row.expiresAt = expiresAt;
  } else if (now - row.lastSeenAt > LAST_SEEN_EVERY_MS) {
    // The sessions list (settings → Security) shows when each was last used: to the nearest few minutes is
    // enough, and spares a write on every request.
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash)).run();
  }
  return {
    session: {
      idHash: row.idHash,
      userId: row.userId,
      selectedTenantId: row.selectedTenantId,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
    },
    user: { id: row.userId, email: row.email, createdAt: row.userCreatedAt },
  };
}

/**
 * Whether a session resolved earlier is still live now: not signed out, not expired, its account not deleted. For
 * answers that outlive their request (the alert stream), which check again before sending anything.
 */
export function sessionStillLive(idHash: string, userId: string, now = Date.now()): boolean {
  const row = sessionQuery().get({ idHash, now });
  return !!row && row.userId === userId;
}

/** How long a sign-in may wait between the password and the second factor (or the enrolment it requires). */
export const PENDING_SESSION_TTL_MS = 15 * 60 * 1000;

export type PendingStep = "second-factor" | "enrol";

/**
 * Creates a new session row (a new id on every sign-in) and answers the Set-Cookie value. With `pendingStep`
 * the session is not signed in yet (issue 33): it lives PENDING_SESSION_TTL_MS and only /login/2fa reads it.
 */
export async function createSession(
  request: Request,
  userId: string,
  opts: { selectedTenantId?: string | null; ip?: string; pendingStep?: PendingStep } = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = Date.now();
  const pendingStep = opts.pendingStep ?? null;
  db.insert(sessions)
    .values({
      idHash: hashSessionId(id),
      userId,
      selectedTenantId: opts.selectedTenantId ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + (pendingStep ? PENDING_SESSION_TTL_MS : SESSION_TTL_MS),
      ip: opts.ip ?? null,
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      pendingStep,
    })
    .run();
  return sessionCookie(request).serialize(id);
}

export type PendingSession = {
  idHash: string;
  userId: string;
  email: string;
  selectedTenantId: string | null;
  pendingStep: PendingStep;
};

/** The request's session when it waits for its second factor or for enrolment (issue 33); null otherwise. */
export async function getPendingSession(request: Request): Promise<PendingSession | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const row = db
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      email: users.email,
      selectedTenantId: sessions.selectedTenantId,
      pendingStep: sessions.pendingStep,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.idHash, hashSessionId(id)), gt(sessions.expiresAt, Date.now()), isNotNull(sessions.pendingStep)),
    )
    .get();
  return row?.pendingStep ? { ...row, pendingStep: row.pendingStep } : null;
}

export async function destroySessionCookie(request: Request): Promise<string> {
  return sessionCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends the request's session server-side; answers the clearing Set-Cookie. */
export async function endSession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id)
    db.delete(sessions)
      .where(eq(sessions.idHash, hashSessionId(id)))
      .run();
  resolvedByRequest.delete(request);
  return destroySessionCookie(request);
}

export function setSelectedTenant(idHash: string, tenantId: string | null) {
  db.update(sessions).set({ selectedTenantId: tenantId }).where(eq(sessions.idHash, idHash)).run();
}

/** Signs out every other session of the user (settings, password change). */
export function endOtherSessions(userId: string, keepIdHash: string): number {
  return db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
    .run().changes;
}

export function countActiveSessions(userId: string): number {
  return db
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, Date.now())))
    .all().length;
}

export function purgeExpiredSessions(): number {
  return db.delete(sessions).where(lt(sessions.expiresAt, Date.now())).run().changes;
}

/**
 * The same-site token that lets a GET /api/logout sign out without Fetch
 * Metadata (routes/api.logout.tsx): an HMAC of the session, readable only by
 * pages of this site.
 */
export function logoutToken(idHash: string): string {
  return createHmac("sha256", sessionSecret()).update(`logout:${idHash}`).digest("base64url");
}

export function logoutTokenValid(idHash: string, token: string | null | undefined): boolean {
  if (typeof token !== "string" || token.length > 100) return false;
  const want = Buffer.from(logoutToken(idHash));
  const got = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}

// The redirect-target check lives in safe-redirect.ts (one helper for every route).
export { safeRedirectPath } from "~/lib/safe-redirect";

export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const to = url.pathname + url.search;
  // A form sent without a live session (it expired while the page was open, e.g. during organization
  // creation): sign-in says "Session Expired" (docs/product.md §8) instead of silently asking again.
  const expired = request.method !== "GET" && request.method !== "HEAD" ? "&expired=1" : "";
  throw redirect(`/login?redirectTo=${encodeURIComponent(to)}${expired}`);
}
