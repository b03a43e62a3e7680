/**
 * Compliance monitoring: a tenant adopts frameworks (catalogue.server.ts loads
 * them), assesses each requirement (status, owner, justification), attaches
 * evidence (a file in the evidence store or a link, each with an effective
 * date and an optional expiry), and reads its score per framework: compliant
 * requirements over applicable ones (every requirement not marked
 * not-applicable). Scores are snapshotted once a day for the trend.
 *
 * Dates (effective, expiry, snapshot day) are calendar dates in UTC.
 * Every function takes the tenant id; the catalogue rows are shared.
 */
import { randomUUID } from "node:crypto";
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  sum,
  type SQL,
} from "drizzle-orm";
import {
  complianceAdoptions as adoptions,
  complianceBaselineItems as baselineItems,
  complianceCatalogItems as items,
  complianceEvidence as evidence,
  complianceRequirementStates as states,
  complianceScoreSnapshots as snapshots,
} from "./schema";
import { db, excluded } from "~/lib/db.server";
import { raiseAlert } from "~/modules/alerts";
import { userEmails } from "~/modules/accounts";
import { audit } from "~/modules/audit";
import { memberRole } from "~/modules/tenants";
import { ensureCatalogs } from "./catalog.server";
import { automaticEvidence, type AutomaticEvidence } from "./automatic.server";
import { deleteEvidenceFile, storeEvidenceFile, DEFAULT_LIMITS, type EvidenceLimits } from "./evidence-store.server";
import {
  FRAMEWORKS,
  findFramework,
  frameworkLabel,
  isRequired,
  type Framework,
  type RequirementStatus,
} from "./frameworks";

