/**
 * The grants the tenant gate reads on every request (app/modules/tenants/tenants.server.ts): which organizations
 * a person reaches through an emergency access grant, and with which role. A grant is effective only while its
 * state is `granted` and its end is in the future, checked against the app clock on each request, so access ends
 * on time even when the expiry job runs late. Kept apart from the module's services (index.server.ts is this file
 * alone) so the tenants module can read it without importing the rest of the module.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Role } from "~/lib/permissions";
import { db, preparedQuery } from "~/lib/db.server";
import { now } from "~/lib/clock.server";
import { audit } from "~/modules/audit";
import { emergencyContacts, emergencyEvents, type EmergencyLevel } from "./schema";

export type ActiveGrant = {
  contactId: string;
  tenantId: string;
  level: EmergencyLevel;
  /** What the grant lets the contact do: `view` reads (viewer), `takeover` has owner rights. */
  role: Role;
  grantorUserId: string | null;
  endsAt: number;
  used: boolean;
};

export const GRANT_ROLE: Record<EmergencyLevel, Role> = { view: "viewer", takeover: "owner" };

const grantsOfUser = preparedQuery((d) =>
  d
    .select({
      contactId: emergencyContacts.id,
      tenantId: emergencyContacts.tenantId,
      level: emergencyContacts.level,
      grantorUserId: emergencyContacts.grantorUserId,
      endsAt: emergencyContacts.endsAt,
      usedAt: emergencyContacts.usedAt,
    })
    .from(emergencyContacts)
    .where(
      and(
        eq(emergencyContacts.contactUserId, sql.placeholder("userId")),
        eq(emergencyContacts.state, "granted"),
        gt(emergencyContacts.endsAt, sql.placeholder("at")),
      ),
    )
    .prepare(),
);

/** The person's effective grants now (none once a grant has ended, been revoked or expired). */
export function activeGrantsOfUser(userId: string, at = now()): ActiveGrant[] {
  return grantsOfUser()
    .all({ userId, at })
    .map((g) => ({
      contactId: g.contactId,
      tenantId: g.tenantId,
      level: g.level,
      role: GRANT_ROLE[g.level],
      grantorUserId: g.grantorUserId,
      endsAt: g.endsAt ?? 0,
      used: g.usedAt !== null,
    }));
}

/** The first time a contact opens the organization through a grant: "used" on the timeline, audited. Once per grant. */
export function markGrantUsed(
  grant: Pick<ActiveGrant, "contactId" | "tenantId" | "level" | "used">,
  userId: string,
  at = now(),
): void {
  if (grant.used) return;
  db.transaction(() => {
    const changed = db
      .update(emergencyContacts)
      .set({ usedAt: at })
      .where(
        and(
          eq(emergencyContacts.id, grant.contactId),
          eq(emergencyContacts.state, "granted"),
          isNull(emergencyContacts.usedAt),
        ),
      )
      .run().changes;
    if (!changed) return;
    db.insert(emergencyEvents)
      .values({ tenantId: grant.tenantId, contactId: grant.contactId, kind: "used", actorUserId: userId, at })
      .run();
    audit({
      action: "emergency_access.used",
      tenantId: grant.tenantId,
      userId,
      detail: { contactId: grant.contactId, level: grant.level },
    });
  });
}
