/**
 * Simulation campaigns: creating one (its template copied, its recipients with their tokens, its sending job),
 * the organization's templates (an imported .eml is parsed by the phishing module's parser), and the results:
 * funnel, timeline, per department and per person, CSV, trends across campaigns. Every query takes the tenant id.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { enqueueJob } from "~/lib/jobs.server";
import { linkOrigin, NO_PUBLIC_URL_MESSAGE } from "~/lib/public-origin.server";
import { listMembers } from "~/modules/tenants";
import { findCourse } from "./courses";
import type { CsvRecipient } from "./csv.server";
import { sanitizeTemplateHtml } from "./render.server";
import { trainingCampaigns, trainingEvents, trainingRecipients, trainingTemplates, type TrackingEvent } from "./schema";
import { STARTER_TEMPLATES, starterTemplate, type Template } from "./templates";

export class TrainingError extends DomainError {}

/** 32 random bytes: the recipient's (or assignment's) secret in every link. */
export const newToken = () => randomBytes(32).toString("base64url");

export const MAX_RECIPIENTS = 1000;
export const MAX_SPREAD_MINUTES = 7 * 24 * 60;
export const SEND_JOB = "training-send";

// ---- templates ---------------------------------------------------------------------------------------------

export function listTemplates(tenantId: string): (Template & { starter: boolean })[] {
  const own = db
    .select()
    .from(trainingTemplates)
    .where(eq(trainingTemplates.tenantId, tenantId))
    .orderBy(desc(trainingTemplates.createdAt))
    .all();
  return [
    ...own.map((t) => ({
      id: t.id,
      name: t.name,
      language: t.language,
      subject: t.subject,
      html: t.html,
      text: t.text,
      starter: false,
    })),
    ...STARTER_TEMPLATES.map((t) => ({ ...t, starter: true })),
  ];
}

export function getTemplate(tenantId: string, id: string): (Template & { starter: boolean }) | null {
  const starter = starterTemplate(id);
  if (starter) return { ...starter, starter: true };
  const own = db
    .select()
    .from(trainingTemplates)
    .where(and(eq(trainingTemplates.tenantId, tenantId), eq(trainingTemplates.id, id)))
    .get();
  return own
    ? {
        id: own.id,
        name: own.name,
        language: own.language,
        subject: own.subject,
        html: own.html,
        text: own.text,
        starter: false,
      }
    : null;
}

export const EML_MAX_BYTES = 1024 * 1024;

