/**
 * Cloud Security usage figures (issue 31, /usage): snapshots uploaded in the window, the failures they showed,
 * and the checks they resolved, by the rule storeSnapshot applies: a failure of the account's previous snapshot
 * that this one checked again and found passing (a resource absent from the upload is not resolved). Failures are
 * as uploaded: the mutelist is a view, not a change of what the files showed.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { cloudFindings, cloudSnapshots } from "./schema";

export function cloudUsageSince(tenantId: string, since: number | null) {
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
  const inWindow = snapshots.filter((s) => since === null || s.createdAt >= since);
  if (inWindow.length === 0) return { snapshotsUploaded: 0, checksFailed: 0, checksResolved: 0 };
  // Each snapshot in the window and the one before it of the same account: the pairs the resolved rule compares.
  const previous = new Map<string, string>();
  const last = new Map<string, string>();
  for (const s of snapshots) {
    const account = `${s.provider}\u0000${s.account}`;
    const before = last.get(account);
    if (before) previous.set(s.id, before);
    last.set(account, s.id);
  }
  const wanted = new Set(inWindow.flatMap((s) => [s.id, ...(previous.has(s.id) ? [previous.get(s.id)!] : [])]));
  const rows = db
    .select({
      snapshotId: cloudFindings.snapshotId,
      checkId: cloudFindings.checkId,
      resource: cloudFindings.resource,
      status: cloudFindings.status,
    })
    .from(cloudFindings)
    .where(and(eq(cloudFindings.tenantId, tenantId), inArray(cloudFindings.snapshotId, [...wanted])))
    .all();
  const bySnapshot = new Map<string, Map<string, "pass" | "fail">>();
  for (const r of rows) {
    let m = bySnapshot.get(r.snapshotId);
    if (!m) bySnapshot.set(r.snapshotId, (m = new Map()));
    const key = `${r.checkId}\u0000${r.resource}`;
    // A check seen failing anywhere in the snapshot fails for that resource.
    if (m.get(key) !== "fail") m.set(key, r.status);
  }
  let checksFailed = 0;
  let checksResolved = 0;
  for (const s of inWindow) {
    const now = bySnapshot.get(s.id) ?? new Map();
    for (const status of now.values()) if (status === "fail") checksFailed++;
    const prev = previous.get(s.id);
    if (!prev) continue;
    for (const [key, status] of bySnapshot.get(prev) ?? [])
      if (status === "fail" && now.get(key) === "pass") checksResolved++;
  }
  return {
    snapshotsUploaded: inWindow.length,
    checksFailed,
    checksResolved,
  };
}
