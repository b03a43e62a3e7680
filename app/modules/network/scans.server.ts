/**
 * Scans of a tenant's networks (issue 36): an Nmap XML file, uploaded or produced by a scheduled scan, is parsed
 * in the worker pool, checked (checks.ts), stored with its hosts and findings, merged into the inventory (assets
 * with first and last seen) and compared with the tenant's previous scan (drift.ts, ndiff's view). A risky service
 * (CHECKS[...].risky: remote administration, databases, caches) that is newly exposed — open now and not open in
 * the previous scan, or anything risky in a tenant's first scan — raises an alert through the alerts module.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/errors";
import {
  getAlert,
  openAlertsByDedupePrefix,
  raiseAlerts,
  resolveAlertsForObject,
  transitionAlert,
  type Severity,
} from "~/modules/alerts";
import { audit } from "~/modules/audit";
import { CHECKS, runChecks, type Finding, type FindingSeverity } from "./checks";
import { diffScans, type Changes, type ScanHost } from "./drift";
import type { NmapScan } from "./nmap-xml";
import { parseInWorker } from "./parse-pool.server";
import { exposureId } from "./posture.server";
import { networkAssets, networkScans } from "./schema";
import { osvServiceLookup } from "./vulns.server";

export type StoredScan = {
  id: string;
  filename: string;
  source: "upload" | "scheduled";
  startedAt: number;
  createdAt: number;
  hosts: ScanHost[];
  findings: Finding[];
  hostCount: number;
  openPortCount: number;
};

export type ImportResult = StoredScan & { changes: Changes | null; previousId: string | null; alerts: number };

export const SCAN_NOT_FOUND = "No such scan in this organization.";

/** The API's host shape: address, hostnames, every port Nmap listed with its service. */
export function scanHosts(scan: NmapScan): ScanHost[] {
  return scan.hosts.map((h) => ({
    address: h.address,
    hostnames: h.hostnames,
    ports: h.ports.map((p) => ({
      port: p.port,
      protocol: p.protocol,
      state: p.state,
      service: p.service,
      product: p.product,
      version: p.version,
      cpe: p.cpe[0] ?? null,
    })),
  }));
}

function rowToScan(r: typeof networkScans.$inferSelect): StoredScan {
  return {
    id: r.id,
    filename: r.filename,
    source: r.source,
    startedAt: r.startedAt,
    createdAt: r.createdAt,
    hosts: JSON.parse(r.hosts) as ScanHost[],
    findings: JSON.parse(r.findings) as Finding[],
    hostCount: r.hostCount,
    openPortCount: r.openPortCount,
  };
}

const ALERT_SEVERITY: Record<FindingSeverity, Severity> = {
  info: "low",
  low: "low",
  medium: "medium",
  high: "high",
  critical: "critical",
};

/** The alert of one exposure (check, host, port): one alert per exposure across scans. */
const alertObject = (f: Pick<Finding, "check" | "host" | "port">) => ({ type: "network", id: exposureId(f) });

/**
 * A later scan that found the host and no longer shows the exposure closes it: its alert resolves. A host this
 * scan did not find (another range, or down) proves nothing, so its alerts stay as they are.
 */
function resolveClosedExposures(tenantId: string, hosts: ScanHost[], findings: Finding[]) {
  const scanned = new Set(hosts.map((h) => h.address));
  const still = new Set(findings.map((f) => `network:${exposureId(f)}`));
  for (const a of openAlertsByDedupePrefix(tenantId, "network", "network:")) {
    const key = a.dedupeKey!;
    const id = key.slice("network:".length);
    // `<check>:<host>:<port>`: the host may be an IPv6 address, so it is what lies between the first and last colon.
    const host = id.slice(id.indexOf(":") + 1, id.lastIndexOf(":"));
    if (scanned.has(host) && !still.has(key)) resolveAlertsForObject(tenantId, { type: "network", id });
  }
}

