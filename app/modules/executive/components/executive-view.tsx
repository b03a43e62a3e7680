/**
 * The executive dashboard screen, presentational only: the signed-in
 * /executive renders it with the tenant's computed figures and
 * /demo/executive with the simulated data. Risk, posture and compliance for
 * people who read a page in a minute: headline numbers, two charts, and the
 * control status behind each compliance score.
 */
import { CheckCircle2, Circle, Clock } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { BarChart } from "~/components/charts/bar-chart";
import { LineChart } from "~/components/charts/line-chart";
import { formatMoney } from "./money";
import { appRoute } from "~/lib/app-routes";

export type ExecutiveMetrics = {
  /** 0–100, higher means more risk; null while nothing is assessed. */
  overallRiskScore: number | null;
  /** Overall risk score per period, oldest first. */
  riskTrend: { label: string; score: number; date?: string }[];
  criticalFindings: number;
  highSeverityFindings: number;
  /** 0–100; null while no framework is tracked (never a made-up figure). */
  complianceScore: number | null;
  /** 0–100, higher is better; null while nothing is assessed. */
  securityPostureScore: number | null;
  /** Hours from a case's opening to its resolution (MTTR); null before the first resolved case. */
  averageResponseTime: number | null;
  /** Hours from a case's opening to its acknowledgement (MTTA); left out by the demo. */
  averageAcknowledgeTime?: number | null;
  /** Open findings across assessed modules and open alerts (the dashboard's figures); left out by the demo. */
  openFindings?: number;
  activeThreats?: number;
  toolsReplaced: number;
  hoursSavedMonthly: number;
};
export type ComplianceControl = {
  id: string;
  name: string;
  status: "not-started" | "in-progress" | "compliant" | "not-applicable";
  evidence: string;
};
export type ComplianceFramework = { framework: string; score: number; controls: ComplianceControl[] };
export type ExecutiveAnalytics = {
  toolsReplaced: number;
  hoursSavedMonthly: number;
  /** A month, in `currency` (US dollars when none is given); null until a tool cost or the hourly rate is entered. */
  costSavings: number | null;
  securityIncidents: number;
  incidentsResolved: number;
};

export type ExecutiveViewProps = {
  executiveMetrics: ExecutiveMetrics;
  compliance: ComplianceFramework[];
  analytics: ExecutiveAnalytics;
  title?: string;
  subtitle?: ReactNode;
  /** What the controls table lists, when it is not every control (the signed-in page lists the next ones to close). */
  controlsNote?: ReactNode;
  /** ISO 4217 code the cost savings are in (default USD). */
  currency?: string;
  /** Under the value figures: how the savings were computed, and the cost inputs (the signed-in page). */
  valueNote?: ReactNode;
};

function Kpi({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="card p-4">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="mt-2 text-2xl font-semibold tabular-nums text-ink">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-ink-muted">{hint}</dd> : null}
    </div>
  );
}

function riskWord(score: number) {
  if (score >= 60) return "High risk";
  if (score >= 30) return "Medium risk";
  return "Low risk";
}

function ControlStatus({ status }: { status: ComplianceControl["status"] }) {
  if (status === "not-started" || status === "not-applicable")
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-surface-sunken px-2 py-0.5 text-xs font-semibold text-ink-muted">
        <Circle className="h-3.5 w-3.5" aria-hidden="true" />
        {status === "not-started" ? "Not started" : "Not applicable"}
      </span>
    );
  return status === "compliant" ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-ok-light px-2 py-0.5 text-xs font-semibold text-ok">
      <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />
      Compliant
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-warn-light px-2 py-0.5 text-xs font-semibold text-warn">
      <Clock className="h-3.5 w-3.5" aria-hidden="true" />
      In progress
    </span>
  );
}

