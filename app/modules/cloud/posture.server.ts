/**
 * Cloud Security's posture contribution (issue 31), from the module's own tables: the failing checks of each
 * account's latest snapshot (a muted failure is accepted), and the failures an account's later snapshot shows
 * passing (resolved). An account whose latest upload is older than SNAPSHOT_MAX_AGE_MS is stale and not judged:
 * an old all-clear says nothing about today.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { plural } from "~/lib/plural";
import type { Contribution, PostureFinding } from "~/modules/posture";
import { cloudFindings, cloudSnapshots } from "./schema";
import { snapshotFindings } from "./snapshots.server";

/** An upload older than this is stale: it proves nothing (posture and Zero Trust evidence both read it). */
export const SNAPSHOT_MAX_AGE_MS = 90 * 86_400_000;

const keyOf = (f: { checkId: string; resource: string }) => `${f.checkId}\u0000${f.resource}`;

export function cloudContribution(tenantId: string, now = Date.now()): Contribution {
  const snapshots = db
    .select({
      id: cloudSnapshots.id,
      provider: cloudSnapshots.provider,
      account: cloudSnapshots.account,
      createdAt: cloudSnapshots.createdAt,
    })
    .from(cloudSnapshots)
    .where(eq(cloudSnapshots.tenantId, tenantId))
    .orderBy(asc(cloudSnapshots.createdAt))
    .all();
  const byAccount = new Map<string, typeof snapshots>();
  for (const s of snapshots) {
    const k = `${s.provider}\u0000${s.account}`;
    byAccount.set(k, [...(byAccount.get(k) ?? []), s]);
  }
  const fresh = [...byAccount.values()].filter((list) => now - list[list.length - 1]!.createdAt <= SNAPSHOT_MAX_AGE_MS);
  const stale = byAccount.size - fresh.length;
  const findings: PostureFinding[] = [];
  // What the latest uploads checked, per action: an upload whose files named no checkable resource checked
  // nothing, and an action with no check of its severities has nothing to measure (no free points).
  const checked = { "fix-serious-cloud": 0, "fix-cloud": 0 };
  let judged = 0;
  for (const list of fresh) {
    const latest = list[list.length - 1]!;
    // The account's history within the freshness window tells when a failure started and when it passed again.
    const window = list.filter((s) => s.createdAt >= now - SNAPSHOT_MAX_AGE_MS);
    const at = new Map(window.map((s) => [s.id, s.createdAt]));
    const rows = db
      .select({
        snapshotId: cloudFindings.snapshotId,
        checkId: cloudFindings.checkId,
        resource: cloudFindings.resource,
        status: cloudFindings.status,
        severity: cloudFindings.severity,
        title: cloudFindings.title,
      })
      .from(cloudFindings)
      .where(
        and(
          eq(cloudFindings.tenantId, tenantId),
          inArray(
            cloudFindings.snapshotId,
            window.map((s) => s.id),
          ),
        ),
      )
      .all()
      .sort((a, b) => at.get(a.snapshotId)! - at.get(b.snapshotId)!);
    const runs = new Map<
      string,
      { start: number | null; lastStart: number; end: number | null; row: (typeof rows)[0] }
    >();
    for (const r of rows) {
      const t = at.get(r.snapshotId)!;
      const run = runs.get(keyOf(r));
      if (r.status === "fail") {
        if (!run) runs.set(keyOf(r), { start: t, lastStart: t, end: null, row: r });
        else if (run.start === null) Object.assign(run, { start: t, lastStart: t, end: null, row: r });
        else run.row = r;
      } else if (run && run.start !== null) Object.assign(run, { start: null, end: t });
    }
    const latestFindings = snapshotFindings(tenantId, latest.id, now);
    if (latestFindings.length) judged += 1;
    for (const f of latestFindings) {
      const serious = f.severity === "critical" || f.severity === "high";
      checked[serious ? "fix-serious-cloud" : "fix-cloud"] += 1;
      const run = runs.get(keyOf(f));
      if (!run) continue;
      const base = {
        key: `cloud:${latest.provider}:${latest.account}:${f.checkId}:${f.resource}`,
        module: "cloud" as const,
        action: serious ? "fix-serious-cloud" : "fix-cloud",
        title: `${f.title} (${f.resource})`,
        severity: f.severity,
      };
      if (f.status === "fail")
        findings.push({ ...base, state: "open", foundAt: run.start ?? run.lastStart, closedAt: null });
      // When the mute was added is not what the snapshot shows: accepted as of the latest upload.
      else if (f.status === "muted")
        findings.push({ ...base, state: "accepted", foundAt: run.start ?? run.lastStart, closedAt: latest.createdAt });
      else if (run.end !== null)
        findings.push({ ...base, state: "resolved", foundAt: run.lastStart, closedAt: run.end });
    }
  }
  const assessed = judged > 0;
  const staleNote = stale ? ` ${plural(stale, "account")} not counted: last upload older than 90 days.` : "";
  return {
    coverage: {
      module: "cloud",
      label: "Cloud Security",
      href: "/cloud-security",
      assessed,
      since: assessed ? Math.min(...fresh.map((list) => list[0]!.createdAt)) : null,
      statement: assessed
        ? `${plural(judged, "cloud account")} checked against CIS-mapped configuration checks.${staleNote}`
        : fresh.length
          ? "Not assessed: the latest cloud uploads held no file Rampart could check."
          : byAccount.size
            ? "Not assessed: the last cloud configuration upload is older than 90 days; upload a new snapshot."
            : "Not assessed: no cloud configuration snapshot has been uploaded yet.",
    },
    findings,
    actions: (
      [
        {
          id: "fix-serious-cloud",
          module: "cloud",
          title: "Fix failing critical and high cloud checks",
          points: 15,
          href: "/cloud-security#accounts-heading",
          how: "Apply each failing check's remediation in your cloud account, then upload a new snapshot.",
        },
        {
          id: "fix-cloud",
          module: "cloud",
          title: "Fix failing medium and low cloud checks",
          points: 5,
          href: "/cloud-security#accounts-heading",
          how: "Apply the remediation, or mute a check with a reason when it does not apply to the resource.",
        },
      ] as const
    ).filter((a) => assessed && checked[a.id] > 0),
  };
}
