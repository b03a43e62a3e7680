/**
 * Sending a campaign on the durable job runner. One job per campaign at a time sends the recipients that are due
 * (their send time spreads the campaign over N minutes) and queues the next run. Idempotent per recipient: a
 * recipient is claimed by one UPDATE (claimed_at, only where it is still null) before its mail goes out, so after
 * a restart, a re-run or two runners, nobody is mailed twice. A recipient claimed by a run that died before its
 * mail was confirmed is not retried (it might have been delivered) and shows as "not sent".
 */
import { and, asc, eq, isNull, lt, lte, isNotNull } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { enqueueJob, type JobRecord } from "~/lib/jobs.server";
import { sendMail } from "~/lib/mailer.server";
import { linkOrigin, NO_PUBLIC_URL_MESSAGE } from "~/lib/public-origin.server";
import { SEND_JOB } from "./campaigns.server";
import { trainingCampaigns, trainingEvents, trainingRecipients } from "./schema";
import { renderTemplate } from "./templates";

/** The header every simulation mail carries: mail filters and Rampart's phishing analyzer recognise it. */
export const SIMULATION_HEADER = "X-Rampart-Simulation";
const BATCH = 25;
/** A claim older than this without a confirmed send was interrupted (a send takes seconds, bounded by timeouts). */
export const CLAIM_LEASE_MS = 10 * 60_000;
const INTERRUPTED = "Interrupted while sending (the server stopped): not sent again, so nobody gets it twice.";

export type BatchResult = { sent: number; pending: number; nextAt: number | null };

export async function sendCampaignBatch(campaignId: string, now = Date.now()): Promise<BatchResult> {
  const campaign = db.select().from(trainingCampaigns).where(eq(trainingCampaigns.id, campaignId)).get();
  if (!campaign) return { sent: 0, pending: 0, nextAt: null };
  const origin = linkOrigin();
  if (!origin) {
    db.update(trainingCampaigns)
      .set({ lastError: NO_PUBLIC_URL_MESSAGE })
      .where(eq(trainingCampaigns.id, campaignId))
      .run();
    throw new Error("training campaign not sent: no public address is configured");
  }
  db.update(trainingRecipients)
    .set({ sendError: INTERRUPTED })
    .where(
      and(
        eq(trainingRecipients.campaignId, campaignId),
        isNotNull(trainingRecipients.claimedAt),
        isNull(trainingRecipients.sentAt),
        isNull(trainingRecipients.sendError),
        lt(trainingRecipients.claimedAt, now - CLAIM_LEASE_MS),
      ),
    )
    .run();
  const due = db
    .select()
    .from(trainingRecipients)
    .where(
      and(
        eq(trainingRecipients.campaignId, campaignId),
        isNull(trainingRecipients.claimedAt),
        lte(trainingRecipients.sendAt, now),
      ),
    )
    .orderBy(asc(trainingRecipients.sendAt))
    .limit(BATCH)
    .all();
  db.update(trainingCampaigns).set({ status: "sending" }).where(eq(trainingCampaigns.id, campaignId)).run();
  let sent = 0;
  for (const r of due) {
    const claimed = db
      .update(trainingRecipients)
      .set({ claimedAt: now })
      .where(and(eq(trainingRecipients.id, r.id), isNull(trainingRecipients.claimedAt)))
      .run().changes;
    if (!claimed) continue;
    const vars = {
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      url: `${origin}/l/${r.token}`,
      trackerUrl: `${origin}/i/${r.token}`,
    };
    try {
      await sendMail({
        from: `"${campaign.senderName}" <${campaign.senderEmail}>`,
        to: r.email,
        subject: renderTemplate(campaign.subject, vars, "text"),
        text: renderTemplate(campaign.text, vars, "text"),
        html: campaign.html ? renderTemplate(campaign.html, vars, "html") : undefined,
        headers: { [SIMULATION_HEADER]: campaign.id },
      });
    } catch (error) {
      // Refused before delivery (not configured, connection refused): released for the retry.
      db.update(trainingRecipients).set({ claimedAt: null }).where(eq(trainingRecipients.id, r.id)).run();
      db.update(trainingCampaigns)
        .set({ lastError: `Sending failed: ${(error as Error).message.slice(0, 200)}` })
        .where(eq(trainingCampaigns.id, campaignId))
        .run();
      throw error;
    }
    const at = Date.now();
    db.transaction((tx) => {
      tx.update(trainingRecipients).set({ sentAt: at }).where(eq(trainingRecipients.id, r.id)).run();
      tx.insert(trainingEvents).values({ tenantId: r.tenantId, campaignId, recipientId: r.id, type: "sent", at }).run();
    });
    sent += 1;
  }
  const next = db
    .select({ sendAt: trainingRecipients.sendAt })
    .from(trainingRecipients)
    .where(and(eq(trainingRecipients.campaignId, campaignId), isNull(trainingRecipients.claimedAt)))
    .orderBy(asc(trainingRecipients.sendAt))
    .all();
  const nextAt = next.length ? Math.max(next[0].sendAt, now) : null;
  db.update(trainingCampaigns)
    .set({ status: nextAt === null ? "sent" : "sending", lastError: null })
    .where(eq(trainingCampaigns.id, campaignId))
    .run();
  return { sent, pending: next.length, nextAt };
}

/** The job handler: one batch, then the next run queued (without a key: a duplicate run finds nothing to claim). */
export async function runSendJob(job: JobRecord) {
  const { campaignId } = (job.payload ?? {}) as { campaignId?: string };
  if (typeof campaignId !== "string") return;
  const result = await sendCampaignBatch(campaignId);
  if (result.nextAt !== null)
    enqueueJob({
      kind: SEND_JOB,
      tenantId: job.tenantId,
      payload: { campaignId },
      runAt: result.nextAt,
      maxAttempts: 10,
    });
}