export class ComplianceError extends Error {
  constructor(
    readonly code: "not-found" | "validation",
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;
/** The UTC calendar date of an instant, YYYY-MM-DD. */
export const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------
// Adoption
// ---------------------------------------------------------------------------

export type Adoption = { framework: Framework; baseline: string | null; adoptedAt: number; label: string };

export function listAdoptions(tenantId: string): Adoption[] {
  const rows = db
    .select({ framework: adoptions.framework, baseline: adoptions.baseline, adoptedAt: adoptions.adoptedAt })
    .from(adoptions)
    .where(eq(adoptions.tenantId, tenantId))
    .all();
  return FRAMEWORKS.flatMap((framework) => {
    const row = rows.find((r) => r.framework === framework.key);
    return row
      ? [
          {
            framework,
            baseline: row.baseline,
            adoptedAt: row.adoptedAt,
            label: frameworkLabel(framework, row.baseline),
          },
        ]
      : [];
  });
}

export function getAdoption(tenantId: string, frameworkKey: string): Adoption | null {
  return listAdoptions(tenantId).find((a) => a.framework.key === frameworkKey) ?? null;
}

/** Adopts a framework, or changes the baseline of one already adopted. */
export function adoptFramework(
  tenantId: string,
  userId: string | null,
  frameworkKey: string,
  baseline: string | null,
  now = Date.now(),
): Adoption {
  const framework = findFramework(frameworkKey);
  if (!framework) throw new ComplianceError("validation", "Choose a framework.", "framework");
  if (framework.baselines) {
    if (!baseline || !framework.baselines.some((b) => b.key === baseline))
      throw new ComplianceError("validation", `Choose a baseline for ${framework.shortName}.`, "baseline");
  } else baseline = null;
  ensureCatalogs();
  db.insert(adoptions)
    .values({ id: randomUUID(), tenantId, framework: framework.key, baseline, adoptedBy: userId, adoptedAt: now })
    .onConflictDoUpdate({
      target: [adoptions.tenantId, adoptions.framework],
      set: { baseline: excluded(adoptions.baseline) },
    })
    .run();
  recordScoreSnapshots(tenantId, now);
  return getAdoption(tenantId, framework.key)!;
}

/** Stops tracking a framework. Statuses and evidence stay, for a later re-adoption. */
export function dropFramework(tenantId: string, frameworkKey: string): boolean {
  return (
    db
      .delete(adoptions)
      .where(and(eq(adoptions.tenantId, tenantId), eq(adoptions.framework, frameworkKey)))
      .run().changes > 0
  );
}

// ---------------------------------------------------------------------------
// The requirement set of an adoption, with the tenant's state
// ---------------------------------------------------------------------------

type ScopeOptions = { requiredOnly?: boolean };

/** A requirement's status, "not-started" while the tenant has no state row for it. */
const STATUS = sql<RequirementStatus>`coalesce(${states.status}, 'not-started')`;

/**
 * The requirement set of an adoption: the catalogue items it assesses (in its
 * baseline, when it has one), each with the tenant's state row when there is
 * one (`join` on `states`).
 */
function scope(tenantId: string, adoption: Adoption, opts: ScopeOptions) {
  const where: SQL[] = [
    eq(items.framework, adoption.framework.key),
    eq(items.assessable, true),
    eq(items.withdrawn, false),
  ];
  if (adoption.baseline)
    where.push(
      inArray(
        items.itemId,
        db
          .select({ itemId: baselineItems.itemId })
          .from(baselineItems)
          .where(
            and(eq(baselineItems.framework, adoption.framework.key), eq(baselineItems.baseline, adoption.baseline)),
          ),
      ),
    );
  if (opts.requiredOnly && adoption.framework.requiredFilter)
    where.push(or(isNull(items.requirement), ne(items.requirement, "Addressable"))!);
  return {
    join: and(eq(states.tenantId, tenantId), eq(states.framework, items.framework), eq(states.itemId, items.itemId)),
    where,
  };
}

/** Evidence that counts today: effective, not expired, not yet handled as expired. */
function validEvidence(today: string) {
  return and(
    isNull(evidence.expiredAt),
    lte(evidence.effectiveOn, today),
    or(isNull(evidence.expiresOn), gt(evidence.expiresOn, today)),
  )!;
}

export type ScoreCounts = Record<RequirementStatus, number> & { total: number; applicable: number; score: number };

export function scoreOf(counts: Record<RequirementStatus, number>): ScoreCounts {
  const total = counts["not-started"] + counts["in-progress"] + counts.compliant + counts["not-applicable"];
  const applicable = total - counts["not-applicable"];
  // Compliant over applicable; a framework where nothing applies has nothing compliant to show.
  const score = applicable > 0 ? Math.round((counts.compliant / applicable) * 100) : 0;
  return { ...counts, total, applicable, score };
}

export function frameworkScore(tenantId: string, adoption: Adoption, opts: ScopeOptions = {}): ScoreCounts {
  ensureCatalogs();
  const s = scope(tenantId, adoption, opts);
  const rows = db
    .select({ status: STATUS, n: count() })
    .from(items)
    .leftJoin(states, s.join)
    .where(and(...s.where))
    .groupBy(STATUS)
    .all();
  const counts = { "not-started": 0, "in-progress": 0, compliant: 0, "not-applicable": 0 };
  for (const r of rows) counts[r.status] = r.n;
  return scoreOf(counts);
}

export type RequirementRow = {
  id: string;
  title: string;
  kind: string;
  requirement: string | null;
  parentId: string | null;
  status: RequirementStatus;
  justification: string | null;
  ownerUserId: string | null;
  ownerEmail: string | null;
  evidenceCount: number;
  automatic: AutomaticEvidence[];
  updatedAt: number | null;
};

/** The requirement rows of a scope, with the tenant's state, owner and count of valid evidence. */
function requirementRows(tenantId: string, adoption: Adoption, opts: ScopeOptions, where: SQL[], now: number) {
  const s = scope(tenantId, adoption, opts);
  return db
    .select({
      id: items.itemId,
      title: items.title,
      kind: items.kind,
      requirement: items.requirement,
      parentId: items.parentId,
      status: STATUS,
      justification: states.justification,
      ownerUserId: states.ownerUserId,
      updatedAt: states.updatedAt,
      evidenceCount: db.$count(
        evidence,
        and(
          eq(evidence.tenantId, tenantId),
          eq(evidence.framework, items.framework),
          eq(evidence.itemId, items.itemId),
          validEvidence(dayOf(now)),
        ),
      ),
    })
    .from(items)
    .leftJoin(states, s.join)
    .where(and(...s.where, ...where))
    .orderBy(items.sortIndex)
    .$dynamic();
}

type RawRow = Omit<RequirementRow, "automatic" | "ownerEmail">;

/** The rows with their automatic evidence and their owners' addresses (the accounts module's, by id). */
function toRows(raw: RawRow[], auto: Map<string, AutomaticEvidence[]>): RequirementRow[] {
  const emails = userEmails(raw.map((r) => r.ownerUserId));
  return raw.map((r) => ({
    ...r,
    ownerEmail: (r.ownerUserId && emails.get(r.ownerUserId)) ?? null,
    automatic: auto.get(r.id) ?? [],
  }));
}

export type RequirementQuery = ScopeOptions & {
  status?: RequirementStatus;
  q?: string;
  page?: number;
  pageSize?: number;
};

export const PAGE_SIZE = 25;

/** One page of an adoption's requirements, in catalogue order, filtered by status and text. */
export function listRequirements(tenantId: string, adoption: Adoption, query: RequirementQuery = {}, now = Date.now()) {
  ensureCatalogs();
  const s = scope(tenantId, adoption, query);
  const where: SQL[] = [];
  if (query.status) where.push(eq(STATUS, query.status));
  const q = query.q?.trim().slice(0, 100);
  if (q) {
    // LIKE with an escape character: drizzle's like() has no ESCAPE clause.
    const pattern = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(sql`(${items.itemId} LIKE ${pattern} ESCAPE '\\' OR ${items.title} LIKE ${pattern} ESCAPE '\\')`);
  }
  const total = db
    .select({ n: count() })
    .from(items)
    .leftJoin(states, s.join)
    .where(and(...s.where, ...where))
    .get()!.n;
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pageCount);
  const raw = requirementRows(tenantId, adoption, query, where, now)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const auto = automaticEvidence(tenantId, adoption.framework.key);
  return { total, page, pageCount, pageSize, rows: toRows(raw, auto) };
}

/** Every requirement of an adoption (for the report, the CSV and the next steps). */
export function allRequirements(tenantId: string, adoption: Adoption, opts: ScopeOptions = {}, now = Date.now()) {
  ensureCatalogs();
  const raw = requirementRows(tenantId, adoption, opts, [], now).all();
  const auto = automaticEvidence(tenantId, adoption.framework.key);
  return toRows(raw, auto);
}

/** One requirement of an adopted framework, or null when it is not in the tenant's adopted set. */
export function getRequirement(tenantId: string, frameworkKey: string, itemId: string, now = Date.now()) {
  const adoption = getAdoption(tenantId, frameworkKey);
  if (!adoption) return null;
  ensureCatalogs();
  const raw = requirementRows(tenantId, adoption, {}, [eq(items.itemId, itemId)], now).get();
  if (!raw) return null;
  const { statement } = db
    .select({ statement: items.statement })
    .from(items)
    .where(and(eq(items.framework, frameworkKey), eq(items.itemId, itemId)))
    .get()!;
  const parent = raw.parentId
    ? db
        .select({ id: items.itemId, title: items.title })
        .from(items)
        .where(and(eq(items.framework, frameworkKey), eq(items.itemId, raw.parentId)))
        .get()
    : undefined;
  return {
    adoption,
    requirement: toRows([raw], automaticEvidence(tenantId, frameworkKey))[0]!,
    statement,
    parent: parent ?? null,
    evidence: listEvidence(tenantId, frameworkKey, itemId, now),
  };
}

function requireRequirement(tenantId: string, frameworkKey: string, itemId: string) {
  const found = getRequirement(tenantId, frameworkKey, itemId);
  if (!found)
    throw new ComplianceError("not-found", "This requirement is not in a framework your organization tracks.");
  return found;
}

// ---------------------------------------------------------------------------
// Status and owner
// ---------------------------------------------------------------------------

export const JUSTIFICATION_MAX = 1000;

export function setRequirementStatus(
  tenantId: string,
  userId: string | null,
  frameworkKey: string,
  itemId: string,
  input: { status: RequirementStatus; justification?: string | null },
  now = Date.now(),
) {
  requireRequirement(tenantId, frameworkKey, itemId);
  const justification = input.justification?.trim() || null;
  if (input.status === "not-applicable" && !justification)
    throw new ComplianceError("validation", "Say why this requirement does not apply.", "justification");
  if (justification && justification.length > JUSTIFICATION_MAX)
    throw new ComplianceError("validation", `Use at most ${JUSTIFICATION_MAX} characters.`, "justification");
  db.insert(states)
    .values({
      tenantId,
      framework: frameworkKey,
      itemId,
      status: input.status,
      justification: input.status === "not-applicable" ? justification : null,
      updatedBy: userId,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [states.tenantId, states.framework, states.itemId],
      set: {
        status: excluded(states.status),
        justification: excluded(states.justification),
        updatedBy: excluded(states.updatedBy),
        updatedAt: excluded(states.updatedAt),
      },
    })
    .run();
  recordScoreSnapshots(tenantId, now);
}

export function setRequirementOwner(
  tenantId: string,
  userId: string | null,
  frameworkKey: string,
  itemId: string,
  ownerUserId: string | null,
  now = Date.now(),
) {
  requireRequirement(tenantId, frameworkKey, itemId);
  if (ownerUserId) {
    if (!memberRole(tenantId, ownerUserId))
      throw new ComplianceError("validation", "Choose a member of your organization.", "owner");
  }
  db.insert(states)
    .values({ tenantId, framework: frameworkKey, itemId, ownerUserId, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [states.tenantId, states.framework, states.itemId],
      set: {
        ownerUserId: excluded(states.ownerUserId),
        updatedBy: excluded(states.updatedBy),
        updatedAt: excluded(states.updatedAt),
      },
    })
    .run();
}

// ---------------------------------------------------------------------------
// Evidence
// ---------------------------------------------------------------------------

export type EvidenceItem = {
  id: string;
  kind: "file" | "link";
  title: string;
  url: string | null;
  fileName: string | null;
  sizeBytes: number;
  sha256: string | null;
  effectiveOn: string;
  expiresOn: string | null;
  state: "valid" | "not-yet-effective" | "expired";
  createdAt: number;
  createdByEmail: string | null;
};

export function listEvidence(tenantId: string, frameworkKey: string, itemId: string, now = Date.now()): EvidenceItem[] {
  const today = dayOf(now);
  const rows = db
    .select({
      id: evidence.id,
      kind: evidence.kind,
      title: evidence.title,
      url: evidence.url,
      fileName: evidence.fileName,
      sizeBytes: evidence.sizeBytes,
      sha256: evidence.sha256,
      effectiveOn: evidence.effectiveOn,
      expiresOn: evidence.expiresOn,
      expiredAt: evidence.expiredAt,
      createdAt: evidence.createdAt,
      createdBy: evidence.createdBy,
    })
    .from(evidence)
    .where(and(eq(evidence.tenantId, tenantId), eq(evidence.framework, frameworkKey), eq(evidence.itemId, itemId)))
    .orderBy(desc(evidence.createdAt))
    .all();
  const emails = userEmails(rows.map((r) => r.createdBy));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    url: r.url,
    fileName: r.fileName,
    sizeBytes: r.sizeBytes,
    sha256: r.sha256,
    effectiveOn: r.effectiveOn,
    expiresOn: r.expiresOn,
    state:
      r.expiredAt != null || (r.expiresOn != null && r.expiresOn <= today)
        ? "expired"
        : r.effectiveOn > today
          ? "not-yet-effective"
          : "valid",
    createdAt: r.createdAt,
    createdByEmail: (r.createdBy && emails.get(r.createdBy)) ?? null,
  }));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export type EvidenceInput = {
  title: string;
  effectiveOn?: string | null;
  expiresOn?: string | null;
  /** Also mark the requirement compliant (the usual reason to attach evidence). */
  markCompliant?: boolean;
};

