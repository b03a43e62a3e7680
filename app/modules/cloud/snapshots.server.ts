/**
 * Snapshots of cloud accounts over time (issue 35): each upload's parse is stored as one snapshot of one
 * account with its findings; the previous snapshot of the same account tells which failures are new and
 * which are resolved; new high and critical failures raise alerts (raiseAlerts), resolved ones resolve them.
 * The mutelist (check, resource, reason, expiry) is applied when findings are read and when alerts are
 * decided: a muted failure shows as `muted` and raises nothing; after its expiry it is a failure again, and
 * the next upload alerts on it (it was not an alerting failure before).
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import { raiseAlerts, resolveAlertByDedupeKey, type RaiseAlertInput } from "~/modules/alerts";
import { audit } from "~/modules/audit";
import { cloudFindings, cloudMutes, cloudSnapshots } from "./schema";
import type { FindingStatus, ParseOutcome, Provider, RawFinding, Remediation, Severity } from "./types";

export type Mute = {
  id: string;
  checkId: string;
  resource: string;
  reason: string;
  expiresAt: number | null;
  createdAt: number;
};

export type Finding = {
  checkId: string;
  cis: string | null;
  title: string;
  severity: Severity;
  resource: string;
  status: FindingStatus;
  source: "rampart" | "prowler";
  detail: string | null;
  remediation: Remediation | null;
  /** When muted: why and until when. */
  mute: { reason: string; expiresAt: number | null } | null;
};

export type SnapshotSummary = {
  id: string;
  provider: Provider;
  account: string;
  filename: string;
  createdAt: number;
  failing: Record<Severity, number>;
  passing: number;
  muted: number;
};

const key = (f: { checkId: string; resource: string }) => `${f.checkId}\u0000${f.resource}`;

export function listMutes(tenantId: string, now = Date.now()): (Mute & { active: boolean })[] {
  return db
    .select()
    .from(cloudMutes)
    .where(eq(cloudMutes.tenantId, tenantId))
    .orderBy(desc(cloudMutes.createdAt))
    .all()
    .map((m) => ({
      id: m.id,
      checkId: m.checkId,
      resource: m.resource,
      reason: m.reason,
      expiresAt: m.expiresAt,
      createdAt: m.createdAt,
      active: m.expiresAt === null || m.expiresAt > now,
    }));
}

/** The active mute covering a finding, if any. */
function muteFinder(tenantId: string, now: number) {
  const active = listMutes(tenantId, now).filter((m) => m.active);
  return (f: { checkId: string; resource: string }) =>
    active.find((m) => m.checkId === f.checkId && (m.resource === "*" || m.resource === f.resource)) ?? null;
}

export function addMute(
  tenantId: string,
  userId: string | null,
  input: { checkId: string; resource: string; reason: string; expiresAt: number | null },
  ip: string | null = null,
): Mute {
  const count = db.select({ id: cloudMutes.id }).from(cloudMutes).where(eq(cloudMutes.tenantId, tenantId)).all().length;
  if (count >= 500) throw new DomainError("The mutelist holds at most 500 entries: remove expired ones first.");
  const row = { id: randomUUID(), tenantId, createdBy: userId, createdAt: Date.now(), ...input };
  db.insert(cloudMutes).values(row).run();
  audit({
    action: "cloud.mute_added",
    tenantId,
    userId,
    ip,
    detail: { check: input.checkId, resource: input.resource },
  });
  return row;
}

export function removeMute(tenantId: string, userId: string | null, muteId: string, ip: string | null = null): boolean {
  const r = db
    .delete(cloudMutes)
    .where(and(eq(cloudMutes.tenantId, tenantId), eq(cloudMutes.id, muteId)))
    .run();
  if (r.changes) audit({ action: "cloud.mute_removed", tenantId, userId, ip, detail: {} });
  return r.changes > 0;
}

function rowsOf(tenantId: string, snapshotId: string) {
  return db
    .select()
    .from(cloudFindings)
    .where(and(eq(cloudFindings.tenantId, tenantId), eq(cloudFindings.snapshotId, snapshotId)))
    .all();
}

function parseRemediation(text: string | null): Remediation | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as Remediation;
  } catch {
    return null;
  }
}

const RANK: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const STATUS_RANK: Record<FindingStatus, number> = { fail: 0, muted: 1, pass: 2 };

