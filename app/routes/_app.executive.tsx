import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MetricCard } from "~/components/metric-card";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { loadAppRoute } from "~/lib/app-route.server";
import { executiveMetrics } from "~/modules/executive/executive.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Executive Dashboard · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/executive");
  if (access.teaser) return { teaser: true as const };
  return { teaser: false as const, metrics: executiveMetrics(access.ctx.tenant.id) };
}

export default function Executive() {
  const data = useLoaderData<typeof loader>();
  if (data.teaser) return <TeaserPage path="/executive" />;
  const m = data.metrics;
  return (
    <ModulePage path="/executive">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <MetricCard label="Overall risk score" value={`${m.overallRiskScore}/100`} hint="Higher is riskier" testId="exec-risk" />
        <MetricCard label="Security posture" value={`${m.securityPostureScore}/100`} />
        <MetricCard label="Critical findings" value={m.criticalFindings} />
        <MetricCard label="High-severity findings" value={m.highSeverityFindings} />
        <MetricCard label="Compliance score" value={m.complianceScore ?? "Not tracked yet"} />
        <MetricCard label="Average response time" value={m.averageResponseTime == null ? "No resolved alerts yet" : `${m.averageResponseTime} h`} />
      </div>
      <section className="card mt-6" aria-labelledby="trend-title">
        <h2 id="trend-title" className="font-semibold">Overall risk score, last 14 days</h2>
        <table className="mt-2 w-full text-left text-sm">
          <thead className="text-xs uppercase text-ink-muted"><tr><th className="py-1">Day</th><th className="py-1">Risk score</th></tr></thead>
          <tbody>{m.riskTrend.map((p) => <tr key={p.date}><td className="py-0.5">{p.date}</td><td className="py-0.5 tabular-nums">{p.score}</td></tr>)}</tbody>
        </table>
      </section>
    </ModulePage>
  );
}
