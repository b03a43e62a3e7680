/**
 * Exposures found for the watchlist: which identity, which breach, what data,
 * what to do, and the resolve / skip actions (POST forms with an intent, so
 * they work without JavaScript).
 */
import { Form } from "@remix-run/react";
import { CheckCircle2, RotateCcw, SkipForward } from "~/components/ui/icons";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { useFormat } from "~/lib/format-context";

export type ExposureListItem = {
  id: string;
  identity: string;
  type: "email" | "domain";
  breachTitle: string;
  breachDate: string;
  dataClasses: string[];
  isVerified: boolean;
  isSensitive: boolean;
  accountCount: number;
  severity: "low" | "medium" | "high";
  status: "open" | "resolved" | "skipped";
  foundAt: string;
  advice: { classes: string[]; text: string }[];
};

const STATUS_LABEL = { open: "Open", resolved: "Resolved", skipped: "Skipped" } as const;

function StatusButton({
  id,
  intent,
  label,
  identity,
  children,
}: {
  id: string;
  intent: string;
  label: string;
  identity: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="exposureId" value={id} />
      <button type="submit" className="btn-secondary px-2 py-1" aria-label={`${label}: ${identity}`}>
        {children}
        {label}
      </button>
    </Form>
  );
}

export function ExposureList({ exposures, readOnly = false }: { exposures: ExposureListItem[]; readOnly?: boolean }) {
  const intl = useFormat();
  return (
    <section aria-labelledby="exposures-heading" className="card p-0" data-testid="exposure-list">
      <div className="border-b border-slate-200 p-4">
        <h2 id="exposures-heading" className="text-lg font-semibold">
          Exposures
        </h2>
        <p className="text-sm text-ink-muted">
          Mark an exposure resolved once you have acted on it, or skip it when it does not concern you.
        </p>
      </div>
      {exposures.length === 0 ? (
        <p className="p-4 text-sm text-ink-muted">
          No exposure found. Add every address and domain your organization uses to the watchlist: new breaches are
          matched against it as soon as they are imported.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {exposures.map((e) => (
            <li key={e.id} className="p-4" data-testid="exposure" data-status={e.status}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">
                    {e.type === "domain"
                      ? `${e.accountCount} account${e.accountCount === 1 ? "" : "s"} at ${e.identity}`
                      : e.identity}
                  </p>
                  <p className="text-sm text-ink-muted">
                    {e.breachTitle} · breached {intl.formatDate(e.breachDate)} · found{" "}
                    <time dateTime={e.foundAt}>{intl.formatDate(e.foundAt)}</time>
                    {e.isVerified ? null : " · unverified breach"}
                    {e.isSensitive ? " · sensitive breach" : null}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <SeverityBadge level={e.severity} />
                  <StatusBadge tone={e.status === "open" ? "danger" : e.status === "resolved" ? "ok" : "neutral"}>
                    {STATUS_LABEL[e.status]}
                  </StatusBadge>
                </div>
              </div>
              <p className="mt-2 text-sm">
                <span className="font-medium">Exposed data:</span> {e.dataClasses.join(", ")}
              </p>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-brand">What to do</summary>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {e.advice.map((a) => (
                    <li key={a.text}>
                      <span className="font-medium">{a.classes.join(", ")}:</span> {a.text}
                    </li>
                  ))}
                </ul>
              </details>
              {readOnly ? null : (
                <div className="mt-3 flex flex-wrap gap-2">
                  {e.status === "open" ? (
                    <>
                      <StatusButton
                        id={e.id}
                        intent="resolve"
                        label="Mark resolved"
                        identity={`${e.identity} in ${e.breachTitle}`}
                      >
                        <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                      </StatusButton>
                      <StatusButton id={e.id} intent="skip" label="Skip" identity={`${e.identity} in ${e.breachTitle}`}>
                        <SkipForward className="h-4 w-4" aria-hidden="true" />
                      </StatusButton>
                    </>
                  ) : (
                    <StatusButton
                      id={e.id}
                      intent="reopen"
                      label="Reopen"
                      identity={`${e.identity} in ${e.breachTitle}`}
                    >
                      <RotateCcw className="h-4 w-4" aria-hidden="true" />
                    </StatusButton>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
