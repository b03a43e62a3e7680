/**
 * Network Security's posture contribution (issue 31), from the module's own scans: each host is judged by the
 * latest scan that found it; an exposure finding of an earlier scan that a later scan of the same host no longer
 * shows is resolved. A host last scanned more than SCAN_MAX_AGE_MS ago is stale and not judged, and with no host
 * scanned within that time the module is "not assessed": an old scan says nothing about today's exposure.
 */
import { eq, sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { plural } from "~/lib/plural";
import type { Contribution, PostureFinding } from "~/modules/posture";
import { CHECKS, type Finding } from "./checks";
import type { ScanHost } from "./drift";
import { networkScans } from "./schema";

/** A scan older than this is stale (posture and Zero Trust evidence both read it). */
export const SCAN_MAX_AGE_MS = 90 * 86_400_000;

/** The key of one exposure across scans: the check, the host and the port (the alert's object id too). */
export const exposureId = (f: Pick<Finding, "check" | "host" | "port">) => `${f.check}:${f.host}:${f.port ?? ""}`;

export function networkContribution(tenantId: string, now = Date.now()): Contribution {
  const total =
    db
      .select({ n: sql<number>`count(*)` })
      .from(networkScans)
      .where(eq(networkScans.tenantId, tenantId))
      .get()?.n ?? 0;
  const scans = db
    .select({ startedAt: networkScans.startedAt, hosts: networkScans.hosts, findings: networkScans.findings })
    .from(networkScans)
    .where(sql`${networkScans.tenantId} = ${tenantId} AND ${networkScans.startedAt} >= ${now - SCAN_MAX_AGE_MS}`)
    .orderBy(sql`${networkScans}.rowid ASC`)
    .all();
  // Per host, in scan order: which exposures are open, since when, and which closed when.
  type Run = { finding: Finding; start: number; end: number | null };
  const runs = new Map<string, Map<string, Run>>();
  for (const s of scans) {
    const hosts = JSON.parse(s.hosts) as ScanHost[];
    const found = (JSON.parse(s.findings) as Finding[]).filter((f) => f.severity !== "info");
    for (const h of hosts) {
      const mine = runs.get(h.address) ?? new Map<string, Run>();
      runs.set(h.address, mine);
      const seen = new Set<string>();
      for (const f of found.filter((x) => x.host === h.address)) {
        const id = exposureId(f);
        seen.add(id);
        const run = mine.get(id);
        if (!run || run.end !== null) mine.set(id, { finding: f, start: s.startedAt, end: null });
        else run.finding = f;
      }
      for (const [id, run] of mine) if (run.end === null && !seen.has(id)) run.end = s.startedAt;
    }
  }
  const findings: PostureFinding[] = [];
  for (const mine of runs.values())
    for (const [id, run] of mine) {
      const f = run.finding;
      const severity = f.severity === "info" ? "low" : f.severity;
      findings.push({
        key: `network:${id}`,
        module: "network",
        action: CHECKS[f.check].risky ? "close-risky-services" : "harden-services",
        title: `${f.title} (${f.host}${f.port !== null ? `:${f.port}` : ""})`,
        severity,
        state: run.end === null ? "open" : "resolved",
        foundAt: run.start,
        closedAt: run.end,
      });
    }
  const assessed = runs.size > 0;
  return {
    coverage: {
      module: "network",
      label: "Network Security",
      href: "/network-security",
      assessed,
      since: assessed ? scans[0]!.startedAt : null,
      statement: assessed
        ? `${plural(runs.size, "host")} checked for exposed services in ${plural(scans.length, "scan")} of the last 90 days.`
        : total
          ? "Not assessed: the last network scan is older than 90 days; import or run a new scan."
          : "Not assessed: no network scan has been imported yet.",
    },
    findings,
    actions: [
      {
        id: "close-risky-services",
        module: "network",
        title: "Close exposed remote-administration and database services",
        points: 15,
        href: "/network-security#findings-heading",
        how: "Block each listed service at the firewall or put it behind a VPN, then scan again.",
      },
      {
        id: "harden-services",
        module: "network",
        title: "Harden exposed services (TLS, certificates, SMB signing, known vulnerabilities)",
        points: 5,
        href: "/network-security#findings-heading",
        how: "Apply each finding's remediation on the host, then scan again: a finding the next scan no longer shows is resolved.",
      },
    ],
  };
}