/** A snapshot's findings with the mutelist applied as of `now`: failures first, by severity. */
export function snapshotFindings(tenantId: string, snapshotId: string, now = Date.now()): Finding[] {
  const muteOf = muteFinder(tenantId, now);
  return rowsOf(tenantId, snapshotId)
    .map((r): Finding => {
      const mute = r.status === "fail" ? muteOf(r) : null;
      return {
        checkId: r.checkId,
        cis: r.cis,
        title: r.title,
        severity: r.severity,
        resource: r.resource,
        status: mute ? "muted" : r.status,
        source: r.source,
        detail: r.detail,
        remediation: parseRemediation(r.remediation),
        mute: mute ? { reason: mute.reason, expiresAt: mute.expiresAt } : null,
      };
    })
    .sort(
      (a, b) =>
        STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
        RANK[a.severity] - RANK[b.severity] ||
        a.checkId.localeCompare(b.checkId) ||
        a.resource.localeCompare(b.resource),
    );
}

function previousSnapshot(tenantId: string, provider: Provider, account: string, before: number) {
  return db
    .select()
    .from(cloudSnapshots)
    .where(
      and(
        eq(cloudSnapshots.tenantId, tenantId),
        eq(cloudSnapshots.provider, provider),
        eq(cloudSnapshots.account, account),
      ),
    )
    .orderBy(desc(cloudSnapshots.createdAt))
    .all()
    .find((s) => s.createdAt <= before);
}

const alertKey = (provider: Provider, account: string, f: { checkId: string; resource: string }) =>
  `cloud:${provider}:${account}:${f.checkId}:${f.resource}`.slice(0, 500);

const ALERTING: ReadonlySet<Severity> = new Set(["high", "critical"]);

export type StoredSnapshot = {
  id: string;
  provider: Provider;
  account: string;
  recognised: { file: string; kind: string }[];
  skipped: { file: string; reason: string }[];
  notChecked: string[];
  findings: Finding[];
  newFailures: number;
  resolved: number;
};

/**
 * Stores a parsed upload as a snapshot, then compares it with the account's previous snapshot: new
 * unmuted high/critical failures raise alerts, failures that pass now resolve theirs.
 */
export function storeSnapshot(input: {
  tenantId: string;
  userId: string | null;
  provider: Provider;
  account: string | null;
  filename: string;
  parsed: Extract<ParseOutcome, { ok: true }>;
  ip?: string | null;
  now?: number;
}): StoredSnapshot {
  const now = input.now ?? Date.now();
  const { tenantId, provider, parsed } = input;
  const account = (input.account?.trim() || parsed.account || "default").slice(0, 120);
  const id = randomUUID();
  const prev = previousSnapshot(tenantId, provider, account, now);
  const muteOf = muteFinder(tenantId, now);
  // One finding per check and resource: a repeat (two files of the same kind) keeps the first.
  const seen = new Set<string>();
  const findings: RawFinding[] = parsed.findings.filter((f) => !seen.has(key(f)) && !!seen.add(key(f)));
  db.transaction((tx) => {
    tx.insert(cloudSnapshots)
      .values({
        id,
        tenantId,
        provider,
        account,
        uploadedBy: input.userId,
        filename: input.filename.slice(0, 200),
        recognised: JSON.stringify(parsed.recognised),
        skipped: JSON.stringify(parsed.skipped),
        notChecked: JSON.stringify(parsed.notChecked),
        createdAt: now,
      })
      .run();
    for (let i = 0; i < findings.length; i += 500)
      tx.insert(cloudFindings)
        .values(
          findings.slice(i, i + 500).map((f) => ({
            id: randomUUID(),
            tenantId,
            snapshotId: id,
            checkId: f.checkId,
            cis: f.cis,
            title: f.title,
            severity: f.severity,
            resource: f.resource,
            status: f.status,
            alerting: f.status === "fail" && !muteOf(f),
            source: f.source,
            detail: f.detail,
            remediation: f.remediation ? JSON.stringify(f.remediation) : null,
          })),
        )
        .run();
  });
  // What alerted before: the previous snapshot's failures that were not muted when it was uploaded. A
  // failure muted then and not now (the mute expired or was removed) is new, and alerts.
  const before = prev ? rowsOf(tenantId, prev.id) : [];
  const wasFailing = new Set(before.filter((r) => r.alerting).map(key));
  const checkedNow = new Set(findings.map(key));
  const failingNow = findings.filter((f) => f.status === "fail" && !muteOf(f));
  const newFailures = failingNow.filter((f) => !wasFailing.has(key(f)));
  const alerts: RaiseAlertInput[] = newFailures
    .filter((f) => ALERTING.has(f.severity))
    .slice(0, 200)
    .map((f) => ({
      tenantId,
      source: "cloud",
      severity: f.severity,
      title: `Cloud: ${f.title} (${f.resource})`.slice(0, 300),
      detail: [`${provider.toUpperCase()} account ${account}`, f.cis, f.detail].filter(Boolean).join(" · "),
      dedupeKey: alertKey(provider, account, f),
      rule: f.checkId,
      entity: `${account}:${f.resource}`,
    }));
  raiseAlerts(alerts);
  // Resolved: failing before, checked now and passing (a resource absent from this upload is not resolved).
  const failingKeys = new Set(findings.filter((f) => f.status === "fail").map(key));
  const resolved = before.filter((r) => r.status === "fail" && checkedNow.has(key(r)) && !failingKeys.has(key(r)));
  for (const r of resolved) resolveAlertByDedupeKey(tenantId, alertKey(provider, account, r));
  audit({
    action: "cloud.snapshot_uploaded",
    tenantId,
    userId: input.userId,
    ip: input.ip ?? null,
    detail: { provider, account, files: parsed.recognised.length, findings: findings.length },
  });
  return {
    id,
    provider,
    account,
    recognised: parsed.recognised,
    skipped: parsed.skipped,
    notChecked: parsed.notChecked,
    findings: snapshotFindings(tenantId, id, now),
    newFailures: newFailures.length,
    resolved: resolved.length,
  };
}

