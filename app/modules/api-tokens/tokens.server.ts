/**
 * API tokens (issue 14): a tenant's machine credentials for /api, limited by
 * scopes. The secret is `rmp_` + 256 random bits in base64url: the prefix lets
 * secret scanners (GitHub push protection, trufflehog, gitleaks rules) find a
 * leaked one, and only its SHA-256 is stored, so a copy of the database hands
 * out no working token (the secret has enough entropy that an unsalted fast
 * hash is the right tool, as for session ids). The secret is shown once.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { apiTokens } from "./schema";
import { db } from "~/lib/db.server";
import type { Role } from "~/lib/permissions";
import { getUserById } from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { DomainError } from "~/lib/errors";
import { memberRole } from "~/modules/tenants";
import { allows, type Permission } from "~/modules/permissions";

/**
 * What each scope needs of the token's creator (issue 26): a token never does more than the person who made it
 * may still do in the organization. Reading needs to view the organization; sending events needs what sending
 * them with a session needs. A token stops working, and is revoked, when its creator leaves the organization,
 * deletes their account, or is given a role below one of its scopes.
 */
export const SCOPE_NEEDS: Record<"read" | "events:write" | "endpoints:write", Permission> = {
  read: ["organization", "view"],
  "events:write": ["event", "send"],
  "endpoints:write": ["endpoint", "report"],
};

export function roleCoversScopes(role: Role | null | undefined, scopes: readonly string[]): boolean {
  return scopes.every((s) => s in SCOPE_NEEDS && allows(role, SCOPE_NEEDS[s as keyof typeof SCOPE_NEEDS]));
}

export const TOKEN_PREFIX = "rmp_";
export const TOKEN_SCOPES = ["events:write", "endpoints:write", "read"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const SCOPE_LABEL: Record<TokenScope, string> = {
  "events:write": "Send events (POST /api/events, Splunk HEC)",
  "endpoints:write": "Report device inventory (the endpoint collector script)",
  read: "Read tenant data (GET requests)",
};
export const MAX_TOKENS_PER_TENANT = 50;
/** Requests per token per minute: a busy shipper flushes every second or so; a runaway loop is stopped. */
export const TOKEN_RATE_LIMIT = { limit: 1200, windowMs: 60_000 } as const;

// Base64url after the prefix; 43 characters for 32 bytes.
const TOKEN_SHAPE = /^rmp_[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export function isScope(v: unknown): v is TokenScope {
  return typeof v === "string" && (TOKEN_SCOPES as readonly string[]).includes(v);
}

export type TokenListItem = {
  id: string;
  name: string;
  scopes: TokenScope[];
  createdAt: number;
  lastUsedAt: number | null;
};
export type CreatedToken = TokenListItem & { token: string };

export class TokenLimitError extends DomainError {
  constructor() {
    super(`An organization may have at most ${MAX_TOKENS_PER_TENANT} API tokens. Revoke one you no longer use.`);
  }
}

export function createApiToken(input: {
  tenantId: string;
  userId: string;
  name: string;
  scopes: TokenScope[];
  ip?: string | null;
}): CreatedToken {
  const scopes = [...new Set(input.scopes)].sort() as TokenScope[];
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const id = randomUUID();
  const createdAt = Date.now();
  db.transaction((tx) => {
    const count = tx
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.tenantId, input.tenantId), isNull(apiTokens.revokedAt)))
      .all().length;
    if (count >= MAX_TOKENS_PER_TENANT) throw new TokenLimitError();
    tx.insert(apiTokens)
      .values({
        id,
        tenantId: input.tenantId,
        name: input.name,
        scopes,
        tokenHash: hashToken(token),
        hint: token.slice(0, TOKEN_PREFIX.length + 4),
        createdBy: input.userId,
        createdAt,
      })
      .run();
  });
  audit({
    action: "api_token.created",
    tenantId: input.tenantId,
    userId: input.userId,
    ip: input.ip ?? null,
    detail: { tokenId: id, name: input.name, scopes },
  });
  return { id, name: input.name, scopes, createdAt, lastUsedAt: null, token };
}

export function listApiTokens(tenantId: string): (TokenListItem & { hint: string })[] {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      hint: apiTokens.hint,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.tenantId, tenantId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt))
    .all()
    .map((t) => ({ ...t, scopes: t.scopes.filter(isScope) }));
}