export function ExecutiveView({
  executiveMetrics: m,
  compliance,
  analytics,
  title = appRoute("/executive").label,
  subtitle,
  controlsNote,
  currency = "USD",
  valueNote,
}: ExecutiveViewProps) {
  // The trend starts on the first day something was assessed: never a "was 0" from before the account existed.
  const first = m.riskTrend.length > 1 ? m.riskTrend[0] : undefined;
  return (
    <div className="space-y-6" data-testid="executive-view">
      <header>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        {subtitle ? <p className="mt-1 text-ink-muted">{subtitle}</p> : null}
      </header>

      <section aria-labelledby="exec-kpis">
        <h2 id="exec-kpis" className="sr-only">
          Headline figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <Kpi
            label="Overall risk score"
            value={m.overallRiskScore ?? "Not assessed"}
            hint={
              m.overallRiskScore === null
                ? "no module has data to judge yet"
                : `${riskWord(m.overallRiskScore)}${first ? `, was ${first.score} on ${first.label}` : ""}`
            }
          />
          <Kpi
            label="Security posture"
            value={m.securityPostureScore === null ? "Not assessed" : `${m.securityPostureScore}/100`}
          />
          <Kpi
            label="Compliance score"
            value={m.complianceScore == null ? "Not tracked" : `${m.complianceScore}%`}
            hint={m.complianceScore == null ? "no framework tracked yet" : "average of frameworks"}
          />
          <Kpi label="Critical findings" value={m.criticalFindings} hint="open, critical severity" />
          <Kpi label="High-severity findings" value={m.highSeverityFindings} hint="open across modules" />
          <Kpi
            label="Average response time"
            value={m.averageResponseTime == null ? "None yet" : `${m.averageResponseTime} h`}
            hint={
              m.averageResponseTime == null
                ? "no incident case resolved yet"
                : `mean time to resolve a case${m.averageAcknowledgeTime != null ? `; to acknowledge: ${m.averageAcknowledgeTime} h` : ""}`
            }
          />
          {m.openFindings !== undefined ? (
            <Kpi label="Open findings" value={m.openFindings} hint="across assessed modules" />
          ) : null}
          {m.activeThreats !== undefined ? (
            <Kpi label="Active threats" value={m.activeThreats} hint="open alerts" />
          ) : null}
        </dl>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <LineChart
          title="Risk trend"
          valueLabel="Overall risk score (0–100, lower is better)"
          lowerIsBetter
          points={m.riskTrend.map((p) => ({ label: p.label, short: p.label.split(" ")[0], value: p.score }))}
        />
        {compliance.length ? (
          <BarChart
            title="Compliance by framework"
            categoryLabel="Framework"
            valueLabel="Compliance score"
            unit="%"
            max={100}
            bars={compliance.map((c) => ({ label: c.framework, value: c.score, tone: "brand" }))}
          />
        ) : (
          <section className="card" aria-labelledby="exec-compliance-empty">
            <h2 id="exec-compliance-empty" className="font-semibold">
              Compliance by framework
            </h2>
            <p className="mt-2 text-sm text-ink-muted">
              No framework is tracked yet, so there is no compliance score to chart.{" "}
              <a href="/compliance-monitoring">Adopt a framework on {appRoute("/compliance-monitoring").label}</a> to
              start one.
            </p>
          </section>
        )}
      </div>

      <section aria-labelledby="exec-value" className="lazy-render [contain-intrinsic-block-size:auto_16rem]">
        <h2 id="exec-value" className="mb-3 text-lg font-semibold">
          Value delivered
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Kpi label="Tools replaced" value={analytics.toolsReplaced} />
          <Kpi label="Hours saved a month" value={analytics.hoursSavedMonthly} />
          <Kpi
            label="Cost savings a month"
            value={analytics.costSavings == null ? "Not estimated" : formatMoney(analytics.costSavings, currency)}
            hint={analytics.costSavings == null ? "needs your tool costs or hourly rate" : undefined}
          />
          <Kpi
            label="Incidents resolved"
            value={`${analytics.incidentsResolved} of ${analytics.securityIncidents}`}
            hint={
              analytics.securityIncidents
                ? `${Math.round((analytics.incidentsResolved / analytics.securityIncidents) * 100)}% resolved`
                : undefined
            }
          />
        </dl>
        {valueNote}
      </section>

      <section
        aria-labelledby="exec-controls"
        className="card lazy-render p-0 [contain-intrinsic-block-size:auto_40rem]"
      >
        <h2 id="exec-controls" className="border-b border-slate-200 px-5 py-3 text-base font-semibold">
          Compliance controls
        </h2>
        {controlsNote && compliance.length ? <p className="px-5 pt-3 text-sm text-ink-muted">{controlsNote}</p> : null}
        {compliance.length === 0 ? (
          <p className="px-5 py-6 text-sm text-ink-muted">
            No frameworks tracked yet. Choose the frameworks that apply to you in{" "}
            {appRoute("/compliance-monitoring").label}.
          </p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
              <thead className="bg-surface-muted text-ink-muted">
                <tr>
                  <th scope="col" className="px-5 py-2 font-semibold">
                    Framework
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Control
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Evidence
                  </th>
                </tr>
              </thead>
              <tbody>
                {compliance.flatMap((f) =>
                  f.controls.map((c, i) => (
                    <tr key={`${f.framework}:${c.id}`} className="border-t border-slate-100 align-top">
                      {i === 0 ? (
                        <th scope="rowgroup" rowSpan={f.controls.length} className="px-5 py-2 font-semibold text-ink">
                          {f.framework}
                          <span className="block text-xs font-normal text-ink-muted">{f.score}% overall</span>
                        </th>
                      ) : null}
                      <td className="px-3 py-2">{c.name}</td>
                      <td className="px-3 py-2">
                        <ControlStatus status={c.status} />
                      </td>
                      <td className="px-3 py-2 text-ink-muted">{c.evidence}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
