/**
 * The dashboard screen, presentational only: the signed-in /dashboard renders
 * it with the tenant's computed figures and /demo/dashboard with the
 * simulated data, so a demo visitor sees exactly what a customer sees.
 * Everything it shows comes in through props; it loads nothing itself.
 */
import { appRoute } from "~/lib/app-routes";
import { Link } from "@remix-run/react";
import { Activity, Bug, CheckCircle2, Globe, Mail, ShieldCheck } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { BarChart, type BarTone } from "~/components/charts/bar-chart";
import { LineChart } from "~/components/charts/line-chart";
import { SeverityBadge } from "~/components/ui/severity-badge";
import { useFormat } from "~/lib/format-context";

export type DashboardMetrics = {
  /** 0–100, higher is better; null while no module has anything to judge ("Not assessed"). */
  securityScore: number | null;
  activeThreats: number;
  resolvedIssues: number;
  darkWebHits: number;
  phishingDetected: number;
  anomaliesCount: number;
};
export type MetricKey = keyof DashboardMetrics;
export type SeverityLevel = "low" | "medium" | "high" | "critical";
/** One point of the risk trend: the overall risk score (0–100, lower is better) for a period. */
export type RiskTrendPoint = { label: string; score: number; date?: string };
export type SeverityCount = { severity: SeverityLevel; count: number };
export type DashboardAlert = {
  id: string;
  title: string;
  source: string;
  severity: SeverityLevel;
  createdAt: string | number;
  /** Repeats of the same cause counted on the alert (a detection's further matches within its window). */
  occurrences?: number;
};

export type DashboardViewProps = {
  metrics: DashboardMetrics;
  riskTrend?: RiskTrendPoint[];
  findingsBySeverity?: SeverityCount[];
  recentAlerts?: DashboardAlert[];
  /** Where each metric card leads (the module page); cards without a link are plain. */
  links?: Partial<Record<MetricKey, string>>;
  /** Where "View all alerts" leads. */
  alertsHref?: string;
  title?: string;
  /** A line under the title, e.g. the tenant's name or "Simulated organization". */
  subtitle?: ReactNode;
  /**
   * Each module's coverage from the posture model: the score covers the assessed ones, and the others are
   * listed as not assessed. Left out (the demo): the score is shown as it is.
   */
  coverage?: { label: string; href: string | null; assessed: boolean; statement: string }[];
  /** The points behind the score (Secure-Score-style: achieved over achievable). */
  points?: { achieved: number; achievable: number };
};

const CARDS: { key: MetricKey; label: string; Icon: typeof Activity; hint: string }[] = [
  { key: "securityScore", label: "Security score", Icon: ShieldCheck, hint: "out of 100" },
  { key: "activeThreats", label: "Active threats", Icon: Activity, hint: "open and needing action" },
  { key: "resolvedIssues", label: "Resolved issues", Icon: CheckCircle2, hint: "closed this period" },
  { key: "darkWebHits", label: "Dark web hits", Icon: Globe, hint: "breach appearances" },
  { key: "phishingDetected", label: "Phishing detected", Icon: Mail, hint: "medium or high risk" },
  { key: "anomaliesCount", label: "Anomalies", Icon: Bug, hint: "unusual activity" },
];

const SEVERITY_WORD: Record<SeverityLevel, string> = {
  critical: "Critical",
  high: "High",
  medium: "Medium",
  low: "Low",
};
const TONE: Record<SeverityLevel, BarTone> = { critical: "high", high: "high", medium: "medium", low: "low" };

function scoreVerdict(score: number) {
  if (score >= 80) return "Good";
  if (score >= 60) return "Fair";
  return "Needs attention";
}

function MetricCard({
  label,
  value,
  hint,
  Icon,
  href,
}: {
  label: string;
  value: ReactNode;
  hint: string;
  Icon: typeof Activity;
  href?: string;
}) {
  const body = (
    <>
      <dt className="flex items-center gap-2 text-sm font-medium text-ink-muted">
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-2 text-3xl font-semibold tabular-nums text-ink">{value}</dd>
      <dd className="mt-1 text-xs text-ink-muted">{hint}</dd>
    </>
  );
  return (
    <div className="card relative p-4">
      {href ? (
        <Link
          to={href}
          className="absolute inset-0 rounded-card"
          aria-label={`${label}: open the module`}
          prefetch="intent"
        />
      ) : null}
      <dl>{body}</dl>
    </div>
  );
}

