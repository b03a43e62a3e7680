import { readForm } from "~/lib/http.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { EmptyState, ModulePage } from "~/components/module-page";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { limitWrites } from "~/lib/api.server";
import { loadAppRoute, requireAppRoute } from "~/lib/app-route.server";
import { listAlerts, setAlertStatus } from "~/modules/alerts/alerts.server";
import { can } from "~/lib/permissions";
import { AlertCaseCheckbox, canOpenCaseFromAlerts, OpenCaseFromAlerts } from "~/modules/incidents";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Security Alerts · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/alerts");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  return {
    // Acknowledge/resolve are state changes (app/lib/permissions.ts); the action checks again.
    canTriage: can(access.ctx.tenant.role, "triage"),
    // Incident response (business plan): select alerts and open a case from them.
    canOpenCase: canOpenCaseFromAlerts(access.ctx),
    alerts: listAlerts(access.ctx.tenant.id).map((a) => ({
      id: a.id,
      title: a.title,
      detail: a.detail,
      severity: a.severity,
      status: a.status,
      source: a.source,
      createdAt: new Date(a.createdAt).toISOString(),
    })),
  };
}

const Schema = z.object({
  alertId: z.string().min(1).max(100),
  status: z.enum(["active", "acknowledged", "resolved"]),
});

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/alerts", { permission: "triage" });
  limitWrites(ctx.user.id);
  const parsed = Schema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "Choose an alert and a status" }, { status: 400 });
  if (!setAlertStatus(ctx.tenant.id, parsed.data.alertId, parsed.data.status))
    throw new Response("Not Found", { status: 404 });
  return { error: null };
}

export default function Alerts() {
  const { alerts, canTriage, canOpenCase } = useLoaderData<typeof loader>();
  return (
    <ModulePage path="/alerts">
      {alerts.length === 0 ? (
        <EmptyState>
          No alerts yet. Alerts appear when a module finds something, for example a watched address in a newly imported
          breach.
        </EmptyState>
      ) : (
        <div className="relative card overflow-x-auto p-0">
          {canOpenCase ? (
            <div className="border-b border-slate-100 p-3">
              <OpenCaseFromAlerts />
            </div>
          ) : null}
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-xs uppercase text-ink-muted">
              <tr>
                {canOpenCase ? (
                  <th className="p-3">
                    <span className="sr-only">Select</span>
                  </th>
                ) : null}
                <th className="p-3">Severity</th>
                <th className="p-3">Alert</th>
                <th className="p-3">Status</th>
                <th className="p-3">Raised</th>
                <th className="p-3">Action</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {alerts.map((a) => (
                <tr key={a.id}>
                  {canOpenCase ? (
                    <td className="p-3">
                      {a.status !== "resolved" ? <AlertCaseCheckbox id={a.id} title={a.title} /> : null}
                    </td>
                  ) : null}
                  <td className="p-3">
                    <SeverityBadge level={a.severity} />
                  </td>
                  <td className="p-3">
                    <p className="font-medium">{a.title}</p>
                    {a.detail ? <p className="text-xs text-ink-muted">{a.detail}</p> : null}
                  </td>
                  <td className="p-3">
                    <StatusBadge tone={a.status === "resolved" ? "ok" : a.status === "active" ? "danger" : "warn"}>
                      {a.status}
                    </StatusBadge>
                  </td>
                  <td className="p-3">
                    <time dateTime={a.createdAt}>{a.createdAt.slice(0, 10)}</time>
                  </td>
                  <td className="p-3">
                    <div className="flex gap-2">
                      {!canTriage ? (
                        <span className="text-xs text-ink-muted">Owners and admins change alerts</span>
                      ) : null}
                      {canTriage && a.status === "active" ? (
                        <Form method="post">
                          <input type="hidden" name="alertId" value={a.id} />
                          <input type="hidden" name="status" value="acknowledged" />
                          <button className="btn-secondary py-1" type="submit">
                            Acknowledge
                          </button>
                        </Form>
                      ) : null}
                      {canTriage && a.status !== "resolved" ? (
                        <Form method="post">
                          <input type="hidden" name="alertId" value={a.id} />
                          <input type="hidden" name="status" value="resolved" />
                          <button className="btn-secondary py-1" type="submit">
                            Resolve
                          </button>
                        </Form>
                      ) : null}
                    </div>
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
