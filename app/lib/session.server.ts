/**
 * Server-side sessions. The cookie carries only a random session id, signed
 * with the session secret; the database keeps the SHA-256 of that id with the
 * user, the selected tenant and the expiry. Signing out deletes the row, so a
 * stolen cookie stops working at once. Expiry is rolling: each use within the
 * last day of life extends it by SESSION_TTL.
 */
import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { sessions, users, type User } from "@db/schema";
import { db, preparedQuery } from "./db.server";
import { sessionSecret } from "./env.server";
import { isHttps } from "./request.server";
import { scopedMemo } from "./request-scope.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

let cookie: ReturnType<typeof createCookie> | null = null;
function sessionCookie() {
  cookie ??= createCookie("rampart_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [sessionSecret()],
    maxAge: SESSION_TTL_MS / 1000,
  });
  return cookie;
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
  if (!header || !header.includes("rampart_session=")) return null;
  const value = await sessionCookie().parse(header);
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
      email: users.email,
      userCreatedAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder("idHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
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

/** Creates a new session row (a new id on every sign-in) and answers the Set-Cookie value. */
export async function createSession(
  request: Request,
  userId: string,
  opts: { selectedTenantId?: string | null; ip?: string } = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = Date.now();
  db.insert(sessions)
    .values({
      idHash: hashSessionId(id),
      userId,
      selectedTenantId: opts.selectedTenantId ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_TTL_MS,
      ip: opts.ip ?? null,
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    })
    .run();
  return sessionCookie().serialize(id, { secure: isHttps(request) });
}

export async function destroySessionCookie(request: Request): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
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

/** Same-site paths only: no scheme, no host, no protocol-relative or backslash tricks. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\p{Cc}\\]/u.test(to)) return fallback;
  try {
    const url = new URL(to, "http://rampart.invalid");
    if (url.origin !== "http://rampart.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const to = url.pathname + url.search;
  throw redirect(`/login?redirectTo=${encodeURIComponent(to)}`);
}
