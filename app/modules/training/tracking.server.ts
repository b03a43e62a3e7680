/**
 * What recipients do with a simulation: the public tracking endpoints (/i/<token> the pixel, /l/<token> the link,
 * /p/<token> the landing page, /r/<token> the report) call these. A token is the only key: an unknown one finds
 * nothing and changes nothing. Each kind of event is recorded once per recipient (its first time), so a replayed
 * link cannot grow the tables. A landing-page submission is recorded as a time and nothing else: the form's fields
 * have no names (the browser sends nothing typed) and its action never reads the body.
 */
import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { assignCourse, DEFAULT_DUE_DAYS } from "./assignments.server";
import { trainingCampaigns, trainingEvents, trainingRecipients, type TrackingEvent } from "./schema";

const TOKEN = /^[\w-]{20,100}$/;
const COLUMN = {
  opened: trainingRecipients.openedAt,
  clicked: trainingRecipients.clickedAt,
  submitted: trainingRecipients.submittedAt,
  reported: trainingRecipients.reportedAt,
} as const;
const FIELD = { opened: "openedAt", clicked: "clickedAt", submitted: "submittedAt", reported: "reportedAt" } as const;

function recipientByToken(token: string) {
  if (!TOKEN.test(token)) return null;
  return (
    db
      .select({
        id: trainingRecipients.id,
        tenantId: trainingRecipients.tenantId,
        campaignId: trainingRecipients.campaignId,
        email: trainingRecipients.email,
        firstName: trainingRecipients.firstName,
        lastName: trainingRecipients.lastName,
        userId: trainingRecipients.userId,
        courseId: trainingCampaigns.courseId,
      })
      .from(trainingRecipients)
      .innerJoin(trainingCampaigns, eq(trainingCampaigns.id, trainingRecipients.campaignId))
      .where(eq(trainingRecipients.token, token))
      .get() ?? null
  );
}

export type TrackResult = { known: boolean; courseToken: string | null };

/**
 * Records one event for the token's recipient (the first of its kind only). A click or a submission enrols the
 * person in the campaign's course; the answer carries that course's tokened link for the debrief.
 */
export function track(token: string, type: Exclude<TrackingEvent, "sent">, now = Date.now()): TrackResult {
  const r = recipientByToken(token);
  if (!r) return { known: false, courseToken: null };
  db.transaction((tx) => {
    const first = tx
      .update(trainingRecipients)
      .set({ [FIELD[type]]: now })
      .where(and(eq(trainingRecipients.id, r.id), isNull(COLUMN[type])))
      .run().changes;
    if (first)
      tx.insert(trainingEvents)
        .values({ tenantId: r.tenantId, campaignId: r.campaignId, recipientId: r.id, type, at: now })
        .run();
  });
  let courseToken: string | null = null;
  if (r.courseId && (type === "clicked" || type === "submitted"))
    courseToken = assignCourse(
      r.tenantId,
      r.courseId,
      { email: r.email, name: `${r.firstName} ${r.lastName}`.trim(), userId: r.userId },
      { dueAt: now + DEFAULT_DUE_DAYS * 86_400_000, campaignId: r.campaignId },
    ).token;
  return { known: true, courseToken };
}

/** Whether the token is a recipient's (the landing and report pages answer 404 otherwise). */
export function knownToken(token: string): boolean {
  return recipientByToken(token) !== null;
}

/** Requests per client address per minute on the public tracking and course pages. */
export const TRACK_LIMIT = { limit: 120, windowMs: 60_000 } as const;

/** The public endpoints' rate limit, per client address: null when allowed, else the seconds to wait. */
export function trackingRateLimited(ip: string, now = Date.now()): number | null {
  const r = rateLimit(`training-track:${ip}`, TRACK_LIMIT.limit, TRACK_LIMIT.windowMs, now);
  return r.allowed ? null : r.retryAfterSeconds;
}

// A recipient's token in one of the simulation's own links (/l/, /i/, /p/, /r/), in an analysed message's links.
const LINK_TOKEN = /\/(?:l|i|p|r)\/([\w-]{43})(?:[/?#]|$)/;

/**
 * A simulation mail analysed by the organization's phishing analyzer (a recipient uploaded it, or forwarded it to
 * the reporting address whose messages are analysed) is that recipient's report: the token in its links names
 * them. Only recipients of the named campaign in the same organization count. Answers how many were recorded.
 */
export function recordReportFromMessage(tenantId: string, campaignId: string, hrefs: readonly string[]): number {
  const tokens = new Set<string>();
  for (const href of hrefs.slice(0, 200)) {
    const m = LINK_TOKEN.exec(href.slice(0, 2000));
    if (m) tokens.add(m[1]);
  }
  let recorded = 0;
  for (const token of tokens) {
    const r = recipientByToken(token);
    if (r && r.tenantId === tenantId && r.campaignId === campaignId && track(token, "reported").known) recorded += 1;
  }
  return recorded;
}
