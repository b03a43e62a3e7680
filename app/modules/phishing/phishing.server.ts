/**
 * Phishing items: each analysed message stored for its tenant (table
 * phishing_items), listed newest first, filtered by risk and status, and
 * quarantined or released. Every function takes the tenant id.
 *
 * The organization's own domains, against which lookalikes are judged, are
 * the domains of the tenant members' e-mail addresses (memberships joined to
 * users), free-mail domains excluded (protectedTargets drops them): a tenant
 * whose people sign in as @northwindtraders.com protects northwindtraders.com
 * with no setup. The members' addresses also let the analyzer spot a display
 * name copying a colleague's name from an outside address (CEO fraud), and
 * the organization's name counts as a name that may be impersonated.
 *
 * The raw message is not kept: only the parsed text view and the analysis.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { phishingItems } from "./schema";
import { db, preparedQuery } from "~/lib/db.server";
import { displayTenantName } from "~/lib/plans";
import { isSimulationCampaign, recordReportFromMessage } from "~/modules/training/index.server";
import { alertForObject, raiseAlert, resolveAlertsForObject } from "~/modules/alerts";
import { getTenant, listMembers } from "~/modules/tenants";
import {
  KIND_ADVICE,
  looksLikeMessage,
  type Analysis,
  type Resolver,
  type Risk,
  type VerdictKind,
} from "./analyze.server";
import { analyzeInWorker } from "./pool.server";
import { storeMessageIndicators } from "./indicators.server";
import { FREE_MAIL } from "./lists";
import { DomainError } from "~/lib/errors";

// The list's filters live in ./types (the page's schemas read them in the browser bundle too).
import { RISKS, STATUSES, type PhishingStatus } from "./types";
export { RISKS, STATUSES, type PhishingStatus };

/** The largest message the analyzer accepts from the page (the API allows up to its 10 MB body). */
export const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

export const NOT_A_MESSAGE =
  "This does not look like an e-mail message. Paste the full source, headers included (in most mail clients: “Show original” or “View source”).";
export const EMPTY_MESSAGE = "Paste the raw source of an e-mail or choose an .eml file.";
export const TOO_LARGE =
  "The message is larger than 5 MB. Save it as an .eml file without large attachments and try again.";

/** What the list and the demo mode show for one item. */
export type PhishingListItem = {
  id: string;
  subject: string;
  sender: string;
  risk: Risk;
  kind?: VerdictKind;
  status: PhishingStatus;
  rationale: string[];
  score?: number;
  createdAt?: number;
};

export class PhishingInputError extends DomainError {}

/** The verdict note of a message from one of the organization's own training campaigns. */
export const SIMULATION_NOTE =
  "Rampart phishing simulation: this message was sent by one of your organization's training campaigns.";

export type OrgContext = { orgDomains: string[]; orgNames: string[]; orgAddresses: string[] };

/** The organization's domains, names and members' addresses (see the module header). */
export function organizationContext(tenantId: string): OrgContext {
  const rows = listMembers(tenantId);
  const addresses = rows.map((r) => r.email.toLowerCase());
  const domains = [...new Set(addresses.map((a) => a.split("@")[1] ?? "").filter((d) => d && !FREE_MAIL.has(d)))];
  const tenant = getTenant(tenantId);
  const name = tenant ? displayTenantName(tenant.name) : "";
  // "Personal", the default name of a one-person tenant, names no organization.
  const orgNames = name && !/^personal$/i.test(name) ? [name] : [];
  return { orgDomains: domains, orgNames, orgAddresses: addresses };
}

export type StoredAnalysis = {
  id: string;
  analysis: Analysis;
  status: PhishingStatus;
  createdAt: number;
  /** The same message was analysed before: its earlier item is answered, no second row is stored. */
  alreadyAnalysed: boolean;
  /** How often the message's alert has been seen (null: no alert, the message is not high risk). */
  alertOccurrences: number | null;
};

/** The alert of an analysed message is about the stored item: one alert per message, repeats counted on it. */
const alertObject = (id: string) => ({ type: "phishing", id });

/**
 * The tenant's earlier item for the same message: same sender and subject, and the same Message-ID (or,
 * for a message without one, the same text). The oldest, so repeats all land on the first analysis.
 */
