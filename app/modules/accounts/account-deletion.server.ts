/**
 * A person's own account: download their data, then delete it (issue 20).
 *
 * The export is JSON: the profile, memberships, the audit entries recorded
 * about them, and the analyses they ran (phishing analyses, dependency
 * uploads, saved hunts) in the organizations they are still in. Analyses are
 * read from those modules' tables directly: the export is the one place that
 * gathers a person's rows across modules, and it only reads.
 *
 * Deletion re-checks the password (an attempt like a sign-in, so a stolen
 * session cannot guess it), is refused while the person is the sole owner of
 * an organization that has other members (they would be left without an
 * owner), and otherwise removes in one transaction the organizations where
 * the person is the only member (through the tenants module's hook, passed in
 * by the route: accounts does not depend on tenants) and the user row, whose
 * sessions, tokens and memberships go by cascade. Audit entries and analyses
 * in other organizations keep their row with the author set to null.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { auditLog, depProjects, hunts, memberships, phishingItems, tenants } from "@db/schema";
import { users } from "./schema";
import { db } from "~/lib/db.server";
import { audit } from "~/modules/audit";
import { PASSWORD_CHECK_LIMITS, purgeOldAttempts, releaseAttempt, reserveAttempt } from "./accounts.server";
import { verifyPassword } from "./password-hash.server";

export const EXPORT_VERSION = 1;

export function exportAccountData(userId: string, now = Date.now()) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const member = db
    .select({
      tenantId: memberships.tenantId,
      organization: tenants.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .all();
  const tenantIds = member.map((m) => m.tenantId);
  const inMine = <T extends { tenantId: unknown; createdBy: unknown }>(t: T) =>
    tenantIds.length
      ? and(
          eq(t.createdBy as typeof phishingItems.createdBy, userId),
          inArray(t.tenantId as typeof phishingItems.tenantId, tenantIds),
        )
      : undefined;
  const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());
  return {
    format: "rampart-account-export",
    version: EXPORT_VERSION,
    exportedAt: iso(now),
    profile: {
      id: user.id,
      email: user.email,
      createdAt: iso(user.createdAt),
      emailVerifiedAt: iso(user.emailVerifiedAt),
      passwordChangedAt: iso(user.passwordChangedAt),
    },
    memberships: member.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) })),
    auditEntries: db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, userId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .all()
      .map((a) => ({
        action: a.action,
        tenantId: a.tenantId,
        ip: a.ip,
        detail: a.detail,
        createdAt: iso(a.createdAt),
      })),
    analyses: {
      phishing: tenantIds.length
        ? db
            .select({
              id: phishingItems.id,
              tenantId: phishingItems.tenantId,
              subject: phishingItems.subject,
              sender: phishingItems.sender,
              risk: phishingItems.risk,
              score: phishingItems.score,
              rationale: phishingItems.rationale,
              createdAt: phishingItems.createdAt,
            })
            .from(phishingItems)
            .where(inMine(phishingItems))
            .all()
            .map((r) => ({ ...r, createdAt: iso(r.createdAt) }))
        : [],
      dependencies: tenantIds.length
        ? db
            .select({
              id: depProjects.id,
              tenantId: depProjects.tenantId,
              name: depProjects.name,
              filename: depProjects.filename,
              ecosystem: depProjects.ecosystem,
              packageCount: depProjects.packageCount,
              createdAt: depProjects.createdAt,
            })
            .from(depProjects)
            .where(inMine(depProjects))
            .all()
            .map((r) => ({ ...r, createdAt: iso(r.createdAt) }))
        : [],
      hunts: tenantIds.length
        ? db
            .select({
              id: hunts.id,
              tenantId: hunts.tenantId,
              name: hunts.name,
              kind: hunts.kind,
              query: hunts.query,
              resultsCount: hunts.resultsCount,
              createdAt: hunts.createdAt,
            })
            .from(hunts)
            .where(inMine(hunts))
            .all()
            .map((r) => ({ ...r, createdAt: iso(r.createdAt) }))
        : [],
    },
  };
}

export type AccountData = NonNullable<ReturnType<typeof exportAccountData>>;

/**
 * What the organizations need before the account goes: `blocked` names the
 * organizations that refuse (sole owner with other members); otherwise the
 * hook has removed the ones the person alone was in and answers their names.
 */
export type ReleaseOrganizations = (userId: string) => {
  blocked: string[];
  removed: string[];
  /** Work outside the database (the removed organizations' files), run once the deletion has committed. */
  afterCommit?: () => void;
};

export type DeleteAccountResult =
  | { deleted: true; removedOrganizations: string[] }
  | { deleted: false; reason: "wrong-password" }
  | { deleted: false; reason: "limited"; retryAfterSeconds: number }
  | { deleted: false; reason: "sole-owner"; organizations: string[] };

export function soleOwnerMessage(organizations: string[]): string {
  const names = organizations.map((n) => `“${n}”`).join(", ");
  return (
    `You are the only owner of ${names}, which ${organizations.length === 1 ? "has" : "have"} other members. ` +
    "Make another member an owner (Settings → Members), or delete the organization, then delete your account."
  );
}

export async function deleteAccount(
  userId: string,
  password: string,
  releaseOrganizations: ReleaseOrganizations,
  ip = "unknown",
): Promise<DeleteAccountResult> {
  const reservation = reserveAttempt(`password-check:${userId}`, ip, PASSWORD_CHECK_LIMITS);
  if (!reservation.reserved)
    return { deleted: false, reason: "limited", retryAfterSeconds: reservation.retryAfterSeconds };
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    purgeOldAttempts();
    return { deleted: false, reason: "wrong-password" };
  }
  releaseAttempt(reservation.id);
  let afterCommit: (() => void) | undefined;
  const result = db.transaction(
    (): DeleteAccountResult => {
      const released = releaseOrganizations(userId);
      if (released.blocked.length) return { deleted: false, reason: "sole-owner", organizations: released.blocked };
      afterCommit = released.afterCommit;
      db.delete(users).where(eq(users.id, userId)).run();
      // No user id: the row would point at the deleted account. The e-mail is not kept either.
      audit({
        action: "auth.account_deleted",
        ip,
        detail: { userId, organizationsDeleted: released.removed.length },
      });
      return { deleted: true, removedOrganizations: released.removed };
    },
    { behavior: "immediate" },
  );
  afterCommit?.();
  return result;
}