/** The scan stored just before `beforeId` (or the latest one), for drift. */
function previousScanRow(tenantId: string, beforeId?: string) {
  const q = db
    .select()
    .from(networkScans)
    .where(
      beforeId
        ? and(
            eq(networkScans.tenantId, tenantId),
            sql`${networkScans}.rowid < (SELECT rowid FROM network_scans WHERE id = ${beforeId} AND tenant_id = ${tenantId})`,
          )
        : eq(networkScans.tenantId, tenantId),
    )
    .orderBy(sql`${networkScans}.rowid DESC`)
    .limit(1);
  return q.get();
}

/**
 * Imports one Nmap XML file for a tenant. Throws DomainError: 400 not Nmap XML, 413 too large or past the
 * parse deadline, 503 the importer is busy.
 */
export async function importScan(input: {
  tenantId: string;
  userId: string | null;
  filename: string;
  content: string;
  source?: "upload" | "scheduled";
  now?: number;
}): Promise<ImportResult> {
  const parsed = await parseInWorker(input.content);
  const now = input.now ?? Date.now();
  const findings = runChecks(parsed, now, osvServiceLookup(now));
  const hosts = scanHosts(parsed);
  const id = randomUUID();
  const openPortCount = hosts.reduce((n, h) => n + h.ports.filter((p) => p.state === "open").length, 0);
  const filename = input.filename.trim().slice(0, 200) || "scan.xml";
  const startedAt = parsed.startedAt ?? now;
  return db.transaction(() => {
    const previous = previousScanRow(input.tenantId);
    db.insert(networkScans)
      .values({
        id,
        tenantId: input.tenantId,
        filename,
        source: input.source ?? "upload",
        startedAt,
        userId: input.userId,
        hosts: JSON.stringify(hosts),
        findings: JSON.stringify(findings),
        hostCount: hosts.length,
        openPortCount,
        createdAt: now,
      })
      .run();
    for (const h of hosts) {
      const open = h.ports.filter((p) => p.state === "open").length;
      db.insert(networkAssets)
        .values({
          id: randomUUID(),
          tenantId: input.tenantId,
          address: h.address,
          hostnames: JSON.stringify(h.hostnames),
          openPorts: open,
          firstSeenAt: startedAt,
          lastSeenAt: startedAt,
          lastScanId: id,
        })
        .onConflictDoUpdate({
          target: [networkAssets.tenantId, networkAssets.address],
          set: {
            hostnames: JSON.stringify(h.hostnames),
            openPorts: open,
            firstSeenAt: sql`min(${networkAssets.firstSeenAt}, ${startedAt})`,
            lastSeenAt: sql`max(${networkAssets.lastSeenAt}, ${startedAt})`,
            lastScanId: id,
          },
        })
        .run();
    }
    const changes = previous ? diffScans(JSON.parse(previous.hosts) as ScanHost[], hosts) : null;
    const newlyOpen = new Set(
      (changes
        ? changes.opened
        : hosts.flatMap((h) =>
            h.ports.filter((p) => p.state === "open").map((p) => ({ host: h.address, port: p.port })),
          )
      ).map((o) => `${o.host}:${o.port}`),
    );
    const toAlert = findings.filter(
      (f) => CHECKS[f.check].risky && f.port !== null && newlyOpen.has(`${f.host}:${f.port}`),
    );
    const raised = raiseAlerts(
      toAlert.map((f) => ({
        tenantId: input.tenantId,
        source: "network",
        rule: f.check,
        entity: `${f.host}:${f.port}`,
        object: alertObject(f),
        severity: ALERT_SEVERITY[f.severity],
        title: `Newly exposed: ${f.title} (${f.host}:${f.port})`,
        detail: f.remediation,
      })),
    );
    // Exposed again after a scan showed it closed: the exposure's one alert (resolved then) opens again.
    for (const r of raised)
      if (!r.created && getAlert(input.tenantId, r.id)?.status === "resolved")
        transitionAlert(input.tenantId, r.id, "reopen", null);
    resolveClosedExposures(input.tenantId, hosts, findings);
    audit({
      action: "network.scan_imported",
      tenantId: input.tenantId,
      userId: input.userId,
      detail: {
        filename,
        hosts: hosts.length,
        openPorts: openPortCount,
        findings: findings.length,
        source: input.source ?? "upload",
      },
    });
    return {
      id,
      filename,
      source: input.source ?? "upload",
      startedAt,
      createdAt: now,
      hosts,
      findings,
      hostCount: hosts.length,
      openPortCount,
      changes,
      previousId: previous?.id ?? null,
      alerts: toAlert.length,
    };
  });
}

