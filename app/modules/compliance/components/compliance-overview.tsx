/**
 * /compliance-monitoring: each adopted framework's score, and for the one
 * selected its trend, its requirements by status (filterable, paginated) and
 * what to do next. Filters are a GET form and pages are links, so everything
 * works without JavaScript.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { FileDown, Printer } from "~/components/ui/icons";
import { LineChart } from "~/components/charts/line-chart";
import { EmptyState } from "~/components/module-page";
import { STATUSES, STATUS_LABEL, type RequirementStatus } from "../frameworks";
import { AutomaticBadge, RequirementStatusBadge, requirementHref } from "./status-badge";

type Counts = Record<RequirementStatus, number> & { total: number; applicable: number; score: number };

export type OverviewProps = {
  canManage: boolean;
  frameworks: { key: string; name: string; baselines: { key: string; name: string }[] | null }[];
  adopted: ({ key: string; label: string; shortName: string; baseline: string | null } & Counts)[];
  selected: {
    key: string;
    label: string;
    shortName: string;
    requiredFilter: boolean;
    counts: Counts;
    trend: { label: string; short: string; value: number }[];
    next: { id: string; title: string; status: RequirementStatus; effort: number; reason: string }[];
    filter: { status: RequirementStatus | null; requiredOnly: boolean; q: string };
    list: {
      total: number;
      page: number;
      pageCount: number;
      rows: {
        id: string;
        title: string;
        type: string;
        status: RequirementStatus;
        ownerEmail: string | null;
        evidenceCount: number;
        automatic: string[];
      }[];
    };
  } | null;
  adoptError?: string;
};

function pageHref(selected: NonNullable<OverviewProps["selected"]>, page: number) {
  const p = new URLSearchParams({ framework: selected.key });
  if (selected.filter.status) p.set("status", selected.filter.status);
  if (selected.filter.requiredOnly) p.set("required", "1");
  if (selected.filter.q) p.set("q", selected.filter.q);
  if (page > 1) p.set("page", String(page));
  return `/compliance-monitoring?${p}`;
}

function AdoptForm({ frameworks, error }: { frameworks: OverviewProps["frameworks"]; error?: string }) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === "adopt";
  const baselines = frameworks.flatMap((f) => (f.baselines ?? []).map((b) => ({ ...b, framework: f.name })));
  return (
    <Form method="post" className="card space-y-3" aria-labelledby="adopt-heading">
      <h2 id="adopt-heading" className="font-semibold">
        Adopt a framework
      </h2>
      <input type="hidden" name="intent" value="adopt" />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="adopt-framework" className="label">
            Framework
          </label>
          <select
            id="adopt-framework"
            name="framework"
            className="input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "adopt-error" : undefined}
          >
            {frameworks.map((f) => (
              <option key={f.key} value={f.key}>
                {f.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="adopt-baseline" className="label">
            Baseline (NIST SP 800-53 only)
          </label>
          <select id="adopt-baseline" name="baseline" className="input" aria-describedby="adopt-baseline-hint">
            <option value="">None</option>
            {baselines.map((b) => (
              <option key={b.key} value={b.key}>
                {b.name}
              </option>
            ))}
          </select>
          <p id="adopt-baseline-hint" className="mt-1 text-xs text-ink-muted">
            LOW, MODERATE and HIGH are the impact baselines; PRIVACY is the privacy baseline.
          </p>
        </div>
      </div>
      {error ? (
        <p id="adopt-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Adopting…" : "Adopt framework"}
      </button>
    </Form>
  );
}

function Scorecards({ adopted, selectedKey }: { adopted: OverviewProps["adopted"]; selectedKey: string | null }) {
  return (
    <section aria-labelledby="scores-heading">
      <h2 id="scores-heading" className="sr-only">
        Scores by framework
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {adopted.map((a) => (
          <li key={a.key} className={`card ${a.key === selectedKey ? "ring-2 ring-brand" : ""}`}>
            <Link
              to={`/compliance-monitoring?framework=${encodeURIComponent(a.key)}`}
              className="font-semibold text-ink"
              aria-current={a.key === selectedKey ? "page" : undefined}
              data-testid={`framework-${a.key}`}
            >
              {a.label}
            </Link>
            <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid={`score-${a.key}`}>
              {a.score}%
            </p>
            <p className="text-sm text-ink-muted">
              {a.compliant} of {a.applicable} applicable requirements compliant
              {a["not-applicable"] ? `, ${a["not-applicable"]} not applicable` : ""}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Selected({ s, canManage }: { s: NonNullable<OverviewProps["selected"]>; canManage: boolean }) {
  const reportBase = `/compliance-monitoring/${encodeURIComponent(s.key)}/report`;
  const reportQuery = s.filter.requiredOnly ? "?required=1" : "";
  return (
    <section aria-labelledby="selected-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="selected-heading" className="text-xl font-semibold">
          {s.label}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`${reportBase}${reportQuery}`} className="btn-secondary">
            <Printer className="h-4 w-4" aria-hidden="true" />
            Printable report
          </Link>
          <a href={`${reportBase}.csv${reportQuery}`} className="btn-secondary" download>
            <FileDown className="h-4 w-4" aria-hidden="true" />
            Download CSV
          </a>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <div className="card p-4">
          <dt className="text-sm text-ink-muted">Score{s.filter.requiredOnly ? " (Required only)" : ""}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="selected-score">
            {s.counts.score}%
          </dd>
        </div>
        {STATUSES.map((st) => (
          <div key={st} className="card p-4">
            <dt className="text-sm text-ink-muted">{STATUS_LABEL[st]}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{s.counts[st]}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-4 lg:grid-cols-2">
        <LineChart
          title={`Score trend: ${s.shortName}`}
          valueLabel="Compliance score (%)"
          lowerIsBetter={false}
          unit="%"
          points={s.trend.map((p) => ({ label: p.label, short: p.short, value: p.value }))}
        />
        <section className="card" aria-labelledby="next-heading">
          <h3 id="next-heading" className="text-base font-semibold">
            What to do next
          </h3>
          {s.next.length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">Every requirement is compliant or marked not applicable.</p>
          ) : (
            <ol className="mt-2 space-y-3 text-sm">
              {s.next.map((n) => (
                <li key={n.id}>
                  <Link to={requirementHref(s.key, n.id)} className="font-medium">
                    {n.id} {n.title !== n.id ? `· ${n.title}` : ""}
                  </Link>
                  <p className="text-ink-muted">{n.reason}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      <section className="card p-0" aria-labelledby="requirements-heading">
        <div className="border-b border-slate-200 px-5 py-3">
          <h3 id="requirements-heading" className="text-base font-semibold">
            Requirements
          </h3>
          <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="framework" value={s.key} />
            <div>
              <label htmlFor="filter-status" className="label">
                Status
              </label>
              <select id="filter-status" name="status" defaultValue={s.filter.status ?? ""} className="input">
                <option value="">All statuses</option>
                {STATUSES.map((st) => (
                  <option key={st} value={st}>
                    {STATUS_LABEL[st]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filter-q" className="label">
                Search
              </label>
              <input
                id="filter-q"
                name="q"
                defaultValue={s.filter.q}
                className="input"
                maxLength={100}
                placeholder="Id or title"
              />
            </div>
            {s.requiredFilter ? (
              <div className="flex items-center gap-2 pb-2">
                <input
                  id="filter-required"
                  type="checkbox"
                  name="required"
                  value="1"
                  defaultChecked={s.filter.requiredOnly}
                  className="h-4 w-4"
                />
                <label htmlFor="filter-required" className="text-sm">
                  Required only
                </label>
              </div>
            ) : null}
            <button type="submit" className="btn-secondary">
              Filter
            </button>
          </Form>
        </div>
        {s.list.rows.length === 0 ? (
          <p className="px-5 py-6 text-sm text-ink-muted">
            No requirement matches these filters. Clear them to see every requirement.
          </p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[40rem] border-collapse text-left text-sm" data-testid="requirements-table">
              <caption className="sr-only">
                Requirements of {s.label}, page {s.list.page} of {s.list.pageCount}
              </caption>
              <thead className="bg-surface-muted text-ink-muted">
                <tr>
                  <th scope="col" className="px-5 py-2 font-semibold">
                    Requirement
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Owner
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Evidence
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.list.rows.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100 align-top">
                    <th scope="row" className="px-5 py-2 font-normal">
                      <Link to={requirementHref(s.key, r.id)} className="font-medium">
                        {r.id}
                      </Link>
                      {r.title !== r.id ? <span className="block text-ink-muted">{r.title}</span> : null}
                    </th>
                    <td className="px-3 py-2">{r.type}</td>
                    <td className="px-3 py-2">
                      <RequirementStatusBadge status={r.status} />
                    </td>
                    <td className="px-3 py-2 break-all">
                      {r.ownerEmail ?? <span className="text-ink-muted">None</span>}
                    </td>
                    <td className="px-3 py-2">
                      <span className="tabular-nums">{r.evidenceCount}</span>
                      <span className="sr-only"> current evidence items</span>
                      {r.automatic.length ? (
                        <span className="ml-2" title={r.automatic.join(", ")}>
                          <AutomaticBadge />
                          <span className="sr-only">: {r.automatic.join(", ")}</span>
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Requirement pages" className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
          <span>
            {s.list.total} requirement{s.list.total === 1 ? "" : "s"} · page {s.list.page} of {s.list.pageCount}
          </span>
          <span className="flex gap-2">
            {s.list.page > 1 ? (
              <Link to={pageHref(s, s.list.page - 1)} className="btn-secondary py-1" rel="prev">
                Previous page
              </Link>
            ) : null}
            {s.list.page < s.list.pageCount ? (
              <Link to={pageHref(s, s.list.page + 1)} className="btn-secondary py-1" rel="next">
                Next page
              </Link>
            ) : null}
          </span>
        </nav>
      </section>

      {canManage ? (
        <Form method="post">
          <input type="hidden" name="intent" value="drop" />
          <input type="hidden" name="framework" value={s.key} />
          <button type="submit" className="btn-secondary text-sm">
            Stop tracking {s.shortName}
          </button>
          <span className="ml-2 text-xs text-ink-muted">Statuses and evidence are kept if you adopt it again.</span>
        </Form>
      ) : null}
    </section>
  );
}

export function ComplianceOverview({ canManage, frameworks, adopted, selected, adoptError }: OverviewProps) {
  return (
    <div className="space-y-6">
      {adopted.length ? (
        <Scorecards adopted={adopted} selectedKey={selected?.key ?? null} />
      ) : (
        <EmptyState title="No framework adopted yet">
          Adopt the frameworks that apply to you: NIST CSF 2.0, NIST SP 800-53 with a baseline, or the HIPAA Security
          Rule. Each requirement then gets a status, an owner and evidence, and Rampart shows the evidence it already
          holds.
          {canManage ? "" : " Ask an owner or admin of your organization to adopt one."}
        </EmptyState>
      )}
      {selected ? <Selected s={selected} canManage={canManage} /> : null}
      {canManage ? <AdoptForm frameworks={frameworks} error={adoptError} /> : null}
    </div>
  );
}
