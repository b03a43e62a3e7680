/**
 * Scans run by the server itself (issue 36), only when the operator allows them (RAMPART_NETWORK_SCANS=1) and
 * only of targets the organization has verified: a host under one of its DNS-verified domains (checked again
 * at every scan), or an IP range (at most a /24, or /120 for IPv6) an owner or admin attested and the operator
 * approved (`approveNetworkTarget`, from `npm run admin`; never the organization itself).
 *
 * The scan is Debian's `nmap` run with execFile (no shell) and a FIXED argument set: nothing a user types
 * becomes an argument except the validated target, which is a hostname or an address range by construction
 * and placed last. One scan runs at a time in the process (a queue, not parallel scans), each stopped after
 * RAMPART_NETWORK_SCAN_TIMEOUT_MS. Scans are durable jobs ("network-scan"), enqueued daily for targets not
 * scanned in a week; a restart resumes them.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import ipaddr from "ipaddr.js";
import { and, eq } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { DomainError } from "~/lib/errors";
import type * as jobsApi from "~/lib/jobs.server";
import { verifiedDomains } from "~/modules/breach";
import { networkTargets } from "./schema";
import { importScan } from "./scans.server";

export const NMAP_PATHS = ["/usr/bin/nmap", "/usr/local/bin/nmap"];
export const NETWORK_SCAN_JOB = "network-scan";
export const NETWORK_SWEEP_JOB = "network-scan-sweep";
const WEEK = 7 * 86_400_000;
const DAY = 86_400_000;

/** The scripts every scan runs: the ones the exposure checks read. */
export const NMAP_SCRIPTS =
  "ssl-enum-ciphers,ssl-cert,http-title,smb-security-mode,smb2-security-mode,ssh-auth-methods";

/** The fixed arguments, before the one target. TCP connect scan (no raw sockets, no root), top 1000 ports. */
export const NMAP_ARGS: readonly string[] = [
  "-sT",
  "-Pn",
  "-sV",
  "--version-light",
  "--script",
  NMAP_SCRIPTS,
  "-T3",
  "--max-retries",
  "2",
  "--host-timeout",
  "10m",
  "-oX",
  "-",
];

export function nmapPath(): string | null {
  return NMAP_PATHS.find((p) => fs.existsSync(p)) ?? null;
}

export type SchedulerStatus = { enabled: boolean; nmapInstalled: boolean };

