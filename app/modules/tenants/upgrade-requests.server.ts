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
import { enqueueJob, registerJobHandler } from "~/lib/jobs.server";
import { getEnv } from "~/lib/env.server";
import { mailerConfigured, sendMail } from "~/lib/mailer.server";
import { configuredOrigin } from "~/lib/public-origin.server";
import { PLAN_DISPLAY_NAME as PLAN_NAME } from "~/lib/plans";

/** The durable job that mails a new request to the operators (retried with backoff while SMTP fails). */
export const UPGRADE_REQUEST_MAIL_JOB = "tenants.upgrade-request-mail";

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
  // The request and its mail job commit together: a crash between them neither loses the mail nor sends one for
  // a request that was never stored.
  db.transaction(() => {
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
    enqueueJob({ kind: UPGRADE_REQUEST_MAIL_JOB, tenantId, payload: { requestId: id }, key: `upgrade-request:${id}` });
  });
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

/**
 * Mails one request to the operators named in RAMPART_OPERATOR_EMAILS. Without SMTP or without operator addresses
 * there is nobody to mail: the request stays in the operator console and the job ends. A transport error throws,
 * so the job runner retries it with backoff.
 */
export async function mailUpgradeRequest(requestId: string): Promise<"sent" | "not-configured" | "gone"> {
  const row = db
    .select({
      organization: tenants.name,
      currentPlan: tenants.plan,
      plan: upgradeRequests.plan,
      feature: upgradeRequests.feature,
      message: upgradeRequests.message,
      userId: upgradeRequests.userId,
    })
    .from(upgradeRequests)
    .innerJoin(tenants, eq(tenants.id, upgradeRequests.tenantId))
    .where(eq(upgradeRequests.id, requestId))
    .get();
  if (!row) return "gone";
  const operators = getEnv().RAMPART_OPERATOR_EMAILS;
  if (!mailerConfigured() || operators.length === 0) {
    console.info(
      JSON.stringify({
        level: "info",
        msg: "upgrade request not mailed (no SMTP or no RAMPART_OPERATOR_EMAILS); it is in the operator console",
        requestId,
      }),
    );
    return "not-configured";
  }
  const email = row.userId ? (userEmails([row.userId]).get(row.userId) ?? null) : null;
  const origin = configuredOrigin();
  const lines = [
    `${row.organization} asks for the ${PLAN_NAME[row.plan]} plan (now on ${PLAN_NAME[row.currentPlan]}).`,
    email ? `Asked by: ${email}` : null,
    row.feature ? `From the upgrade wall of: ${row.feature}` : null,
    row.message ? `Message:\n${row.message}` : null,
    "",
    origin
      ? `Set the plan in the operator console: ${origin}/operator`
      : "Set the plan in the operator console (/operator).",
  ].filter((l): l is string => l !== null);
  await sendMail({
    to: operators,
    subject: `Rampart: ${row.organization} asks for ${PLAN_NAME[row.plan]}`,
    text: lines.join("\n"),
  });
  return "sent";
}

export function registerUpgradeRequestJobs() {
  registerJobHandler(UPGRADE_REQUEST_MAIL_JOB, async (job) => {
    const { requestId } = job.payload as { requestId: string };
    await mailUpgradeRequest(requestId);
  });
}
