import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState, ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { loadAppRoute } from "~/modules/tenants";
import { listAuditForTenant } from "~/modules/audit/audit.server";
import { can } from "~/modules/permissions";
import { BarChart } from "~/components/charts/bar-chart";
import { LineChart } from "~/components/charts/line-chart";
import { detectionOverview } from "~/modules/detection/library.server";
import { computePosture, postureSummary } from "~/modules/posture";
import { PostureSummary } from "~/modules/posture/components/posture-summary";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Security Monitoring · Rampart" }];

/** The tenant's security events (sign-ins, membership and plan changes) as one timeline, from the audit log. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/security");
  if (access.teaser) return { teaser: true as const };
  const detections = detectionOverview(access.ctx.tenant.id);
  // The same posture figures as the dashboard and /executive (one model, issue 31).
  const posture = postureSummary(computePosture(access.ctx.tenant.id));
  // The audit trail names colleagues and their network addresses: owners and admins only (app/modules/permissions.ts).
  if (!can(access.ctx.tenant.role, "auditTrail", "read"))
    return { teaser: false as const, events: [], auditHidden: true, detections, posture };
  const events = listAuditForTenant(access.ctx.tenant.id, 100).map((e) => ({
    id: e.id,
    action: e.action,
    who: e.userEmail ?? "operator",
    ip: e.ip,
    at: new Date(e.createdAt).toISOString(),
  }));
  return { teaser: false as const, events, auditHidden: false, detections, posture };
}

export default function Security() {
  const data = useLoaderData<typeof loader>();
  const intl = useFormat();
  if (data.teaser) return <TeaserPage path="/security" />;
  return (
    <ModulePage path="/security">
      <div className="mb-8">
        <PostureSummary data={data.posture} />
      </div>
      <section aria-labelledby="detections-h" className="mb-8 space-y-4">
        <h2 id="detections-h" className="text-lg font-semibold">
          Detections in the last 24 hours: {data.detections.total}
        </h2>
        {data.detections.total === 0 ? (
          <EmptyState title="No detections in the last 24 hours">
            Detection rules (SIEM/SOAR) match the events your organization sends; their matches appear here by host and
            by ATT&amp;CK technique.
          </EmptyState>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <LineChart
              title="Detections per hour"
              heading="h3"
              valueLabel="Detections"
              yMax={Math.max(1, ...data.detections.hourly.map((h) => h.count))}
              points={data.detections.hourly.map((h) => ({
                label: `${h.hour.slice(0, 13).replace("T", " ")}:00 UTC`,
                short: h.hour.slice(11, 13),
                value: h.count,
              }))}
            />
            <BarChart
              title="By host"
              heading="h3"
              categoryLabel="Host"
              valueLabel="Detections"
              bars={data.detections.byHost.map((b) => ({ ...b, tone: "brand" as const }))}
            />
            <BarChart
              title="By ATT&CK technique"
              heading="h3"
              categoryLabel="Technique"
              valueLabel="Detections"
              bars={data.detections.byTechnique.map((b) => ({ ...b, tone: "brand" as const }))}
            />
          </div>
        )}
      </section>
      <h2 className="mb-2 text-lg font-semibold">Security events</h2>
      {data.auditHidden ? (
        <EmptyState>
          Only owners and admins of this organization can read its security events (who did what, from which address).
          Ask an owner if you need them.
        </EmptyState>
      ) : data.events.length === 0 ? (
        <EmptyState>No security events recorded for this organization yet.</EmptyState>
      ) : (
        <div className="relative card overflow-x-auto p-0">
          <table className="stack-table w-full text-left text-sm">
            <caption className="sr-only">Security events, newest first</caption>
            <thead className="bg-surface-muted text-xs uppercase text-ink-muted">
              <tr>
                <th className="p-3">When</th>
                <th className="p-3">Event</th>
                <th className="p-3">Who</th>
                <th className="p-3">From</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.events.map((e) => (
                <tr key={e.id}>
                  <td className="p-3 whitespace-nowrap">
                    <time dateTime={e.at}>{intl.formatDateTime(e.at, { seconds: true })}</time>
                  </td>
                  <td className="p-3 font-mono text-xs">{e.action}</td>
                  <td className="p-3" data-label="Who">
                    {e.who}
                  </td>
                  <td className="p-3" data-label="From">
                    {e.ip ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ModulePage>
  );
}