function checkDates(input: EvidenceInput, now: number) {
  const effectiveOn = input.effectiveOn || dayOf(now);
  if (!isCalendarDate(effectiveOn))
    throw new ComplianceError("validation", "Enter the date as YYYY-MM-DD.", "effectiveOn");
  const expiresOn = input.expiresOn || null;
  if (expiresOn && !isCalendarDate(expiresOn))
    throw new ComplianceError("validation", "Enter the date as YYYY-MM-DD.", "expiresOn");
  if (expiresOn && expiresOn <= effectiveOn)
    throw new ComplianceError("validation", "The expiry must be after the effective date.", "expiresOn");
  const title = input.title.trim();
  if (!title) throw new ComplianceError("validation", "Give the evidence a title.", "title");
  if (title.length > 200) throw new ComplianceError("validation", "Use at most 200 characters.", "title");
  return { effectiveOn, expiresOn, title };
}

function insertEvidence(
  tenantId: string,
  userId: string | null,
  frameworkKey: string,
  itemId: string,
  values: {
    kind: "file" | "link";
    title: string;
    url?: string | null;
    fileName?: string | null;
    sizeBytes?: number;
    sha256?: string | null;
    storageKey?: string | null;
    effectiveOn: string;
    expiresOn: string | null;
  },
  markCompliant: boolean,
  now: number,
) {
  const id = randomUUID();
  db.transaction(() => {
    db.insert(evidence)
      .values({
        id,
        tenantId,
        framework: frameworkKey,
        itemId,
        kind: values.kind,
        title: values.title,
        url: values.url ?? null,
        fileName: values.fileName ?? null,
        sizeBytes: values.sizeBytes ?? 0,
        sha256: values.sha256 ?? null,
        storageKey: values.storageKey ?? null,
        effectiveOn: values.effectiveOn,
        expiresOn: values.expiresOn,
        createdBy: userId,
        createdAt: now,
      })
      .run();
    // Evidence moves a requirement nobody has started to in progress; the box on the form marks it compliant.
    const current = db
      .select({ status: states.status })
      .from(states)
      .where(and(eq(states.tenantId, tenantId), eq(states.framework, frameworkKey), eq(states.itemId, itemId)))
      .get()?.status;
    const next: RequirementStatus | null = markCompliant
      ? "compliant"
      : !current || current === "not-started"
        ? "in-progress"
        : null;
    if (next && next !== current)
      db.insert(states)
        .values({ tenantId, framework: frameworkKey, itemId, status: next, updatedBy: userId, updatedAt: now })
        .onConflictDoUpdate({
          target: [states.tenantId, states.framework, states.itemId],
          set: {
            status: excluded(states.status),
            justification: null,
            updatedBy: excluded(states.updatedBy),
            updatedAt: excluded(states.updatedAt),
          },
        })
        .run();
  });
  recordScoreSnapshots(tenantId, now);
  return id;
}

