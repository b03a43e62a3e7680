/**
 * The per-framework report: every requirement with its status, owner,
 * evidence and dates, for the printable page and the CSV download.
 */
import { sqlite } from "~/lib/db.server";
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
  const evidence = sqlite()
    .prepare(
      `SELECT item_id, kind, title, url, file_name, sha256, effective_on, expires_on, expired_at
       FROM compliance_evidence WHERE tenant_id = ? AND framework = ? ORDER BY effective_on, created_at`,
    )
    .all(tenantId, frameworkKey) as {
    item_id: string;
    kind: "file" | "link";
    title: string;
    url: string | null;
    file_name: string | null;
    sha256: string | null;
    effective_on: string;
    expires_on: string | null;
    expired_at: number | null;
  }[];
  const byItem = new Map<string, ReportEvidence[]>();
  for (const e of evidence) {
    const list = byItem.get(e.item_id) ?? [];
    list.push({
      kind: e.kind,
      title: e.title,
      url: e.url,
      fileName: e.file_name,
      sha256: e.sha256,
      effectiveOn: e.effective_on,
      expiresOn: e.expires_on,
      expired: e.expired_at != null || (e.expires_on != null && e.expires_on <= today),
    });
    byItem.set(e.item_id, list);
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
