/**
 * The watchlist as a table: one row per watched e-mail address or domain with
 * its breach status, worst severity, evidence and when it was found.
 * Presentational (plain props) so the demo renders it with simulated
 * identities (readOnly) and /dark-web-monitoring with the tenant's own.
 * Filtering and sorting are a GET form over the URL, so they work without
 * JavaScript.
 */
import { Form, useSearchParams } from "@remix-run/react";
import { Trash2 } from "~/components/ui/icons";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { useFormat } from "~/lib/format-context";

export type IdentityListItem = {
  id: string;
  email: string | null;
  domain: string;
  type: "email" | "domain";
  severity: "low" | "medium" | "high" | "critical";
  status: "breached" | "clean" | "pending" | "not-checked";
  evidence: string;
  foundAt: string | null;
  breachCount: number;
};

const RANK = { low: 1, medium: 2, high: 3, critical: 4 } as const;

export function filterAndSortIdentities(
  identities: IdentityListItem[],
  status: string | null,
  sort: string | null,
): IdentityListItem[] {
  const filtered =
    status === "breached" || status === "clean" ? identities.filter((i) => i.status === status) : identities;
  const bySeverity = (a: IdentityListItem, b: IdentityListItem) =>
    (b.status === "breached" ? RANK[b.severity] : 0) - (a.status === "breached" ? RANK[a.severity] : 0);
  const byDate = (a: IdentityListItem, b: IdentityListItem) => (b.foundAt ?? "").localeCompare(a.foundAt ?? "");
  const byName = (a: IdentityListItem, b: IdentityListItem) => label(a).localeCompare(label(b));
  const cmp =
    sort === "found"
      ? byDate
      : sort === "name"
        ? byName
        : (a: IdentityListItem, b: IdentityListItem) => bySeverity(a, b) || byDate(a, b) || byName(a, b);
  return [...filtered].sort(cmp);
}

function label(i: IdentityListItem) {
  return i.type === "domain" ? i.domain : (i.email ?? i.domain);
}

function RemoveButton({ identity }: { identity: IdentityListItem }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="identityId" value={identity.id} />
      <button
        type="submit"
        className="btn-secondary px-2 py-1"
        aria-label={`Remove ${label(identity)} from the watchlist`}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Remove
      </button>
    </Form>
  );
}

export function IdentityList({ identities, readOnly = false }: { identities: IdentityListItem[]; readOnly?: boolean }) {
  const [params] = useSearchParams();
  const status = params.get("status");
  const sort = params.get("sort");
  const rows = filterAndSortIdentities(identities, status, sort);
  const intl = useFormat();
  const breached = identities.filter((i) => i.status === "breached").length;
  return (
    <section aria-labelledby="identities-heading" className="card p-0" data-testid="identity-list">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4">
        <div>
          <h2 id="identities-heading" className="text-lg font-semibold">
            Watched identities
          </h2>
          <p className="text-sm text-ink-muted">
            {identities.length} watched, {breached} breached
          </p>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <div>
            <label htmlFor="identity-status" className="label text-xs">
              Status
            </label>
            <select id="identity-status" name="status" defaultValue={status ?? ""} className="input py-1.5">
              <option value="">All</option>
              <option value="breached">Breached</option>
              <option value="clean">Clean</option>
            </select>
          </div>
          <div>
            <label htmlFor="identity-sort" className="label text-xs">
              Sort by
            </label>
            <select id="identity-sort" name="sort" defaultValue={sort ?? ""} className="input py-1.5">
              <option value="">Severity</option>
              <option value="found">Found (newest)</option>
              <option value="name">Name</option>
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Apply
          </button>
        </Form>
      </div>
      {identities.length === 0 ? (
        <p className="p-4 text-sm text-ink-muted">
          Nothing is watched yet. Add an e-mail address or a domain above to start monitoring.
        </p>
      ) : rows.length === 0 ? (
        <p className="p-4 text-sm text-ink-muted">No watched identity matches this filter.</p>
      ) : (
        <>
          {/* Narrow screens: one card per identity instead of a wide table. */}
          <ul className="divide-y divide-slate-200 lg:hidden">
            {rows.map((i) => (
              <li key={i.id} className="space-y-2 p-4" data-testid="identity-card" data-status={i.status}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium [overflow-wrap:anywhere]">{label(i)}</p>
                    <p className="text-xs text-ink-muted">{i.type === "domain" ? "Domain" : "E-mail address"}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {i.status === "breached" ? (
                      <StatusBadge tone="danger">Breached</StatusBadge>
                    ) : i.status === "pending" ? (
                      <StatusBadge tone="neutral">Awaiting verification</StatusBadge>
                    ) : i.status === "not-checked" ? (
                      <StatusBadge tone="neutral">Not checked</StatusBadge>
                    ) : (
                      <StatusBadge tone="ok">Clean</StatusBadge>
                    )}
                    {i.status === "breached" ? <SeverityBadge level={i.severity} /> : null}
                  </div>
                </div>
                <p className="text-sm text-ink-muted">{i.evidence}</p>
                <p className="text-xs text-ink-muted">
                  {i.breachCount} breach{i.breachCount === 1 ? "" : "es"}
                  {i.foundAt ? (
                    <>
                      {" "}
                      · found <time dateTime={i.foundAt}>{intl.formatDate(i.foundAt)}</time>
                    </>
                  ) : null}
                </p>
                {readOnly ? null : <RemoveButton identity={i} />}
              </li>
            ))}
          </ul>
          <div className="hidden lg:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-surface-muted text-xs uppercase tracking-wide text-ink-muted">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Identity
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Severity
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Breaches
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Evidence
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Found
                  </th>
                  {readOnly ? null : (
                    <th scope="col" className="px-4 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {rows.map((i) => (
                  <tr key={i.id} id={`identity-${i.id}`} data-testid="identity-row" data-status={i.status}>
                    <td className="px-4 py-3 align-top">
                      <span className="block min-w-[11rem] font-medium [overflow-wrap:anywhere]">{label(i)}</span>
                      <span className="text-xs text-ink-muted">
                        {i.type === "domain" ? "Domain" : "E-mail address"}
                      </span>
                    </td>
                    <td className="px-4 py-3 align-top">
                      {i.status === "breached" ? (
                        <StatusBadge tone="danger">Breached</StatusBadge>
                      ) : i.status === "pending" ? (
                        <StatusBadge tone="neutral">Awaiting verification</StatusBadge>
                      ) : i.status === "not-checked" ? (
                        <StatusBadge tone="neutral">Not checked</StatusBadge>
                      ) : (
                        <StatusBadge tone="ok">Clean</StatusBadge>
                      )}
                    </td>
                    <td className="px-4 py-3 align-top">
                      {i.status === "breached" ? (
                        <SeverityBadge level={i.severity} />
                      ) : (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">No open exposure</span>
                        </>
                      )}
                    </td>
                    <td className="px-4 py-3 align-top tabular-nums">{i.breachCount}</td>
                    <td className="max-w-md px-4 py-3 align-top text-ink-muted">{i.evidence}</td>
                    <td className="whitespace-nowrap px-4 py-3 align-top tabular-nums">
                      {i.foundAt ? <time dateTime={i.foundAt}>{intl.formatDate(i.foundAt)}</time> : "—"}
                    </td>
                    {readOnly ? null : (
                      <td className="px-4 py-3 align-top">
                        <RemoveButton identity={i} />
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