export function schedulerStatus(): SchedulerStatus {
  return { enabled: getEnv().RAMPART_NETWORK_SCANS === "1", nmapInstalled: nmapPath() !== null };
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export type TargetKind = "domain-host" | "ip-range";

/** A target as typed: a hostname (under a verified domain) or an address / CIDR range. Throws DomainError 400. */
export function normalizeTarget(raw: string): { kind: TargetKind; target: string } {
  const value = raw.trim().toLowerCase();
  if (ipaddr.isValid(value)) {
    const a = ipaddr.parse(value);
    return { kind: "ip-range", target: `${a.toString()}/${a.kind() === "ipv4" ? 32 : 128}` };
  }
  if (value.includes("/")) {
    let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
    try {
      range = ipaddr.parseCIDR(value);
    } catch {
      throw new DomainError("Enter an IP address, a CIDR range such as 203.0.113.0/28, or a hostname.", {
        field: "target",
      });
    }
    const [addr, bits] = range;
    const min = addr.kind() === "ipv4" ? 24 : 120;
    if (bits < min)
      throw new DomainError(`A range may hold at most 256 addresses (/${min} or narrower).`, { field: "target" });
    const network =
      addr.kind() === "ipv4"
        ? ipaddr.IPv4.networkAddressFromCIDR(value).toString()
        : ipaddr.IPv6.networkAddressFromCIDR(value).toString();
    return { kind: "ip-range", target: `${network}/${bits}` };
  }
  if (HOSTNAME.test(value)) return { kind: "domain-host", target: value };
  throw new DomainError("Enter an IP address, a CIDR range such as 203.0.113.0/28, or a hostname.", {
    field: "target",
  });
}

function underVerifiedDomain(tenantId: string, host: string): boolean {
  return verifiedDomains(tenantId).some((d) => host === d || host.endsWith(`.${d}`));
}

export const DOMAIN_NOT_VERIFIED =
  "This host is not under a domain your organization has verified. Verify the domain on the Dark Web Monitoring page first.";

/** An owner or admin attests a target. A hostname must be under a verified domain; a range waits for the operator. */
export function addNetworkTarget(tenantId: string, userId: string, raw: string) {
  const { kind, target } = normalizeTarget(raw);
  if (kind === "domain-host" && !underVerifiedDomain(tenantId, target))
    throw new DomainError(DOMAIN_NOT_VERIFIED, { field: "target" });
  const id = randomUUID();
  db.insert(networkTargets).values({ id, tenantId, kind, target, attestedBy: userId }).onConflictDoNothing().run();
  return { kind, target, awaitingApproval: kind === "ip-range" };
}

export function removeNetworkTarget(tenantId: string, target: string) {
  db.delete(networkTargets)
    .where(and(eq(networkTargets.tenantId, tenantId), eq(networkTargets.target, target)))
    .run();
}

export function listNetworkTargets(tenantId: string) {
  return db
    .select({
      id: networkTargets.id,
      kind: networkTargets.kind,
      target: networkTargets.target,
      approvedAt: networkTargets.approvedAt,
      lastScanAt: networkTargets.lastScanAt,
      lastError: networkTargets.lastError,
    })
    .from(networkTargets)
    .where(eq(networkTargets.tenantId, tenantId))
    .orderBy(networkTargets.target)
    .all();
}

/** The operator approves an attested IP range (npm run admin); answers false when there is no such target. */
export function approveNetworkTarget(tenantId: string, target: string, now = Date.now()): boolean {
  const r = db
    .update(networkTargets)
    .set({ approvedAt: now })
    .where(and(eq(networkTargets.tenantId, tenantId), eq(networkTargets.target, target)))
    .run();
  return r.changes > 0;
}

/** Why a target may not be scanned now, or null when it may. */
function refusal(tenantId: string, t: { kind: TargetKind; target: string; approvedAt: number | null }): string | null {
  if (t.kind === "ip-range" && t.approvedAt === null) return "awaiting the operator's approval";
  if (t.kind === "domain-host" && !underVerifiedDomain(tenantId, t.target)) return "its domain is no longer verified";
  return null;
}

let running: Promise<unknown> = Promise.resolve();

/** Runs nmap on one target, one scan at a time in the process. Answers the XML. */
export function runNmap(target: string, timeoutMs = getEnv().RAMPART_NETWORK_SCAN_TIMEOUT_MS): Promise<string> {
  const nmap = nmapPath();
  if (!nmap) return Promise.reject(new DomainError("Nmap is not installed on this server.", { status: 503 }));
  // The target came through normalizeTarget: a hostname or a CIDR range, never an option.
  const { target: safe } = normalizeTarget(target);
  const scan = running.then(
    () =>
      new Promise<string>((resolve, reject) => {
        execFile(
          nmap,
          [...NMAP_ARGS, safe],
          { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 32 * 1024 * 1024, shell: false },
          (error, stdout) => (error ? reject(error) : resolve(stdout)),
        );
      }),
  );
  running = scan.catch(() => undefined);
  return scan;
}

/** One scheduled scan of one target: checks the permission again, runs nmap, imports the XML. */
export async function scanTarget(tenantId: string, targetId: string, now = Date.now()) {
  const t = db
    .select()
    .from(networkTargets)
    .where(and(eq(networkTargets.tenantId, tenantId), eq(networkTargets.id, targetId)))
    .get();
  if (!t) return { status: "gone" as const };
  const status = schedulerStatus();
  const why = !status.enabled
    ? "scheduled scans are off on this server"
    : !status.nmapInstalled
      ? "Nmap is not installed on this server"
      : refusal(tenantId, t);
  if (why) {
    db.update(networkTargets).set({ lastError: why }).where(eq(networkTargets.id, t.id)).run();
    return { status: "refused" as const, reason: why };
  }
  try {
    const xml = await runNmap(t.target);
    const r = await importScan({
      tenantId,
      userId: null,
      filename: `scheduled ${t.target}`,
      content: xml,
      source: "scheduled",
      now,
    });
    db.update(networkTargets).set({ lastScanAt: now, lastError: null }).where(eq(networkTargets.id, t.id)).run();
    return { status: "scanned" as const, scanId: r.id };
  } catch (error) {
    const killed = (error as { killed?: boolean } | null)?.killed;
    const message = killed ? "the scan ran past its time limit" : "the scan failed";
    db.update(networkTargets).set({ lastScanAt: now, lastError: message }).where(eq(networkTargets.id, t.id)).run();
    return { status: "failed" as const, reason: message };
  }
}

/** The daily sweep: enqueues a scan of every approved target not scanned in a week. */
export function enqueueDueScans(runner: Pick<typeof jobsApi, "enqueueJob">, now = Date.now()): number {
  if (!schedulerStatus().enabled) return 0;
  // The one query across tenants: the sweep is the server's, and each job it enqueues is one tenant's target.
  const due = db
    .select()
    .from(networkTargets)
    .all()
    .filter((t) => (t.lastScanAt ?? 0) < now - WEEK && refusal(t.tenantId, t) === null);
  for (const t of due)
    runner.enqueueJob({
      kind: NETWORK_SCAN_JOB,
      payload: { targetId: t.id },
      tenantId: t.tenantId,
      key: `network-scan:${t.id}`,
    });
  return due.length;
}

export function registerNetworkJobs(runner: typeof jobsApi) {
  runner.registerJobHandler(NETWORK_SCAN_JOB, async (job) => {
    const { targetId } = job.payload as { targetId: string };
    if (job.tenantId) await scanTarget(job.tenantId, targetId);
  });
  runner.registerJobHandler(NETWORK_SWEEP_JOB, () => void enqueueDueScans(runner));
  runner.scheduleRecurringJob({ key: NETWORK_SWEEP_JOB, kind: NETWORK_SWEEP_JOB, payload: {}, intervalMs: DAY });
}