function summarise(tenantId: string, s: typeof cloudSnapshots.$inferSelect, now: number): SnapshotSummary {
  const findings = snapshotFindings(tenantId, s.id, now);
  const failing: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) if (f.status === "fail") failing[f.severity]++;
  return {
    id: s.id,
    provider: s.provider,
    account: s.account,
    filename: s.filename,
    createdAt: s.createdAt,
    failing,
    passing: findings.filter((f) => f.status === "pass").length,
    muted: findings.filter((f) => f.status === "muted").length,
  };
}

/** The tenant's snapshots, newest first (at most `limit`). */
export function listSnapshots(tenantId: string, limit = 50, now = Date.now()): SnapshotSummary[] {
  return db
    .select()
    .from(cloudSnapshots)
    .where(eq(cloudSnapshots.tenantId, tenantId))
    .orderBy(desc(cloudSnapshots.createdAt))
    .limit(limit)
    .all()
    .map((s) => summarise(tenantId, s, now));
}

/** The newest snapshot of each account, with its findings, skipped files and what changed since the one before. */
export function latestByAccount(tenantId: string, now = Date.now()) {
  const all = db
    .select()
    .from(cloudSnapshots)
    .where(eq(cloudSnapshots.tenantId, tenantId))
    .orderBy(desc(cloudSnapshots.createdAt))
    .limit(500)
    .all();
  const latest = new Map<string, (typeof all)[number]>();
  const previous = new Map<string, (typeof all)[number]>();
  for (const s of all) {
    const k = `${s.provider}\u0000${s.account}`;
    if (!latest.has(k)) latest.set(k, s);
    else if (!previous.has(k)) previous.set(k, s);
  }
  return [...latest.entries()].map(([k, s]) => {
    const findings = snapshotFindings(tenantId, s.id, now);
    const prev = previous.get(k);
    const before = prev ? snapshotFindings(tenantId, prev.id, now) : [];
    const failedBefore = new Set(before.filter((f) => f.status === "fail").map(key));
    const failing = findings.filter((f) => f.status === "fail");
    const failingKeys = new Set(failing.map(key));
    const checked = new Set(findings.map(key));
    return {
      ...summarise(tenantId, s, now),
      findings,
      skipped: JSON.parse(s.skipped) as { file: string; reason: string }[],
      recognised: JSON.parse(s.recognised) as { file: string; kind: string }[],
      notChecked: JSON.parse(s.notChecked) as string[],
      hasPrevious: !!prev,
      newFailures: prev ? failing.filter((f) => !failedBefore.has(key(f))).map((f) => key(f)) : [],
      resolved: before.filter((f) => f.status === "fail" && checked.has(key(f)) && !failingKeys.has(key(f))),
    };
  });
}

/** Facts for other modules (Zero Trust): snapshots, the last upload, failing findings by severity (latest per account). */
export function cloudFacts(tenantId: string, now = Date.now()) {
  const latest = latestByAccount(tenantId, now);
  const failing: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const a of latest) for (const s of Object.keys(failing) as Severity[]) failing[s] += a.failing[s];
  const last = db
    .select({ createdAt: cloudSnapshots.createdAt })
    .from(cloudSnapshots)
    .where(eq(cloudSnapshots.tenantId, tenantId))
    .orderBy(desc(cloudSnapshots.createdAt))
    .limit(1)
    .get();
  return {
    snapshots: db
      .select({ id: cloudSnapshots.id })
      .from(cloudSnapshots)
      .where(eq(cloudSnapshots.tenantId, tenantId))
      .all().length,
    accounts: latest.map((a) => ({ provider: a.provider, account: a.account, uploadedAt: a.createdAt })),
    lastUploadAt: last?.createdAt ?? null,
    failing,
  };
}
