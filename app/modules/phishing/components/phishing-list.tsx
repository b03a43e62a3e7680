/**
 * The tenant's analysed messages as a table (subject, sender, risk, status,
 * date), with quarantine/release buttons as plain POST forms. Presentational:
 * it takes plain items, so the demo mode renders it with simulated data
 * (`readOnly` hides the actions there).
 */
import { Form } from "@remix-run/react";
import { Inbox, ShieldOff, ShieldCheck } from "~/components/ui/icons";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import type { PhishingListItemView, PhishingStatus, Risk, VerdictKind } from "../types";
import { useFormat } from "~/lib/format-context";

export type PhishingListProps = {
  items: PhishingListItemView[];
  readOnly?: boolean;
  /** Current filter, to word the empty state ("no messages match"). */
  filtered?: boolean;
  /** Where the quarantine/release forms post (defaults to the current route). */
  action?: string;
  /** Id of an item whose status is being changed (pending UI). */
  pendingId?: string | null;
};

export function PhishingStatusBadge({ status }: { status: PhishingStatus }) {
  return status === "quarantined" ? (
    <StatusBadge tone="warn">Quarantined</StatusBadge>
  ) : (
    <StatusBadge tone="neutral">Detected</StatusBadge>
  );
}

export function PhishingList({
  items,
  readOnly = false,
  filtered = false,
  action,
  pendingId = null,
}: PhishingListProps) {
  const intl = useFormat();
  if (items.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-2 py-10 text-center" data-testid="phishing-empty">
        <Inbox className="h-8 w-8 text-ink-faint" aria-hidden="true" />
        {filtered ? (
          <>
            <p className="font-medium">No messages match these filters.</p>
            <p className="text-sm text-ink-muted">Choose “All” for risk and status to see every analysed message.</p>
          </>
        ) : (
          <>
            <p className="font-medium">No messages analysed yet.</p>
            <p className="text-sm text-ink-muted">
              {readOnly
                ? "Analysed messages appear here."
                : "Paste the source of a suspicious e-mail above, or upload its .eml file, and the verdict will be listed here."}
            </p>
          </>
        )}
      </div>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-card border border-slate-200 bg-white">
      <table className="stack-table w-full text-left text-sm md:min-w-[640px]" data-testid="phishing-list">
        <caption className="sr-only">Analysed messages, newest first</caption>
        <thead className="bg-surface-sunken text-xs uppercase tracking-wide text-ink-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Subject
            </th>
            <th scope="col" className="px-3 py-2">
              Sender
            </th>
            <th scope="col" className="px-3 py-2">
              Risk
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            {readOnly ? null : (
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr
              key={item.id}
              id={`message-${item.id}`}
              data-testid="phishing-row"
              data-id={item.id}
              className="align-top"
            >
              <td className="max-w-xs px-3 py-2">
                <details>
                  <summary className="cursor-pointer font-medium text-ink">
                    <span className="break-words">{item.subject}</span>
                  </summary>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-xs text-ink-muted">
                    {item.rationale.map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ul>
                </details>
              </td>
              <td className="max-w-[14rem] break-all px-3 py-2 text-ink-muted">{item.sender}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <SeverityBadge level={item.risk} />
                {item.kind ? (
                  <span className="ml-1">
                    <KindLabel kind={item.kind} />
                  </span>
                ) : null}
                {item.score !== undefined ? (
                  <span className="ml-1 text-xs text-ink-muted">{item.score}/100</span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <PhishingStatusBadge status={item.status} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-ink-muted">
                {item.createdAt === undefined ? "" : intl.formatDateTime(item.createdAt)}
              </td>
              {readOnly ? null : (
                <td className="px-3 py-2 text-right">
                  <Form method="post" action={action}>
                    <input type="hidden" name="id" value={item.id} />
                    {item.status === "quarantined" ? (
                      <button
                        type="submit"
                        name="intent"
                        value="release"
                        className="btn-secondary whitespace-nowrap"
                        disabled={pendingId === item.id}
                      >
                        <ShieldCheck className="h-4 w-4" aria-hidden="true" />
                        Release<span className="sr-only">: {item.subject}</span>
                      </button>
                    ) : (
                      <button
                        type="submit"
                        name="intent"
                        value="quarantine"
                        className="btn-danger whitespace-nowrap"
                        disabled={pendingId === item.id}
                      >
                        <ShieldOff className="h-4 w-4" aria-hidden="true" />
                        Quarantine<span className="sr-only">: {item.subject}</span>
                      </button>
                    )}
                  </Form>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Risk and status filters as a GET form (query parameters), so they work without JavaScript. */
export function PhishingFilters({ risk, status }: { risk: Risk | null; status: PhishingStatus | null }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter messages">
      <div>
        <label htmlFor="filter-risk" className="label">
          Risk
        </label>
        <select id="filter-risk" name="risk" defaultValue={risk ?? ""} className="input">
          <option value="">All</option>
          <option value="high">High</option>
          <option value="medium">Medium</option>
          <option value="low">Low</option>
        </select>
      </div>
      <div>
        <label htmlFor="filter-status" className="label">
          Status
        </label>
        <select id="filter-status" name="status" defaultValue={status ?? ""} className="input">
          <option value="">All</option>
          <option value="detected">Detected</option>
          <option value="quarantined">Quarantined</option>
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Filter
      </button>
    </Form>
  );
}

const KIND_LABEL: Record<VerdictKind, string> = {
  phishing: "Phishing",
  scam: "Scam",
  malware: "Malware",
  spam: "Spam",
  legitimate: "Legitimate",
};

/** The verdict's kind as a word beside the risk badge (issue 29). */
export function KindLabel({ kind }: { kind: VerdictKind }) {
  return (
    <span
      className="rounded border border-slate-300 px-1.5 py-0.5 text-xs font-medium text-ink"
      data-testid="phishing-kind"
      data-kind={kind}
    >
      {KIND_LABEL[kind]}
    </span>
  );
}
