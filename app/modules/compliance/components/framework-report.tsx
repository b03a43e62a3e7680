/**
 * The printable report of one framework: score, then every requirement with
 * status, owner, evidence (files with SHA-256, links) and dates. The print
 * stylesheet (app/tailwind.css, @media print) drops the app's navigation, and
 * the controls on this page are hidden in print.
 */
import { Link } from "@remix-run/react";
import { FileDown } from "~/components/ui/icons";
import { STATUS_LABEL, type RequirementStatus } from "../frameworks";
import type { ReportEvidence } from "../report.server";
import { useFormat } from "~/lib/format-context";

export type FrameworkReportProps = {
  tenantName: string;
  framework: { key: string; label: string; source: string; requiredFilter: boolean };
  requiredOnly: boolean;
  generatedOn: string;
  score: Record<RequirementStatus, number> & { total: number; applicable: number; score: number };
  rows: {
    id: string;
    title: string;
    type: string;
    status: RequirementStatus;
    justification: string | null;
    ownerEmail: string | null;
    evidence: ReportEvidence[];
    automatic: string[];
    updatedOn: string | null;
  }[];
};

export function FrameworkReport(p: FrameworkReportProps) {
  const intl = useFormat();
  const base = `/compliance-monitoring/${encodeURIComponent(p.framework.key)}/report`;
  const q = p.requiredOnly ? "?required=1" : "";
  return (
    <main id="main" className="max-w-6xl space-y-5 print:max-w-none">
      <div className="flex flex-wrap gap-2 text-sm print:hidden">
        <Link to={`/compliance-monitoring?framework=${encodeURIComponent(p.framework.key)}`}>Back to Compliance</Link>
        <a href={`${base}.csv${q}`} className="btn-secondary ml-auto py-1" download>
          <FileDown className="h-4 w-4" aria-hidden="true" />
          Download CSV
        </a>
        {p.framework.requiredFilter ? (
          <Link to={p.requiredOnly ? base : `${base}?required=1`} className="btn-secondary py-1">
            {p.requiredOnly ? "Show all requirements" : "Required only"}
          </Link>
        ) : null}
      </div>
      <header>
        <h1 className="text-2xl font-bold">
          {p.framework.label}: compliance report{p.requiredOnly ? " (Required only)" : ""}
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          {p.tenantName} · generated {p.generatedOn} · catalogue: {p.framework.source}
        </p>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <div className="card p-3">
          <dt className="text-xs text-ink-muted">Score</dt>
          <dd className="text-xl font-semibold" data-testid="report-score">
            {p.score.score}%
          </dd>
        </div>
        {(["compliant", "in-progress", "not-started", "not-applicable"] as const).map((s) => (
          <div key={s} className="card p-3">
            <dt className="text-xs text-ink-muted">{STATUS_LABEL[s]}</dt>
            <dd className="text-xl font-semibold">{p.score[s]}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        Score: {p.score.compliant} compliant of {p.score.applicable} applicable requirements ({p.score.total} in total,{" "}
        {p.score["not-applicable"]} not applicable).
      </p>
      <div className="relative overflow-x-auto print:overflow-visible">
        <table className="w-full min-w-[48rem] border-collapse text-left text-xs print:min-w-0">
          <caption className="sr-only">Requirements of {p.framework.label}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-2">
                Requirement
              </th>
              <th scope="col" className="py-1 pr-2">
                Type
              </th>
              <th scope="col" className="py-1 pr-2">
                Status
              </th>
              <th scope="col" className="py-1 pr-2">
                Owner
              </th>
              <th scope="col" className="py-1 pr-2">
                Evidence
              </th>
              <th scope="col" className="py-1 pr-2">
                Updated
              </th>
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={r.id} className="break-inside-avoid border-b border-slate-100 align-top">
                <th scope="row" className="py-1 pr-2 font-normal">
                  <span className="font-semibold">{r.id}</span>
                  {r.title !== r.id ? <span className="block">{r.title}</span> : null}
                </th>
                <td className="py-1 pr-2">{r.type}</td>
                <td className="py-1 pr-2">
                  {STATUS_LABEL[r.status]}
                  {r.justification ? <span className="block text-ink-muted">Why: {r.justification}</span> : null}
                </td>
                <td className="break-all py-1 pr-2">{r.ownerEmail ?? "—"}</td>
                <td className="py-1 pr-2">
                  {r.evidence.length === 0 && r.automatic.length === 0 ? "—" : null}
                  <ul>
                    {r.evidence.map((e, i) => (
                      <li key={i} className="break-all">
                        {e.title} ({e.kind === "file" ? `${e.fileName}, SHA-256 ${e.sha256}` : e.url}); effective{" "}
                        {e.effectiveOn}
                        {e.expiresOn ? `, expires ${e.expiresOn}` : ""}
                        {e.expired ? " [expired]" : ""}
                      </li>
                    ))}
                    {r.automatic.map((a) => (
                      <li key={a}>Automatic: {a}</li>
                    ))}
                  </ul>
                </td>
                <td className="py-1 pr-2">{r.updatedOn ? intl.formatDate(r.updatedOn) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