/** Revokes at once (the next request with it is 401). False when no such live token in this tenant. */
export function revokeApiToken(input: {
  tenantId: string;
  tokenId: string;
  userId: string;
  ip?: string | null;
}): boolean {
  const changed =
    db
      .update(apiTokens)
      .set({ revokedAt: Date.now() })
      .where(and(eq(apiTokens.tenantId, input.tenantId), eq(apiTokens.id, input.tokenId), isNull(apiTokens.revokedAt)))
      .run().changes > 0;
  if (changed)
    audit({
      action: "api_token.revoked",
      tenantId: input.tenantId,
      userId: input.userId,
      ip: input.ip ?? null,
      detail: { tokenId: input.tokenId },
    });
  return changed;
}

export type ResolvedToken = {
  id: string;
  tenantId: string;
  name: string;
  scopes: TokenScope[];
  /** Who the token acts as in audit and rate limits: its creator, who must still be a member covering its scopes. */
  actor: { id: string; email: string; createdAt: number };
};

const LAST_USED_RESOLUTION_MS = 60_000;

type TokenRow = typeof apiTokens.$inferSelect;

/**
 * The creator a live token acts for, or null when the token must not work: revoked, its creator gone (account
 * deleted: created_by is null), no longer a member of the token's organization, or in a role below one of its
 * scopes (permissions.ts SCOPE_NEEDS). Checked on every use, so a token never outlives its creator's access even
 * where the revocation on removal (revokeTokensBeyondRole) did not run.
 */
function liveCreator(row: TokenRow) {
  if (row.revokedAt !== null || !row.createdBy) return null;
  const role = memberRole(row.tenantId, row.createdBy);
  if (!role || !roleCoversScopes(role, row.scopes)) return null;
  return getUserById(row.createdBy);
}

/** The live token a secret names, or null (unknown, malformed, revoked, or its creator's access gone). */
export function resolveApiToken(secret: string, now = Date.now()): ResolvedToken | null {
  if (!TOKEN_SHAPE.test(secret)) return null;
  const row = db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashToken(secret)))
    .get();
  if (!row) return null;
  const actor = liveCreator(row);
  if (!actor) return null;
  // Written at most once a minute: a shipper posting every second should not write a row each time.
  if (row.lastUsedAt === null || now - row.lastUsedAt > LAST_USED_RESOLUTION_MS)
    db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id)).run();
  return { id: row.id, tenantId: row.tenantId, name: row.name, scopes: row.scopes.filter(isScope), actor };
}

/** Whether a token resolved earlier still works (the alert stream checks before each thing it sends). */
export function apiTokenStillLive(tokenId: string): boolean {
  const row = db.select().from(apiTokens).where(eq(apiTokens.id, tokenId)).get();
  return !!row && liveCreator(row) !== null;
}

/**
 * Revokes the tokens a person created in an organization that their role there no longer covers: all of them
 * when they left it (`role` null: removed, or their account deleted), those with a scope above a lowered role.
 * Called by the tenants module inside its own transaction; answers how many were revoked.
 */
export function revokeTokensBeyondRole(input: {
  tenantId: string;
  creatorId: string;
  role: Role | null;
  reason: "member-removed" | "role-changed" | "account-deleted";
  actorId?: string | null;
  ip?: string | null;
}): number {
  const live = db
    .select({ id: apiTokens.id, scopes: apiTokens.scopes })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tenantId, input.tenantId),
        eq(apiTokens.createdBy, input.creatorId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .all();
  const now = Date.now();
  let n = 0;
  for (const t of live) {
    if (input.role && roleCoversScopes(input.role, t.scopes)) continue;
    db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, t.id)).run();
    audit({
      action: "api_token.revoked",
      tenantId: input.tenantId,
      // The account is about to go: the row must not point at it.
      userId: input.reason === "account-deleted" ? null : (input.actorId ?? null),
      ip: input.ip ?? null,
      detail: { tokenId: t.id, reason: input.reason },
    });
    n++;
  }
  return n;
}

/** The token an Authorization header carries: `Bearer <token>`, or `Splunk <token>` as HEC clients send it. */
export function tokenFromHeader(header: string | null): string | null {
  if (!header) return null;
  const space = header.indexOf(" ");
  if (space <= 0) return null;
  const scheme = header.slice(0, space).toLowerCase();
  if (scheme !== "bearer" && scheme !== "splunk") return null;
  const value = header.slice(space + 1).trim();
  return value || null;
}

/** Which scope a request needs: reads need `read`, posting events needs `events:write`, anything else none can give. */
export function scopeFor(method: string, pathname: string): TokenScope | null {
  const m = method.toUpperCase();
  if (m === "GET" || m === "HEAD") return "read";
  if (
    m === "POST" &&
    (pathname === "/api/events" || pathname === "/services/collector" || pathname.startsWith("/services/collector/"))
  )
    return "events:write";
  if (m === "POST" && pathname === "/api/endpoints/inventory") return "endpoints:write";
  return null;
}
