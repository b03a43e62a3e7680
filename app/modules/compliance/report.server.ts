/**
 * The per-framework report: every requirement with its status, owner,
 * evidence and dates, for the printable page and the CSV download.
 */
import { and, eq } from "drizzle-orm";
import { complianceEvidence } from "./schema";
import { db } from "~/lib/db.server";
import { allRequirements, dayOf, frameworkScore, getAdoption, type RequirementRow } from "./compliance.server";
import { STATUS_LABEL } from "./frameworks";
import { toCsv } from "./csv";

export type ReportEvidence = {
  kind: "file" | "link";
  title: string;
  url: string | null;
  fileName: string | null;
  sha256: string | null;
  effectiveOn: string;
  expiresOn: string | null;
  expired: boolean;
};
export type ReportRow = RequirementRow & { evidence: ReportEvidence[] };

export function frameworkReport(
  tenantId: string,
  frameworkKey: string,
  opts: { requiredOnly?: boolean } = {},
  now = Date.now(),
) {
  const adoption = getAdoption(tenantId, frameworkKey);
  if (!adoption) return null;
  const today = dayOf(now);
  const e = complianceEvidence;
  const evidence = db
    .select({
      itemId: e.itemId,
      kind: e.kind,
      title: e.title,
      url: e.url,
      fileName: e.fileName,
      sha256: e.sha256,
      effectiveOn: e.effectiveOn,
      expiresOn: e.expiresOn,
      expiredAt: e.expiredAt,
    })
    .from(e)
    .where(and(eq(e.tenantId, tenantId), eq(e.framework, frameworkKey)))
    .orderBy(e.effectiveOn, e.createdAt)
    .all();
  const byItem = new Map<string, ReportEvidence[]>();
  for (const { itemId, expiredAt, ...item } of evidence) {
    const list = byItem.get(itemId) ?? [];
    list.push({ ...item, expired: expiredAt != null || (item.expiresOn != null && item.expiresOn <= today) });
    byItem.set(itemId, list);
  }
  const rows: ReportRow[] = allRequirements(tenantId, adoption, opts, now).map((r) => ({
    ...r,
    evidence: byItem.get(r.id) ?? [],
  }));
  return { adoption, score: frameworkScore(tenantId, adoption, opts), rows, generatedOn: today };
}

export const CSV_HEADER = [
  "Requirement",
  "Title",
  "Type",
  "Status",
  "Justification",
  "Owner",
  "Evidence",
  "Evidence effective",
  "Evidence expires",
  "Automatic evidence",
  "Last updated",
] as const;

export function reportCsv(report: NonNullable<ReturnType<typeof frameworkReport>>): string {
  const rows = report.rows.map((r) => [
    r.id,
    r.title,
    r.requirement ?? r.kind,
    STATUS_LABEL[r.status],
    r.justification ?? "",
    r.ownerEmail ?? "",
    r.evidence
      .map(
        (e) =>
          `${e.title} (${e.kind === "file" ? `file ${e.fileName}, SHA-256 ${e.sha256}` : `link ${e.url}`})${e.expired ? " [expired]" : ""}`,
      )
      .join("; "),
    r.evidence.map((e) => e.effectiveOn).join("; "),
    r.evidence.map((e) => e.expiresOn ?? "no expiry").join("; "),
    r.automatic.map((a) => `${a.label}: ${a.summary}`).join("; "),
    r.updatedAt ? dayOf(r.updatedAt) : "",
  ]);
  return toCsv(CSV_HEADER, rows);
}
