/** One breach on the public check: what happened, which data, what to do about each kind of data. */
import { AlertTriangle, CalendarDays, Users } from "~/components/ui/icons";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { useFormat } from "~/lib/format-context";

export type BreachCardData = {
  name: string;
  title: string;
  domain: string;
  breachDate: string;
  pwnCount: number;
  description: string;
  dataClasses: string[];
  isVerified: boolean;
  isFabricated: boolean;
  severity: "low" | "medium" | "high";
  advice: { classes: string[]; text: string }[];
};

export function BreachCard({ breach }: { breach: BreachCardData }) {
  const headingId = `breach-${breach.name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const intl = useFormat();
  return (
    <article aria-labelledby={headingId} className="card" data-testid="breach-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {breach.title}
          </h3>
          {breach.domain ? <p className="text-sm text-ink-muted">{breach.domain}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <SeverityBadge level={breach.severity} />
          {breach.isVerified ? null : <StatusBadge tone="warn">Unverified breach</StatusBadge>}
          {breach.isFabricated ? <StatusBadge tone="warn">Likely fabricated</StatusBadge> : null}
        </div>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
        <div className="flex items-center gap-1">
          <CalendarDays className="h-4 w-4" aria-hidden="true" />
          <dt className="sr-only">Breach date</dt>
          <dd>Breached {intl.formatDate(breach.breachDate)}</dd>
        </div>
        <div className="flex items-center gap-1">
          <Users className="h-4 w-4" aria-hidden="true" />
          <dt className="sr-only">Accounts</dt>
          <dd>{intl.formatNumber(breach.pwnCount)} accounts</dd>
        </div>
      </dl>
      {breach.description ? <p className="mt-3 text-sm leading-6">{breach.description}</p> : null}
      {breach.isVerified ? null : (
        <p className="mt-2 flex gap-2 text-sm text-warn">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          The source of this breach has not been confirmed; act on it all the same if you had an account there.
        </p>
      )}
      <h4 className="mt-4 text-sm font-semibold">Exposed data</h4>
      <ul className="mt-1 flex flex-wrap gap-2" aria-label="Exposed data">
        {breach.dataClasses.map((c) => (
          <li key={c} className="rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-medium text-ink">
            {c}
          </li>
        ))}
      </ul>
      <h4 className="mt-4 text-sm font-semibold">What to do</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {breach.advice.map((a) => (
          <li key={a.text}>
            <span className="font-medium">{a.classes.join(", ")}:</span> {a.text}
          </li>
        ))}
      </ul>
    </article>
  );
}