function findSameMessage(tenantId: string, a: Analysis) {
  const sender = a.sender || "(unknown sender)";
  return db
    .select({ id: phishingItems.id, status: phishingItems.status, createdAt: phishingItems.createdAt })
    .from(phishingItems)
    .where(
      and(
        eq(phishingItems.tenantId, tenantId),
        eq(phishingItems.sender, sender),
        eq(phishingItems.subject, a.subject),
        a.messageId
          ? eq(phishingItems.messageId, a.messageId)
          : and(isNull(phishingItems.messageId), eq(phishingItems.bodyText, a.bodyText)),
      ),
    )
    .orderBy(asc(phishingItems.createdAt))
    .get();
}

function raisePhishingAlert(tenantId: string, id: string, analysis: Analysis): number | null {
  if (analysis.risk !== "high") return null;
  raiseAlert({
    tenantId,
    source: "phishing",
    severity: "high",
    title: `High-risk phishing message: ${analysis.subject.slice(0, 120)}`,
    detail: `From ${analysis.sender || "an unknown sender"}. ${analysis.rationale[0] ?? ""}`,
    object: alertObject(id),
  });
  return alertForObject(tenantId, alertObject(id))?.occurrences ?? null;
}

/**
 * Analyses a raw message for the tenant and stores it as a phishing item.
 * Throws PhishingInputError (shown to the user as a field error) for empty,
 * oversized or non-message input; nothing is stored then.
 */
export async function analyzeAndStore(input: {
  tenantId: string;
  userId: string | null;
  raw: Buffer | string;
  maxBytes?: number;
  resolver?: Resolver;
  /** Time budget for the analysis (default 3 s; tests shorten it). */
  deadlineMs?: number;
}): Promise<StoredAnalysis> {
  const size = typeof input.raw === "string" ? Buffer.byteLength(input.raw) : input.raw.length;
  if (!size || (typeof input.raw === "string" && !input.raw.trim())) throw new PhishingInputError(EMPTY_MESSAGE);
  if (size > (input.maxBytes ?? MAX_MESSAGE_BYTES)) throw new PhishingInputError(TOO_LARGE);
  if (!looksLikeMessage(input.raw)) throw new PhishingInputError(NOT_A_MESSAGE);

  // In a worker thread with a deadline (pool.server.ts): a hostile message never holds up other requests.
  const analysis = await analyzeInWorker(input.raw, {
    ...organizationContext(input.tenantId),
    resolver: input.resolver,
    deadlineMs: input.deadlineMs,
  });
  // One of the organization's own training simulations (issue 34): said first, and no alert is raised. A header
  // naming no campaign of this organization is ignored, so an attacker cannot silence the alert by adding it.
  const simulation = !!analysis.simulationCampaign && isSimulationCampaign(input.tenantId, analysis.simulationCampaign);
  if (simulation) {
    analysis.rationale = [SIMULATION_NOTE, ...analysis.rationale];
    // The recipient whose links these are has reported the simulation: the outcome the training wants.
    recordReportFromMessage(
      input.tenantId,
      analysis.simulationCampaign!,
      analysis.links.map((l) => l.href),
    );
  }
  const same = findSameMessage(input.tenantId, analysis);
  if (same) {
    // Analysed before: the same item and alert (its counter raised while the message is not quarantined).
    const alertOccurrences =
      same.status === "detected" && !simulation
        ? raisePhishingAlert(input.tenantId, same.id, analysis)
        : (alertForObject(input.tenantId, alertObject(same.id))?.occurrences ?? null);
    return {
      id: same.id,
      analysis,
      status: same.status,
      createdAt: same.createdAt,
      alreadyAnalysed: true,
      alertOccurrences,
    };
  }
  const id = randomUUID();
  const createdAt = Date.now();
  db.insert(phishingItems)
    .values({
      id,
      tenantId: input.tenantId,
      subject: analysis.subject,
      sender: analysis.sender || "(unknown sender)",
      senderName: analysis.senderName || null,
      risk: analysis.risk,
      score: analysis.score,
      kind: analysis.kind,
      status: "detected",
      rationale: analysis.rationale,
      analysis: {
        signals: analysis.signals,
        links: analysis.links,
        attachments: analysis.attachments,
        auth: analysis.auth,
        replyTo: analysis.replyTo,
        returnPath: analysis.returnPath,
        date: analysis.date,
        parseWarning: analysis.parseWarning,
        durationMs: analysis.durationMs,
      },
      bodyText: analysis.bodyText,
      messageId: analysis.messageId,
      sentAt: analysis.date ? Date.parse(analysis.date) : null,
      sizeBytes: analysis.sizeBytes,
      createdBy: input.userId,
      createdAt,
    })
    .run();
  storeMessageIndicators(input.tenantId, id, analysis);
  const alertOccurrences = simulation ? null : raisePhishingAlert(input.tenantId, id, analysis);
  return { id, analysis, status: "detected", createdAt, alreadyAnalysed: false, alertOccurrences };
}