export function DashboardView({
  metrics,
  riskTrend,
  findingsBySeverity,
  recentAlerts,
  links = {},
  alertsHref,
  title = appRoute("/dashboard").label,
  subtitle,
  coverage,
  points,
}: DashboardViewProps) {
  const intl = useFormat();
  const noScore = metrics.securityScore === null;
  const covers = coverage?.filter((c) => c.assessed).map((c) => c.label);
  const scoreHint =
    metrics.securityScore === null
      ? "No module has data to judge yet: take one of the first steps below"
      : `${scoreVerdict(metrics.securityScore)}, out of 100${points ? ` (${points.achieved} of ${points.achievable} points)` : ""}${covers ? `; covers ${covers.join(", ")}` : ""}`;
  return (
    <div className="space-y-6" data-testid="dashboard-view">
      <header>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {subtitle ? <p className="mt-1 text-ink-muted">{subtitle}</p> : null}
      </header>

      <section aria-labelledby="dashboard-metrics">
        <h2 id="dashboard-metrics" className="sr-only">
          Key figures
        </h2>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {CARDS.map((c) => (
            <MetricCard
              key={c.key}
              label={c.label}
              Icon={c.Icon}
              href={links[c.key]}
              hint={c.key === "securityScore" ? scoreHint : c.hint}
              value={
                c.key === "securityScore" && noScore ? (
                  <span className="text-lg" data-testid="score-not-assessed">
                    Not assessed
                  </span>
                ) : (
                  <span data-testid={c.key === "securityScore" ? "security-score" : undefined}>{metrics[c.key]}</span>
                )
              }
            />
          ))}
        </div>
      </section>

      {coverage ? (
        <section aria-labelledby="dashboard-coverage" className="card" data-testid="coverage">
          <h2 id="dashboard-coverage" className="text-base font-semibold">
            What the score covers
          </h2>
          <ul className="mt-2 grid gap-x-6 gap-y-1 text-sm md:grid-cols-2">
            {coverage.map((c) => (
              <li key={c.label} data-assessed={c.assessed ? "yes" : "no"}>
                {c.href ? (
                  <Link to={c.href} className="font-medium">
                    {c.label}
                  </Link>
                ) : (
                  <span className="font-medium">{c.label}</span>
                )}
                <span className="text-ink-muted">: {c.statement}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {!noScore && (riskTrend?.length || findingsBySeverity?.length) ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {riskTrend?.length ? (
            <LineChart
              title="Risk trend"
              valueLabel="Overall risk score (0–100, lower is better)"
              lowerIsBetter
              points={riskTrend.map((p) => ({ label: p.label, short: p.label.split(" ")[0], value: p.score }))}
            />
          ) : null}
          {findingsBySeverity?.length ? (
            <BarChart
              title="Open findings by severity"
              categoryLabel="Severity"
              valueLabel="Open findings"
              summary={`${findingsBySeverity.reduce((s, f) => s + f.count, 0)} open findings across modules.`}
              bars={findingsBySeverity.map((f) => ({
                label: SEVERITY_WORD[f.severity],
                value: f.count,
                tone: TONE[f.severity],
              }))}
            />
          ) : null}
        </div>
      ) : null}

      {recentAlerts ? (
        <section
          className="card lazy-render p-0 [contain-intrinsic-block-size:auto_28rem]"
          aria-labelledby="dashboard-alerts"
        >
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3">
            <h2 id="dashboard-alerts" className="text-base font-semibold">
              Recent alerts
            </h2>
            {alertsHref ? (
              <Link to={alertsHref} className="text-sm font-medium underline">
                View all alerts
              </Link>
            ) : null}
          </div>
          {recentAlerts.length === 0 ? (
            <p className="px-5 py-6 text-sm text-ink-muted">
              No alerts. New findings from every module appear here: watch your addresses on Dark Web Monitoring or
              analyse a message on the Phishing Analyzer to start.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {recentAlerts.map((a) => (
                <li key={a.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-5 py-3">
                  <span className="w-24 shrink-0">
                    <SeverityBadge level={a.severity} />
                  </span>
                  <div className="min-w-0 flex-1 basis-48">
                    <p className="break-words text-sm font-medium text-ink">{a.title}</p>
                    <p className="text-xs text-ink-muted">
                      {a.source} ·{" "}
                      <time dateTime={new Date(a.createdAt).toISOString()}>{intl.formatDate(a.createdAt)}</time>
                      {a.occurrences && a.occurrences > 1 ? ` · seen ${a.occurrences} times` : null}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