// Links of an imported message lead to the landing page: every href and every bare URL in the text.
const HREF = /(<a\b[^>]*?\bhref\s*=\s*)(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const BARE_URL = /\bhttps?:\/\/[^\s<>"']+/g;

/** Imports a raw .eml as a template: subject, HTML and text from the phishing module's parser, links replaced. */
export async function importEmlTemplate(
  tenantId: string,
  userId: string,
  input: { raw: string; name?: string; language?: string },
): Promise<string> {
  if (!input.raw.trim()) throw new TrainingError("Choose a .eml file or paste the message's source.", { field: "eml" });
  if (Buffer.byteLength(input.raw) > EML_MAX_BYTES)
    throw new TrainingError("The message is larger than 1 MB.", { field: "eml", status: 413 });
  // Loaded when needed: the phishing module asks this one about simulations, so a static import would be a cycle.
  const { parseMessage } = await import("~/modules/phishing/index.server");
  const msg = await parseMessage(input.raw);
  const rawHtml = typeof msg.parsed?.html === "string" ? msg.parsed.html : "";
  const text = (msg.parsed?.text ?? msg.bodyText ?? "").replace(BARE_URL, "{{.URL}}");
  if (!msg.subject && !rawHtml && !text.trim())
    throw new TrainingError("That is not an e-mail message: no subject and no body were found.", { field: "eml" });
  const html = sanitizeTemplateHtml(rawHtml.replace(HREF, '$1"{{.URL}}"'));
  const id = randomUUID();
  db.insert(trainingTemplates)
    .values({
      id,
      tenantId,
      name: (input.name?.trim() || msg.subject || "Imported message").slice(0, 120),
      language: (input.language?.trim() || "en").slice(0, 12),
      subject: (msg.subject || "(no subject)").slice(0, 250),
      html: html ? (html.includes("{{.Tracker}}") ? html : `${html}{{.Tracker}}`) : "",
      text: text.slice(0, 100_000),
      createdBy: userId,
    })
    .run();
  return id;
}

export function deleteTemplate(tenantId: string, id: string): boolean {
  return (
    db
      .delete(trainingTemplates)
      .where(and(eq(trainingTemplates.tenantId, tenantId), eq(trainingTemplates.id, id)))
      .run().changes > 0
  );
}

// ---- campaigns ---------------------------------------------------------------------------------------------

export const CampaignSchema = z.object({
  name: z.string().trim().min(1, "Name the campaign.").max(120, "At most 120 characters."),
  templateId: z.string().min(1, "Choose a template."),
  senderName: z
    .string()
    .trim()
    .min(1, "Name the sender.")
    .max(80, "At most 80 characters.")
    .regex(/^[^\r\n"<>]*$/, "No quotes, angle brackets or line breaks."),
  senderEmail: z.string().trim().toLowerCase().max(254).email("Enter the sender's e-mail address."),
  courseId: z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || !!findCourse(v), "Choose a course from the list."),
  launchAt: z.number().int().nonnegative(),
  spreadMinutes: z
    .number({ error: "Enter a number of minutes." })
    .int("Whole minutes.")
    .min(0, "0 or more.")
    .max(MAX_SPREAD_MINUTES, `At most ${MAX_SPREAD_MINUTES} minutes (a week).`),
});
export type CampaignInput = z.input<typeof CampaignSchema> & { memberIds: string[]; csvRecipients: CsvRecipient[] };

/** Creates the campaign, its recipients (each with its own token and send time) and its sending job. */
export function createCampaign(tenantId: string, userId: string, input: CampaignInput): string {
  const parsed = CampaignSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TrainingError(issue.message, { field: String(issue.path[0] ?? "form") });
  }
  const c = parsed.data;
  const template = getTemplate(tenantId, c.templateId);
  if (!template) throw new TrainingError("Choose a template from the list.", { field: "templateId" });
  if (!linkOrigin()) throw new TrainingError(NO_PUBLIC_URL_MESSAGE, { field: "form", status: 409 });

  // Members by id (only this organization's), then the uploaded list; an address appears once.
  const members = new Map(listMembers(tenantId).map((m) => [m.userId, m]));
  const byEmail = new Map<string, CsvRecipient & { userId: string | null }>();
  for (const id of input.memberIds) {
    const m = members.get(id);
    if (m)
      byEmail.set(m.email.toLowerCase(), {
        email: m.email.toLowerCase(),
        firstName: "",
        lastName: "",
        department: "",
        userId: m.userId,
      });
  }
  const memberByEmail = new Map([...members.values()].map((m) => [m.email.toLowerCase(), m.userId]));
  for (const r of input.csvRecipients) {
    const known = byEmail.get(r.email);
    byEmail.set(r.email, { ...r, userId: known?.userId ?? memberByEmail.get(r.email) ?? null });
  }
  const people = [...byEmail.values()];
  if (!people.length)
    throw new TrainingError("Choose at least one member or upload a recipient list.", { field: "recipients" });
  if (people.length > MAX_RECIPIENTS)
    throw new TrainingError(`At most ${MAX_RECIPIENTS} recipients per campaign.`, { field: "recipients" });

  const id = randomUUID();
  const spreadMs = c.spreadMinutes * 60_000;
  db.transaction((tx) => {
    tx.insert(trainingCampaigns)
      .values({
        id,
        tenantId,
        name: c.name,
        templateName: template.name,
        subject: template.subject,
        html: template.html,
        text: template.text,
        senderName: c.senderName,
        senderEmail: c.senderEmail,
        courseId: c.courseId,
        launchAt: c.launchAt,
        spreadMinutes: c.spreadMinutes,
        createdBy: userId,
      })
      .run();
    people.forEach((p, i) => {
      tx.insert(trainingRecipients)
        .values({
          id: randomUUID(),
          tenantId,
          campaignId: id,
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          department: p.department,
          userId: p.userId,
          token: newToken(),
          // Evenly over the spread: the first at launch, the last at launch + spread.
          sendAt: c.launchAt + (people.length > 1 ? Math.floor((spreadMs * i) / (people.length - 1)) : 0),
        })
        .run();
    });
  });
  enqueueJob({
    kind: SEND_JOB,
    key: `${SEND_JOB}:${id}:${c.launchAt}`,
    tenantId,
    payload: { campaignId: id },
    runAt: c.launchAt,
    maxAttempts: 10,
  });
  return id;
}

export type Funnel = {
  recipients: number;
  sent: number;
  opened: number;
  clicked: number;
  submitted: number;
  reported: number;
};

type RecipientRow = typeof trainingRecipients.$inferSelect;

function funnelOf(rows: RecipientRow[]): Funnel {
  return {
    recipients: rows.length,
    sent: rows.filter((r) => r.sentAt).length,
    // A click means the mail was opened even when images were blocked.
    opened: rows.filter((r) => r.openedAt || r.clickedAt || r.submittedAt).length,
    clicked: rows.filter((r) => r.clickedAt || r.submittedAt).length,
    submitted: rows.filter((r) => r.submittedAt).length,
    reported: rows.filter((r) => r.reportedAt).length,
  };
}

function recipientsOf(tenantId: string, campaignIds: string[]) {
  if (!campaignIds.length) return [];
  return db
    .select()
    .from(trainingRecipients)
    .where(and(eq(trainingRecipients.tenantId, tenantId), inArray(trainingRecipients.campaignId, campaignIds)))
    .all();
}

export function listCampaigns(tenantId: string) {
  const campaigns = db
    .select({
      id: trainingCampaigns.id,
      name: trainingCampaigns.name,
      templateName: trainingCampaigns.templateName,
      launchAt: trainingCampaigns.launchAt,
      status: trainingCampaigns.status,
      lastError: trainingCampaigns.lastError,
    })
    .from(trainingCampaigns)
    .where(eq(trainingCampaigns.tenantId, tenantId))
    .orderBy(desc(trainingCampaigns.launchAt))
    .all();
  const rows = recipientsOf(
    tenantId,
    campaigns.map((c) => c.id),
  );
  return campaigns.map((c) => ({ ...c, funnel: funnelOf(rows.filter((r) => r.campaignId === c.id)) }));
}

/** The rates per campaign, oldest first: does the organization get better? */
export function campaignTrends(tenantId: string) {
  const pct = (n: number, d: number) => (d ? Math.round((100 * n) / d) : null);
  return listCampaigns(tenantId)
    .reverse()
    .filter((c) => c.funnel.sent > 0)
    .map((c) => ({
      id: c.id,
      name: c.name,
      launchAt: c.launchAt,
      sent: c.funnel.sent,
      clickRate: pct(c.funnel.clicked, c.funnel.sent),
      submitRate: pct(c.funnel.submitted, c.funnel.sent),
      reportRate: pct(c.funnel.reported, c.funnel.sent),
    }));
}

export function getCampaign(tenantId: string, id: string) {
  return (
    db
      .select()
      .from(trainingCampaigns)
      .where(and(eq(trainingCampaigns.tenantId, tenantId), eq(trainingCampaigns.id, id)))
      .get() ?? null
  );
}

const STAGE = (r: RecipientRow): string =>
  r.submittedAt
    ? "submitted"
    : r.clickedAt
      ? "clicked"
      : r.openedAt
        ? "opened"
        : r.sentAt
          ? "sent"
          : r.sendError
            ? "not sent"
            : "waiting";

/** One campaign's results: funnel, per department, per person, timeline. Null when not this tenant's. */
export function campaignResults(tenantId: string, id: string) {
  const campaign = getCampaign(tenantId, id);
  if (!campaign) return null;
  const rows = recipientsOf(tenantId, [id]).sort((a, b) => a.email.localeCompare(b.email));
  const departments = [...new Set(rows.map((r) => r.department || "(none)"))].sort();
  const events = db
    .select({ recipientId: trainingEvents.recipientId, type: trainingEvents.type, at: trainingEvents.at })
    .from(trainingEvents)
    .where(and(eq(trainingEvents.tenantId, tenantId), eq(trainingEvents.campaignId, id)))
    .orderBy(asc(trainingEvents.at), asc(trainingEvents.id))
    .limit(2000)
    .all();
  const emailOf = new Map(rows.map((r) => [r.id, r.email]));
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      templateName: campaign.templateName,
      subject: campaign.subject,
      senderName: campaign.senderName,
      senderEmail: campaign.senderEmail,
      courseTitle: findCourse(campaign.courseId)?.title ?? null,
      launchAt: campaign.launchAt,
      spreadMinutes: campaign.spreadMinutes,
      status: campaign.status,
      lastError: campaign.lastError,
    },
    funnel: funnelOf(rows),
    byDepartment: departments.map((d) => ({
      department: d,
      funnel: funnelOf(rows.filter((r) => (r.department || "(none)") === d)),
    })),
    people: rows.map((r) => ({
      email: r.email,
      name: `${r.firstName} ${r.lastName}`.trim(),
      department: r.department,
      stage: STAGE(r),
      sentAt: r.sentAt,
      openedAt: r.openedAt,
      clickedAt: r.clickedAt,
      submittedAt: r.submittedAt,
      reportedAt: r.reportedAt,
      sendError: r.sendError,
    })),
    timeline: events.map((e) => ({ email: emailOf.get(e.recipientId) ?? "", type: e.type as TrackingEvent, at: e.at })),
  };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? "" : String(v);
  // A cell starting with = + - @ would be a formula in a spreadsheet: quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const iso = (t: number | null) => (t ? new Date(t).toISOString() : "");

/** Per person, as CSV. */
export function campaignCsv(tenantId: string, id: string): string | null {
  const results = campaignResults(tenantId, id);
  if (!results) return null;
  const header = ["email", "name", "department", "outcome", "sent", "opened", "clicked", "submitted", "reported"];
  const lines = results.people.map((p) =>
    [
      p.email,
      p.name,
      p.department,
      p.stage,
      iso(p.sentAt),
      iso(p.openedAt),
      iso(p.clickedAt),
      iso(p.submittedAt),
      iso(p.reportedAt),
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