export type ListFilter = { risk?: Risk | null; status?: PhishingStatus | null; limit?: number };

const LIST_COLUMNS = {
  id: phishingItems.id,
  subject: phishingItems.subject,
  sender: phishingItems.sender,
  risk: phishingItems.risk,
  kind: phishingItems.kind,
  status: phishingItems.status,
  rationale: phishingItems.rationale,
  score: phishingItems.score,
  createdAt: phishingItems.createdAt,
};
const NEWEST_FIRST = [desc(phishingItems.createdAt), desc(phishingItems.id)];

// The unfiltered list is what /phishing shows by default: built and prepared once (db.server.ts preparedQuery).
const latestItems = preparedQuery((d) =>
  d
    .select(LIST_COLUMNS)
    .from(phishingItems)
    .where(eq(phishingItems.tenantId, sql.placeholder("tenantId")))
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder("limit"))
    .prepare(),
);

export function listPhishingItems(
  tenantId: string,
  filter: ListFilter = {},
): (PhishingListItem & { score: number; createdAt: number; kind: VerdictKind })[] {
  const limit = Math.min(Math.max(filter.limit ?? 100, 1), 500);
  if (!filter.risk && !filter.status) return latestItems().all({ tenantId, limit });
  const conds: SQL[] = [eq(phishingItems.tenantId, tenantId)];
  if (filter.risk) conds.push(eq(phishingItems.risk, filter.risk));
  if (filter.status) conds.push(eq(phishingItems.status, filter.status));
  return db
    .select(LIST_COLUMNS)
    .from(phishingItems)
    .where(and(...conds))
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .all();
}

export function getPhishingItem(tenantId: string, id: string) {
  return db
    .select()
    .from(phishingItems)
    .where(and(eq(phishingItems.tenantId, tenantId), eq(phishingItems.id, id)))
    .get();
}

/**
 * Quarantine or release; false when the item is not the tenant's (or does not exist). Quarantine closes
 * the message, so its alert is resolved (a release does not reopen it: the message was handled).
 */
export function setPhishingStatus(
  tenantId: string,
  id: string,
  status: PhishingStatus,
  userId: string | null = null,
): boolean {
  const changed =
    db
      .update(phishingItems)
      .set({ status })
      .where(and(eq(phishingItems.tenantId, tenantId), eq(phishingItems.id, id)))
      .run().changes > 0;
  if (changed && status === "quarantined") resolveAlertsForObject(tenantId, alertObject(id), userId);
  return changed;
}

export function countPhishingItems(tenantId: string) {
  const rows = db
    .select({ risk: phishingItems.risk, status: phishingItems.status })
    .from(phishingItems)
    .where(eq(phishingItems.tenantId, tenantId))
    .all();
  return {
    total: rows.length,
    high: rows.filter((r) => r.risk === "high").length,
    quarantined: rows.filter((r) => r.status === "quarantined").length,
  };
}

/**
 * The API's answer for one item (issue 5: `{ id, subject, sender, risk, score, status, rationale }`; issue 29
 * adds `kind` and its one-line `advice`).
 */
export function apiItem(item: {
  id: string;
  subject: string;
  sender: string;
  risk: Risk;
  kind: VerdictKind;
  score: number;
  status: PhishingStatus;
  rationale: string[];
}) {
  return {
    id: item.id,
    subject: item.subject,
    sender: item.sender,
    risk: item.risk,
    kind: item.kind,
    advice: KIND_ADVICE[item.kind],
    score: item.score,
    status: item.status,
    rationale: item.rationale,
  };
}
