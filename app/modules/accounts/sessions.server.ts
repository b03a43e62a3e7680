/**
 * A person's signed-in sessions as settings → Security lists them (issue 33): the device read from the user
 * agent (ua-parser-js), the address, when it was created and last used. Each is named on the page by a handle
 * derived from its stored hash, never by the hash itself. Ending a session deletes its row: the next request
 * with its cookie is signed out, and an alert stream it opened stops at its next re-check
 * (currentRole → sessionStillLive, app/modules/tenants/tenant-context.server.ts).
 */
import { createHash } from "node:crypto";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { UAParser } from "ua-parser-js";
import { sessions } from "./schema";
import { db } from "~/lib/db.server";
import { audit } from "~/modules/audit";

export type SessionListItem = {
  handle: string;
  device: string;
  ip: string | null;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
};

const handleOf = (idHash: string) => createHash("sha256").update(`session-handle:${idHash}`).digest("hex").slice(0, 32);

/** "Firefox 128 on Ubuntu", "Safari on iOS", or "Unknown device" when the agent says nothing usable. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const r = new UAParser(userAgent).getResult();
  const browser = r.browser.name ? `${r.browser.name}${r.browser.major ? ` ${r.browser.major}` : ""}` : null;
  const os = r.os.name ? `${r.os.name}${r.os.version ? ` ${r.os.version}` : ""}` : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown device";
}

function liveRows(userId: string) {
  return db
    .select({
      idHash: sessions.idHash,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, Date.now()), isNull(sessions.pendingStep)))
    .orderBy(desc(sessions.lastSeenAt))
    .all();
}

/** The person's signed-in sessions, the current one first. */
export function listUserSessions(userId: string, currentIdHash: string): SessionListItem[] {
  return liveRows(userId)
    .map((r) => ({
      handle: handleOf(r.idHash),
      device: describeDevice(r.userAgent),
      ip: r.ip,
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      current: r.idHash === currentIdHash,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one of the person's other sessions by its handle (the current one is ended by signing out). Answers
 * whether one was ended; a handle of someone else's session matches nothing.
 */
export function endUserSession(
  userId: string,
  handle: string,
  currentIdHash: string,
  meta: { ip?: string; tenantId?: string | null } = {},
): boolean {
  const row = liveRows(userId).find((r) => handleOf(r.idHash) === handle && r.idHash !== currentIdHash);
  if (!row) return false;
  const ended =
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.idHash, row.idHash)))
      .run().changes === 1;
  if (ended)
    audit({
      action: "auth.session_ended",
      userId,
      tenantId: meta.tenantId ?? null,
      ip: meta.ip,
      detail: { device: describeDevice(row.userAgent), address: row.ip },
    });
  return ended;
}

/** Ends every session of the person but `keepIdHash` (all of them when it is null); answers how many. */
export function endSessionsOf(userId: string, keepIdHash: string | null): number {
  return db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepIdHash ? ne(sessions.idHash, keepIdHash) : undefined))
    .run().changes;
}
