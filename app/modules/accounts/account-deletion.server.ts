/**
 * A person's own account: download their data, then delete it (issue 20).
 *
 * The export is JSON: the profile, memberships, the audit entries recorded
 * about them, and the analyses they ran (phishing analyses, dependency
 * uploads, saved hunts) in the organizations they are still in, each read
 * through the module that owns it: the route passes those readers in, as it
 * passes the tenants module's hook to deletion, so that accounts depends on
 * none of the analysing modules.
 *
 * Deletion re-checks the password (an attempt like a sign-in, so a stolen
 * session cannot guess it), is refused while the person is the sole owner of
 * an organization that has other members (they would be left without an
 * owner), and otherwise removes in one transaction the organizations where
 * the person is the only member (through the tenants module's hook, passed in
 * by the route) and the user row, whose
 * sessions, tokens and memberships go by cascade. Audit entries and analyses
 * in other organizations keep their row with the author set to null.
 */
import { eq } from "drizzle-orm";
import { users } from "./schema";
import { db } from "~/lib/db.server";
import { audit, allAuditForUser } from "~/modules/audit";
import { membershipsOfUser } from "~/modules/tenants";
import { PASSWORD_CHECK_LIMITS, purgeOldAttempts, releaseAttempt, reserveAttempt } from "./accounts.server";
import { verifyPassword } from "./password-hash.server";

export const EXPORT_VERSION = 1;

/** A person's analyses per kind in the given organizations, each list read by the module that owns it. */
export type AnalysesOf<A extends Record<string, readonly { createdAt: number }[]>> = (
  userId: string,
  tenantIds: string[],
) => A;

export function exportAccountData<A extends Record<string, readonly { createdAt: number }[]>>(
  userId: string,
  analysesOf: AnalysesOf<A>,
  now = Date.now(),
) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const member = membershipsOfUser(userId);
  const tenantIds = member.map((m) => m.tenantId);
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
    auditEntries: allAuditForUser(userId).map((a) => ({
      action: a.action,
      tenantId: a.tenantId,
      ip: a.ip,
      detail: a.detail,
      createdAt: iso(a.createdAt),
    })),
    analyses: Object.fromEntries(
      Object.entries(analysesOf(userId, tenantIds)).map(([kind, rows]) => [
        kind,
        rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
      ]),
    ),
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