export const URL_MAX = 2000;

export function addLinkEvidence(
  tenantId: string,
  userId: string | null,
  frameworkKey: string,
  itemId: string,
  input: EvidenceInput & { url: string },
  now = Date.now(),
): string {
  requireRequirement(tenantId, frameworkKey, itemId);
  const dates = checkDates(input, now);
  const raw = input.url.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ComplianceError("validation", "Enter a full web address (https://…).", "url");
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || raw.length > URL_MAX)
    throw new ComplianceError("validation", "Enter a web address starting with https:// or http://.", "url");
  return insertEvidence(
    tenantId,
    userId,
    frameworkKey,
    itemId,
    { kind: "link", url: url.href, ...dates },
    input.markCompliant ?? false,
    now,
  );
}

export function evidenceUsage(tenantId: string): number {
  return db
    .select({ n: sql<number>`coalesce(${sum(evidence.sizeBytes)}, 0)` })
    .from(evidence)
    .where(and(eq(evidence.tenantId, tenantId), eq(evidence.kind, "file")))
    .get()!.n;
}

/** A file name for display and the download header: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 200);
  return cleaned || "evidence";
}

export function addFileEvidence(
  tenantId: string,
  userId: string | null,
  frameworkKey: string,
  itemId: string,
  input: EvidenceInput & { fileName: string; bytes: Uint8Array },
  now = Date.now(),
  limits: EvidenceLimits = DEFAULT_LIMITS,
): { id: string; sha256: string } {
  requireRequirement(tenantId, frameworkKey, itemId);
  const fileName = cleanFileName(input.fileName);
  const dates = checkDates({ ...input, title: input.title.trim() || fileName }, now);
  const stored = storeEvidenceFile(tenantId, input.bytes, evidenceUsage(tenantId), limits);
  try {
    const id = insertEvidence(
      tenantId,
      userId,
      frameworkKey,
      itemId,
      { kind: "file", fileName, ...stored, ...dates },
      input.markCompliant ?? false,
      now,
    );
    return { id, sha256: stored.sha256 };
  } catch (error) {
    deleteEvidenceFile(tenantId, stored.storageKey);
    throw error;
  }
}

/** The stored evidence row for a download, tenant-scoped. */
export function getEvidenceFile(tenantId: string, evidenceId: string) {
  const row = db
    .select({
      id: evidence.id,
      framework: evidence.framework,
      itemId: evidence.itemId,
      fileName: evidence.fileName,
      storageKey: evidence.storageKey,
      sha256: evidence.sha256,
      sizeBytes: evidence.sizeBytes,
    })
    .from(evidence)
    .where(and(eq(evidence.tenantId, tenantId), eq(evidence.id, evidenceId), eq(evidence.kind, "file")))
    .get();
  // A file row always has its name, key and digest (insertEvidence stores them together).
  return row as (typeof row & { fileName: string; storageKey: string; sha256: string }) | undefined;
}

