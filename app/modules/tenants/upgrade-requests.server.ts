/**
 * Upgrade requests (issue 32): there is no payment provider, so an organization asks the operator for a plan (or
 * a quote) from the plans section or an upgrade wall. The request is stored, listed in the operator console and
 * mailed to the operators when SMTP is configured. Every tenant-side function takes the tenant id.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { tenants, upgradeRequests } from "./schema";
import { userEmails } from "~/modules/accounts";
import { db } from "~/lib/db.server";
import type { Plan } from "~/lib/plans";
import { audit } from "~/modules/audit";

export function createUpgradeRequest(
  tenantId: string,
  input: { userId: string; plan: Plan; feature?: string | null; message?: string | null },
): { id: string; duplicate: boolean } {
  // One open request per organization and plan: asking twice does not queue two.
  const open = db
    .select({ id: upgradeRequests.id })
    .from(upgradeRequests)
    .where(
      and(
        eq(upgradeRequests.tenantId, tenantId),
        eq(upgradeRequests.plan, input.plan),
        eq(upgradeRequests.status, "open"),
      ),
    )
    .get();
  if (open) return { id: open.id, duplicate: true };
  const id = randomUUID();
  db.insert(upgradeRequests)
    .values({
      id,
      tenantId,
      userId: input.userId,
      plan: input.plan,
      feature: input.feature ?? null,
      message: input.message?.trim() || null,
    })
    .run();
  audit({ action: "tenant.upgrade_requested", tenantId, userId: input.userId, detail: { plan: input.plan } });
  return { id, duplicate: false };
}

/** The organization's open request for a plan, if any (the page says it was sent). */
export function openUpgradeRequests(tenantId: string): Plan[] {
  return db
    .select({ plan: upgradeRequests.plan })
    .from(upgradeRequests)
    .where(and(eq(upgradeRequests.tenantId, tenantId), eq(upgradeRequests.status, "open")))
    .all()
    .map((r) => r.plan);
}

/** Every organization's requests, newest first: the operator console only. */
export function listAllUpgradeRequests(limit = 200) {
  const rows = db
    .select({
      id: upgradeRequests.id,
      tenantId: upgradeRequests.tenantId,
      organization: tenants.name,
      currentPlan: tenants.plan,
      plan: upgradeRequests.plan,
      feature: upgradeRequests.feature,
      message: upgradeRequests.message,
      status: upgradeRequests.status,
      createdAt: upgradeRequests.createdAt,
      userId: upgradeRequests.userId,
    })
    .from(upgradeRequests)
    .innerJoin(tenants, eq(tenants.id, upgradeRequests.tenantId))
    .orderBy(desc(upgradeRequests.createdAt))
    .limit(limit)
    .all();
  // Who asked: the accounts module owns the addresses.
  const emails = userEmails(rows.map((r) => r.userId));
  return rows.map(({ userId, ...r }) => ({ ...r, email: userId ? (emails.get(userId) ?? null) : null }));
}

/** Setting a plan answers the organization's open requests up to that plan. */
export function closeUpgradeRequests(tenantId: string) {
  db.update(upgradeRequests)
    .set({ status: "done" })
    .where(and(eq(upgradeRequests.tenantId, tenantId), eq(upgradeRequests.status, "open")))
    .run();
}