export function getScan(tenantId: string, id: string): StoredScan | null {
  const r = db
    .select()
    .from(networkScans)
    .where(and(eq(networkScans.tenantId, tenantId), eq(networkScans.id, id)))
    .get();
  return r ? rowToScan(r) : null;
}

/** The tenant's scans, newest first (without hosts and findings). */
export function listScans(tenantId: string, limit = 50) {
  return db
    .select({
      id: networkScans.id,
      filename: networkScans.filename,
      source: networkScans.source,
      startedAt: networkScans.startedAt,
      createdAt: networkScans.createdAt,
      hostCount: networkScans.hostCount,
      openPortCount: networkScans.openPortCount,
    })
    .from(networkScans)
    .where(eq(networkScans.tenantId, tenantId))
    .orderBy(sql`${networkScans}.rowid DESC`)
    .limit(limit)
    .all();
}

export function latestScan(tenantId: string): StoredScan | null {
  const r = previousScanRow(tenantId);
  return r ? rowToScan(r) : null;
}

/**
 * What changed from scan `sinceId` (default: the scan before `id`) to scan `id`. Throws DomainError 404 when
 * either is not the tenant's; answers null when `id` is the tenant's first scan and no `since` is given.
 */
export function scanChanges(
  tenantId: string,
  id: string,
  sinceId?: string | null,
): { since: string | null; changes: Changes } {
  const scan = getScan(tenantId, id);
  if (!scan) throw new DomainError(SCAN_NOT_FOUND, { status: 404 });
  let before: StoredScan | null;
  if (sinceId) {
    before = getScan(tenantId, sinceId);
    if (!before) throw new DomainError(SCAN_NOT_FOUND, { status: 404, field: "since" });
  } else {
    const r = previousScanRow(tenantId, id);
    before = r ? rowToScan(r) : null;
  }
  return { since: before?.id ?? null, changes: diffScans(before?.hosts ?? [], scan.hosts) };
}

/** The inventory, most recently seen first. */
export function listAssets(tenantId: string) {
  return db
    .select()
    .from(networkAssets)
    .where(eq(networkAssets.tenantId, tenantId))
    .orderBy(desc(networkAssets.lastSeenAt), networkAssets.address)
    .all()
    .map((a) => ({
      address: a.address,
      hostnames: JSON.parse(a.hostnames) as string[],
      openPorts: a.openPorts,
      firstSeenAt: a.firstSeenAt,
      lastSeenAt: a.lastSeenAt,
    }));
}

export type NetworkFacts = {
  scans: number;
  lastScanAt: number | null;
  hosts: number;
  openPorts: number;
  /** The latest scan's exposure findings by severity ("info" — not checked — excluded). */
  findingsBySeverity: Record<Exclude<FindingSeverity, "info">, number>;
};

/** What other modules (Zero Trust) read of a tenant's network: scans, last scan, hosts, open ports, findings. */
export function networkFacts(tenantId: string): NetworkFacts {
  const count = db
    .select({ n: sql<number>`count(*)` })
    .from(networkScans)
    .where(eq(networkScans.tenantId, tenantId))
    .get();
  const last = latestScan(tenantId);
  const bySeverity = { low: 0, medium: 0, high: 0, critical: 0 };
  for (const f of last?.findings ?? []) if (f.severity !== "info") bySeverity[f.severity]++;
  return {
    scans: count?.n ?? 0,
    lastScanAt: last?.startedAt ?? null,
    hosts: last?.hostCount ?? 0,
    openPorts: last?.openPortCount ?? 0,
    findingsBySeverity: bySeverity,
  };
}