export function removeEvidence(tenantId: string, evidenceId: string, now = Date.now()) {
  const where = and(eq(evidence.tenantId, tenantId), eq(evidence.id, evidenceId));
  const row = db
    .select({ framework: evidence.framework, itemId: evidence.itemId, storageKey: evidence.storageKey })
    .from(evidence)
    .where(where)
    .get();
  if (!row) return null;
  db.delete(evidence).where(where).run();
  if (row.storageKey) deleteEvidenceFile(tenantId, row.storageKey);
  recordScoreSnapshots(tenantId, now);
  return { framework: row.framework, itemId: row.itemId };
}

// ---------------------------------------------------------------------------
// Expiry
// ---------------------------------------------------------------------------

/**
 * Handles the tenant's evidence that has expired by `now` (its expiry date has
 * come, in UTC), once per evidence item: the requirement it supported goes
 * back from compliant to in-progress, and an alert says which evidence to
 * renew. Called when /compliance-monitoring loads and from the periodic job;
 * the clock is a parameter so tests can move it.
 */
export function checkEvidenceExpiry(tenantId: string, now = Date.now()) {
  const today = dayOf(now);
  const due = db
    .select({
      id: evidence.id,
      framework: evidence.framework,
      itemId: evidence.itemId,
      title: evidence.title,
      expiresOn: sql<string>`${evidence.expiresOn}`,
      adopted: adoptions.id,
    })
    .from(evidence)
    .leftJoin(adoptions, and(eq(adoptions.tenantId, evidence.tenantId), eq(adoptions.framework, evidence.framework)))
    .where(
      and(
        eq(evidence.tenantId, tenantId),
        isNull(evidence.expiredAt),
        isNotNull(evidence.expiresOn),
        lte(evidence.expiresOn, today),
      ),
    )
    .all();
  const reverted: { framework: string; itemId: string }[] = [];
  for (const e of due) {
    db.transaction(() => {
      db.update(evidence)
        .set({ expiredAt: now })
        .where(and(eq(evidence.tenantId, tenantId), eq(evidence.id, e.id)))
        .run();
      const changed = db
        .update(states)
        .set({ status: "in-progress", updatedBy: null, updatedAt: now })
        .where(
          and(
            eq(states.tenantId, tenantId),
            eq(states.framework, e.framework),
            eq(states.itemId, e.itemId),
            eq(states.status, "compliant"),
          ),
        )
        .run().changes;
      if (changed) reverted.push({ framework: e.framework, itemId: e.itemId });
    });
    const framework = findFramework(e.framework);
    audit({
      action: "compliance.evidence_expired",
      tenantId,
      detail: { evidenceId: e.id, framework: e.framework, requirement: e.itemId, expiresOn: e.expiresOn },
    });
    raiseAlert({
      tenantId,
      source: "compliance",
      severity: "medium",
      title: `Compliance evidence expired: ${framework?.shortName ?? e.framework} ${e.itemId}`,
      detail: `"${e.title}" expired on ${e.expiresOn}. The requirement is in progress again until current evidence is attached.`,
      dedupeKey: `compliance-evidence-expired:${e.id}`,
    });
  }
  if (due.length) recordScoreSnapshots(tenantId, now);
  return { expired: due.length, reverted };
}

