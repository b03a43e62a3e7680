/**
 * The posture's headline figures as /security and /executive show them: the
 * same numbers as the dashboard, from the same model, with "Not assessed"
 * instead of a score while no module has data to judge.
 */
import { Link } from "@remix-run/react";

export type PostureSummaryData = {
  score: number | null;
  pointsAchieved: number;
  pointsAchievable: number;
  openFindings: number;
  activeThreats: number;
  incidents: number;
  incidentsResolved: number;
  notAssessed: string[];
};

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string | number;
  hint?: string;
  testId: string;
}) {
  return (
    <div className="card p-4">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="mt-2 text-2xl font-semibold tabular-nums text-ink" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-ink-muted">{hint}</dd> : null}
    </div>
  );
}

export function PostureSummary({ data, heading = "Security posture" }: { data: PostureSummaryData; heading?: string }) {
  return (
    <section aria-labelledby="posture-summary-h" className="space-y-2" data-testid="posture-summary">
      <h2 id="posture-summary-h" className="text-lg font-semibold">
        {heading}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          label="Security score"
          testId="posture-score"
          value={data.score === null ? "Not assessed" : data.score}
          hint={
            data.score === null
              ? "no module has data to judge yet"
              : `${data.pointsAchieved} of ${data.pointsAchievable} points`
          }
        />
        <Figure
          label="Open findings"
          testId="posture-open-findings"
          value={data.openFindings}
          hint="assessed modules"
        />
        <Figure label="Active threats" testId="posture-active-threats" value={data.activeThreats} hint="open alerts" />
        <Figure
          label="Incidents resolved"
          testId="posture-incidents"
          value={`${data.incidentsResolved} of ${data.incidents}`}
          hint="incident cases"
        />
      </dl>
      {data.notAssessed.length ? (
        <p className="text-sm text-ink-muted">
          Not assessed: {data.notAssessed.join(", ")}. <Link to="/dashboard">What the score covers</Link>
        </p>
      ) : null}
    </section>
  );
}
