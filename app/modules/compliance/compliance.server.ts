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
import { sqlite } from "~/lib/db.server";
import { raiseAlert } from "~/modules/alerts";
import { audit } from "~/modules/audit";
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

const conn = () => sqlite();

// ---------------------------------------------------------------------------
// Adoption
// ---------------------------------------------------------------------------

export type Adoption = { framework: Framework; baseline: string | null; adoptedAt: number; label: string };

export function listAdoptions(tenantId: string): Adoption[] {
  const rows = conn()
    .prepare("SELECT framework, baseline, adopted_at FROM compliance_adoptions WHERE tenant_id = ?")
    .all(tenantId) as { framework: string; baseline: string | null; adopted_at: number }[];
  return FRAMEWORKS.flatMap((framework) => {
    const row = rows.find((r) => r.framework === framework.key);
    return row
      ? [
          {
            framework,
            baseline: row.baseline,
            adoptedAt: row.adopted_at,
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
  conn()
    .prepare(
      `INSERT INTO compliance_adoptions (id, tenant_id, framework, baseline, adopted_by, adopted_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(tenant_id, framework) DO UPDATE SET baseline = excluded.baseline`,
    )
    .run(randomUUID(), tenantId, framework.key, baseline, userId, now);
  recordScoreSnapshots(tenantId, now);
  return getAdoption(tenantId, framework.key)!;
}

/** Stops tracking a framework. Statuses and evidence stay, for a later re-adoption. */
export function dropFramework(tenantId: string, frameworkKey: string): boolean {
  return (
    conn().prepare("DELETE FROM compliance_adoptions WHERE tenant_id = ? AND framework = ?").run(tenantId, frameworkKey)
      .changes > 0
  );
}

// ---------------------------------------------------------------------------
// The requirement set of an adoption, with the tenant's state
// ---------------------------------------------------------------------------

type ScopeOptions = { requiredOnly?: boolean };

function scopeSql(adoption: Adoption, opts: ScopeOptions) {
  const join = adoption.baseline
    ? "JOIN compliance_baseline_items b ON b.framework = c.framework AND b.item_id = c.item_id AND b.baseline = @baseline"
    : "";
  const required =
    opts.requiredOnly && adoption.framework.requiredFilter
      ? " AND (c.requirement IS NULL OR c.requirement <> 'Addressable')"
      : "";
  return {
    from: `FROM compliance_catalog_items c ${join}
      LEFT JOIN compliance_requirement_states s
        ON s.tenant_id = @tenant AND s.framework = c.framework AND s.item_id = c.item_id`,
    where: `c.framework = @framework AND c.assessable = 1 AND c.withdrawn = 0${required}`,
    params: { tenant: "", framework: adoption.framework.key, baseline: adoption.baseline ?? "" },
  };
}

/** Evidence that counts today: effective, not expired, not yet handled as expired. */
const VALID_EVIDENCE = `e.expired_at IS NULL AND e.effective_on <= @today AND (e.expires_on IS NULL OR e.expires_on > @today)`;

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
  const s = scopeSql(adoption, opts);
  const rows = conn()
    .prepare(`SELECT coalesce(s.status, 'not-started') AS status, count(*) AS n ${s.from} WHERE ${s.where} GROUP BY 1`)
    .all({ ...s.params, tenant: tenantId }) as { status: RequirementStatus; n: number }[];
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

type RawRow = {
  id: string;
  title: string;
  kind: string;
  requirement: string | null;
  parent_id: string | null;
  status: RequirementStatus;
  justification: string | null;
  owner_user_id: string | null;
  owner_email: string | null;
  evidence_count: number;
  updated_at: number | null;
};

function rowSelect(from: string) {
  return `SELECT c.item_id AS id, c.title, c.kind, c.requirement, c.parent_id,
      coalesce(s.status, 'not-started') AS status, s.justification, s.owner_user_id, u.email AS owner_email,
      s.updated_at,
      (SELECT count(*) FROM compliance_evidence e WHERE e.tenant_id = @tenant AND e.framework = c.framework
        AND e.item_id = c.item_id AND ${VALID_EVIDENCE}) AS evidence_count
    ${from} LEFT JOIN users u ON u.id = s.owner_user_id`;
}

function toRow(r: RawRow, auto: Map<string, AutomaticEvidence[]>): RequirementRow {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    requirement: r.requirement,
    parentId: r.parent_id,
    status: r.status,
    justification: r.justification,
    ownerUserId: r.owner_user_id,
    ownerEmail: r.owner_email,
    evidenceCount: r.evidence_count,
    automatic: auto.get(r.id) ?? [],
    updatedAt: r.updated_at,
  };
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
  const s = scopeSql(adoption, query);
  let where = s.where;
  const params: Record<string, unknown> = { ...s.params, tenant: tenantId, today: dayOf(now) };
  if (query.status) {
    where += " AND coalesce(s.status, 'not-started') = @status";
    params.status = query.status;
  }
  const q = query.q?.trim().slice(0, 100);
  if (q) {
    where += " AND (c.item_id LIKE @q ESCAPE '\\' OR c.title LIKE @q ESCAPE '\\')";
    params.q = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  }
  const total = (conn().prepare(`SELECT count(*) AS n ${s.from} WHERE ${where}`).get(params) as { n: number }).n;
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pageCount);
  const raw = conn()
    .prepare(`${rowSelect(s.from)} WHERE ${where} ORDER BY c.sort_index LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: pageSize, offset: (page - 1) * pageSize }) as RawRow[];
  const auto = automaticEvidence(tenantId, adoption.framework.key);
  return { total, page, pageCount, pageSize, rows: raw.map((r) => toRow(r, auto)) };
}

/** Every requirement of an adoption (for the report, the CSV and the next steps). */
export function allRequirements(tenantId: string, adoption: Adoption, opts: ScopeOptions = {}, now = Date.now()) {
  ensureCatalogs();
  const s = scopeSql(adoption, opts);
  const raw = conn()
    .prepare(`${rowSelect(s.from)} WHERE ${s.where} ORDER BY c.sort_index`)
    .all({ ...s.params, tenant: tenantId, today: dayOf(now) }) as RawRow[];
  const auto = automaticEvidence(tenantId, adoption.framework.key);
  return raw.map((r) => toRow(r, auto));
}

/** One requirement of an adopted framework, or null when it is not in the tenant's adopted set. */
export function getRequirement(tenantId: string, frameworkKey: string, itemId: string, now = Date.now()) {
  const adoption = getAdoption(tenantId, frameworkKey);
  if (!adoption) return null;
  ensureCatalogs();
  const s = scopeSql(adoption, {});
  const raw = conn()
    .prepare(`${rowSelect(s.from)} WHERE ${s.where} AND c.item_id = @item`)
    .get({ ...s.params, tenant: tenantId, today: dayOf(now), item: itemId }) as RawRow | undefined;
  if (!raw) return null;
  const statement = (
    conn()
      .prepare("SELECT statement FROM compliance_catalog_items WHERE framework = ? AND item_id = ?")
      .get(frameworkKey, itemId) as { statement: string | null }
  ).statement;
  const parent = raw.parent_id
    ? (conn()
        .prepare("SELECT item_id AS id, title FROM compliance_catalog_items WHERE framework = ? AND item_id = ?")
        .get(frameworkKey, raw.parent_id) as { id: string; title: string } | undefined)
    : undefined;
  return {
    adoption,
    requirement: toRow(raw, automaticEvidence(tenantId, frameworkKey)),
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
  conn()
    .prepare(
      `INSERT INTO compliance_requirement_states (tenant_id, framework, item_id, status, justification, updated_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(tenant_id, framework, item_id) DO UPDATE SET status = excluded.status,
         justification = excluded.justification, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    )
    .run(
      tenantId,
      frameworkKey,
      itemId,
      input.status,
      input.status === "not-applicable" ? justification : null,
      userId,
      now,
    );
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
    const member = conn()
      .prepare("SELECT 1 FROM memberships WHERE tenant_id = ? AND user_id = ?")
      .get(tenantId, ownerUserId);
    if (!member) throw new ComplianceError("validation", "Choose a member of your organization.", "owner");
  }
  conn()
    .prepare(
      `INSERT INTO compliance_requirement_states (tenant_id, framework, item_id, owner_user_id, updated_by, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT(tenant_id, framework, item_id) DO UPDATE SET owner_user_id = excluded.owner_user_id,
         updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    )
    .run(tenantId, frameworkKey, itemId, ownerUserId, userId, now);
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
  const rows = conn()
    .prepare(
      `SELECT e.id, e.kind, e.title, e.url, e.file_name, e.size_bytes, e.sha256, e.effective_on, e.expires_on,
         e.expired_at, e.created_at, u.email
       FROM compliance_evidence e LEFT JOIN users u ON u.id = e.created_by
       WHERE e.tenant_id = ? AND e.framework = ? AND e.item_id = ? ORDER BY e.created_at DESC`,
    )
    .all(tenantId, frameworkKey, itemId) as {
    id: string;
    kind: "file" | "link";
    title: string;
    url: string | null;
    file_name: string | null;
    size_bytes: number;
    sha256: string | null;
    effective_on: string;
    expires_on: string | null;
    expired_at: number | null;
    created_at: number;
    email: string | null;
  }[];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    url: r.url,
    fileName: r.file_name,
    sizeBytes: r.size_bytes,
    sha256: r.sha256,
    effectiveOn: r.effective_on,
    expiresOn: r.expires_on,
    state:
      r.expired_at != null || (r.expires_on != null && r.expires_on <= today)
        ? "expired"
        : r.effective_on > today
          ? "not-yet-effective"
          : "valid",
    createdAt: r.created_at,
    createdByEmail: r.email,
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
  conn().transaction(() => {
    conn()
      .prepare(
        `INSERT INTO compliance_evidence (id, tenant_id, framework, item_id, kind, title, url, file_name, size_bytes,
           sha256, storage_key, effective_on, expires_on, created_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        tenantId,
        frameworkKey,
        itemId,
        values.kind,
        values.title,
        values.url ?? null,
        values.fileName ?? null,
        values.sizeBytes ?? 0,
        values.sha256 ?? null,
        values.storageKey ?? null,
        values.effectiveOn,
        values.expiresOn,
        userId,
        now,
      );
    // Evidence moves a requirement nobody has started to in progress; the box on the form marks it compliant.
    const current = (
      conn()
        .prepare(
          "SELECT status FROM compliance_requirement_states WHERE tenant_id = ? AND framework = ? AND item_id = ?",
        )
        .get(tenantId, frameworkKey, itemId) as { status: RequirementStatus } | undefined
    )?.status;
    const next: RequirementStatus | null = markCompliant
      ? "compliant"
      : !current || current === "not-started"
        ? "in-progress"
        : null;
    if (next && next !== current)
      conn()
        .prepare(
          `INSERT INTO compliance_requirement_states (tenant_id, framework, item_id, status, updated_by, updated_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT(tenant_id, framework, item_id) DO UPDATE SET status = excluded.status, justification = NULL,
             updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        )
        .run(tenantId, frameworkKey, itemId, next, userId, now);
  })();
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
  return (
    conn()
      .prepare(
        "SELECT coalesce(sum(size_bytes), 0) AS n FROM compliance_evidence WHERE tenant_id = ? AND kind = 'file'",
      )
      .get(tenantId) as { n: number }
  ).n;
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
  return conn()
    .prepare(
      `SELECT id, framework, item_id AS itemId, file_name AS fileName, storage_key AS storageKey, sha256, size_bytes AS sizeBytes
       FROM compliance_evidence WHERE tenant_id = ? AND id = ? AND kind = 'file'`,
    )
    .get(tenantId, evidenceId) as
    | {
        id: string;
        framework: string;
        itemId: string;
        fileName: string;
        storageKey: string;
        sha256: string;
        sizeBytes: number;
      }
    | undefined;
}

export function removeEvidence(tenantId: string, evidenceId: string, now = Date.now()) {
  const row = conn()
    .prepare("SELECT framework, item_id, storage_key FROM compliance_evidence WHERE tenant_id = ? AND id = ?")
    .get(tenantId, evidenceId) as { framework: string; item_id: string; storage_key: string | null } | undefined;
  if (!row) return null;
  conn().prepare("DELETE FROM compliance_evidence WHERE tenant_id = ? AND id = ?").run(tenantId, evidenceId);
  if (row.storage_key) deleteEvidenceFile(tenantId, row.storage_key);
  recordScoreSnapshots(tenantId, now);
  return { framework: row.framework, itemId: row.item_id };
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
  const due = conn()
    .prepare(
      `SELECT e.id, e.framework, e.item_id, e.title, e.expires_on, a.id AS adopted
       FROM compliance_evidence e
       LEFT JOIN compliance_adoptions a ON a.tenant_id = e.tenant_id AND a.framework = e.framework
       WHERE e.tenant_id = ? AND e.expired_at IS NULL AND e.expires_on IS NOT NULL AND e.expires_on <= ?`,
    )
    .all(tenantId, today) as {
    id: string;
    framework: string;
    item_id: string;
    title: string;
    expires_on: string;
    adopted: string | null;
  }[];
  const reverted: { framework: string; itemId: string }[] = [];
  for (const e of due) {
    conn().transaction(() => {
      conn()
        .prepare("UPDATE compliance_evidence SET expired_at = ? WHERE tenant_id = ? AND id = ?")
        .run(now, tenantId, e.id);
      const changed = conn()
        .prepare(
          `UPDATE compliance_requirement_states SET status = 'in-progress', updated_by = NULL, updated_at = ?
           WHERE tenant_id = ? AND framework = ? AND item_id = ? AND status = 'compliant'`,
        )
        .run(now, tenantId, e.framework, e.item_id).changes;
      if (changed) reverted.push({ framework: e.framework, itemId: e.item_id });
    })();
    const framework = findFramework(e.framework);
    audit({
      action: "compliance.evidence_expired",
      tenantId,
      detail: { evidenceId: e.id, framework: e.framework, requirement: e.item_id, expiresOn: e.expires_on },
    });
    raiseAlert({
      tenantId,
      source: "compliance",
      severity: "medium",
      title: `Compliance evidence expired: ${framework?.shortName ?? e.framework} ${e.item_id}`,
      detail: `"${e.title}" expired on ${e.expires_on}. The requirement is in progress again until current evidence is attached.`,
      dedupeKey: `compliance-evidence-expired:${e.id}`,
    });
  }
  if (due.length) recordScoreSnapshots(tenantId, now);
  return { expired: due.length, reverted };
}

/** The periodic job's entry point: every tenant with evidence due. */
export function checkAllEvidenceExpiry(now = Date.now()) {
  const tenants = conn()
    .prepare(
      `SELECT DISTINCT tenant_id FROM compliance_evidence
       WHERE expired_at IS NULL AND expires_on IS NOT NULL AND expires_on <= ?`,
    )
    .all(dayOf(now)) as { tenant_id: string }[];
  let expired = 0;
  for (const t of tenants) expired += checkEvidenceExpiry(t.tenant_id, now).expired;
  return { tenants: tenants.length, expired };
}

// ---------------------------------------------------------------------------
// Daily snapshots and the trend
// ---------------------------------------------------------------------------

/** Today's score for each adopted framework; written only when it differs from the stored one. */
export function recordScoreSnapshots(tenantId: string, now = Date.now()) {
  const day = dayOf(now);
  const upsert = conn().prepare(
    `INSERT INTO compliance_score_snapshots (tenant_id, framework, day, score, compliant, applicable)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(tenant_id, framework, day) DO UPDATE SET score = excluded.score, compliant = excluded.compliant,
       applicable = excluded.applicable
     WHERE score <> excluded.score OR compliant <> excluded.compliant OR applicable <> excluded.applicable`,
  );
  for (const adoption of listAdoptions(tenantId)) {
    const s = frameworkScore(tenantId, adoption);
    upsert.run(tenantId, adoption.framework.key, day, s.score, s.compliant, s.applicable);
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The last `days` daily snapshots of a framework, oldest first. */
export function scoreTrend(tenantId: string, frameworkKey: string, now = Date.now(), days = 30) {
  const since = dayOf(now - (days - 1) * DAY_MS);
  const rows = conn()
    .prepare(
      `SELECT day, score, compliant, applicable FROM compliance_score_snapshots
       WHERE tenant_id = ? AND framework = ? AND day >= ? ORDER BY day`,
    )
    .all(tenantId, frameworkKey, since) as { day: string; score: number; compliant: number; applicable: number }[];
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