/** The periodic job's entry point: every tenant with evidence due. */
export function checkAllEvidenceExpiry(now = Date.now()) {
  const tenants = db
    .selectDistinct({ tenantId: evidence.tenantId })
    .from(evidence)
    .where(and(isNull(evidence.expiredAt), isNotNull(evidence.expiresOn), lte(evidence.expiresOn, dayOf(now))))
    .all();
  let expired = 0;
  for (const t of tenants) expired += checkEvidenceExpiry(t.tenantId, now).expired;
  return { tenants: tenants.length, expired };
}

// ---------------------------------------------------------------------------
// Daily snapshots and the trend
// ---------------------------------------------------------------------------

/** Today's score for each adopted framework; written only when it differs from the stored one. */
export function recordScoreSnapshots(tenantId: string, now = Date.now()) {
  const day = dayOf(now);
  for (const adoption of listAdoptions(tenantId)) {
    const s = frameworkScore(tenantId, adoption);
    db.insert(snapshots)
      .values({
        tenantId,
        framework: adoption.framework.key,
        day,
        score: s.score,
        compliant: s.compliant,
        applicable: s.applicable,
      })
      .onConflictDoUpdate({
        target: [snapshots.tenantId, snapshots.framework, snapshots.day],
        set: {
          score: excluded(snapshots.score),
          compliant: excluded(snapshots.compliant),
          applicable: excluded(snapshots.applicable),
        },
        setWhere: or(
          ne(snapshots.score, excluded(snapshots.score)),
          ne(snapshots.compliant, excluded(snapshots.compliant)),
          ne(snapshots.applicable, excluded(snapshots.applicable)),
        ),
      })
      .run();
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The last `days` daily snapshots of a framework, oldest first. */
export function scoreTrend(tenantId: string, frameworkKey: string, now = Date.now(), days = 30) {
  const since = dayOf(now - (days - 1) * DAY_MS);
  const rows = db
    .select({
      day: snapshots.day,
      score: snapshots.score,
      compliant: snapshots.compliant,
      applicable: snapshots.applicable,
    })
    .from(snapshots)
    .where(and(eq(snapshots.tenantId, tenantId), eq(snapshots.framework, frameworkKey), gte(snapshots.day, since)))
    .orderBy(snapshots.day)
    .all();
  return rows.map((r) => {
    const [y, m, d] = r.day.split("-").map(Number);
    return { label: `${MONTHS[m - 1]} ${d}, ${y}`, short: `${MONTHS[m - 1]} ${d}`, ...r };
  });
}

// ---------------------------------------------------------------------------
// What to do next, and the spec's entity shape
// ---------------------------------------------------------------------------

export type NextStep = { id: string; title: string; status: RequirementStatus; effort: number; reason: string };

/**
 * The cheapest open requirements: effort starts at 3 and drops by 2 when
 * automatic evidence is already there, by 1 when evidence is attached, and by
 * 1 when the work is in progress. Ties go to Required before Addressable, then
 * to catalogue order.
 */
export function nextSteps(tenantId: string, adoption: Adoption, limit = 5, now = Date.now()): NextStep[] {
  const open = allRequirements(tenantId, adoption, {}, now).filter(
    (r) => r.status === "not-started" || r.status === "in-progress",
  );
  const ranked = open.map((r, index) => {
    const auto = r.automatic.length > 0;
    const effort = Math.max(
      0,
      3 - (auto ? 2 : 0) - (r.evidenceCount > 0 ? 1 : 0) - (r.status === "in-progress" ? 1 : 0),
    );
    const reason = auto
      ? `Rampart already holds evidence (${r.automatic.map((a) => a.label).join(", ")}): review it and record the status.`
      : r.evidenceCount > 0
        ? "Evidence is attached: review it and mark the requirement compliant."
        : r.status === "in-progress"
          ? "In progress: attach the evidence that shows it is met."
          : "Not started: assign an owner and gather evidence.";
    return { row: r, index, effort, reason, required: isRequired(r.requirement) };
  });
  ranked.sort((a, b) => a.effort - b.effort || Number(b.required) - Number(a.required) || a.index - b.index);
  return ranked.slice(0, limit).map((x) => ({
    id: x.row.id,
    title: x.row.title,
    status: x.row.status,
    effort: x.effort,
    reason: x.reason,
  }));
}

export function evidenceSummary(r: Pick<RequirementRow, "evidenceCount" | "automatic">): string {
  const parts: string[] = [];
  if (r.evidenceCount) parts.push(`${r.evidenceCount} current evidence item${r.evidenceCount === 1 ? "" : "s"}`);
  if (r.automatic.length) parts.push(`automatic: ${r.automatic.map((a) => `${a.label} (${a.summary})`).join("; ")}`);
  return parts.length ? parts.join("; ") : "None";
}

export type ComplianceControl = { id: string; name: string; status: RequirementStatus; evidence: string };
export type ComplianceFrameworkEntity = { framework: string; score: number; controls: ComplianceControl[] };

/**
 * The spec's compliance entity per adopted framework: `framework, score,
 * controls[] {id, name, status, evidence}`. `controls: "all"` lists every
 * requirement; a number lists that many of the cheapest open ones (for
 * summaries such as /executive).
 */
export function complianceFrameworks(
  tenantId: string,
  opts: { controls?: "all" | number; requiredOnly?: boolean } = {},
  now = Date.now(),
): ComplianceFrameworkEntity[] {
  return listAdoptions(tenantId).map((adoption) => {
    const score = frameworkScore(tenantId, adoption, opts).score;
    let controls: ComplianceControl[];
    if (opts.controls === undefined || opts.controls === "all") {
      controls = allRequirements(tenantId, adoption, opts, now).map((r) => ({
        id: r.id,
        name: r.title,
        status: r.status,
        evidence: evidenceSummary(r),
      }));
    } else {
      const wanted = new Set(nextSteps(tenantId, adoption, opts.controls, now).map((s) => s.id));
      controls = allRequirements(tenantId, adoption, opts, now)
        .filter((r) => wanted.has(r.id))
        .map((r) => ({ id: r.id, name: r.title, status: r.status, evidence: evidenceSummary(r) }));
    }
    return { framework: adoption.label, score, controls };
  });
}

/** The average score of the adopted frameworks, or null when none is adopted (never an invented figure). */
export function overallComplianceScore(tenantId: string): number | null {
  const adoptions = listAdoptions(tenantId);
  if (!adoptions.length) return null;
  const scores = adoptions.map((a) => frameworkScore(tenantId, a).score);
  return Math.round(scores.reduce((s, x) => s + x, 0) / scores.length);
}
