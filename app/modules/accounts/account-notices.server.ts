/**
 * Account notices: in-app messages to one person that do not belong to an
 * organization (issue 20), e.g. "the organization X you were a member of was
 * deleted". The bell cannot carry them: its notifications are the deleted
 * organization's rows and go with it. Unread notices show as a banner in the
 * shell until dismissed.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { accountNotices, users } from "./schema";
import { db, preparedQuery } from "~/lib/db.server";

export function addAccountNotice(userId: string, message: string, now = Date.now()) {
  db.insert(accountNotices).values({ id: randomUUID(), userId, message, createdAt: now }).run();
}

export function unreadAccountNotices(userId: string) {
  return db
    .select({ id: accountNotices.id, message: accountNotices.message, createdAt: accountNotices.createdAt })
    .from(accountNotices)
    .where(and(eq(accountNotices.userId, userId), isNull(accountNotices.readAt)))
    .orderBy(desc(accountNotices.createdAt))
    .limit(5)
    .all();
}

export function dismissAccountNotices(userId: string, now = Date.now()): number {
  return db
    .update(accountNotices)
    .set({ readAt: now })
    .where(and(eq(accountNotices.userId, userId), isNull(accountNotices.readAt)))
    .run().changes;
}

/**
 * What the shell's account banner shows for a user, also part of the dashboard
 * page cache's key (a cached page must not show a stale banner).
 */
// On every signed-in page (the shell's banner): built and prepared once per connection (db.server.ts preparedQuery).
const bannerQueries = preparedQuery((d) => ({
  verified: d
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare(),
  unread: d
    .select({ n: count() })
    .from(accountNotices)
    .where(and(eq(accountNotices.userId, sql.placeholder("userId")), isNull(accountNotices.readAt)))
    .prepare(),
}));

export function accountBannerState(userId: string) {
  const q = bannerQueries();
  const row = q.verified.get({ userId });
  const unread = q.unread.get({ userId })?.n ?? 0;
  return { unverified: row ? row.verifiedAt == null : false, unreadNotices: unread };
}

export type AccountBannerData = {
  unverified: boolean;
  email: string;
  notices: { id: string; message: string; createdAt: string }[];
};

export function loadAccountBanner(user: { id: string; email: string }): AccountBannerData {
  const state = accountBannerState(user.id);
  return {
    unverified: state.unverified,
    email: user.email,
    notices: state.unreadNotices
      ? unreadAccountNotices(user.id).map((n) => ({ ...n, createdAt: new Date(n.createdAt).toISOString() }))
      : [],
  };
}
