import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState, ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { loadAppRoute } from "~/modules/tenants";
import { listAuditForTenant } from "~/modules/audit/audit.server";
import { can } from "~/lib/permissions";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Security Monitoring · Rampart" }];

/** The tenant's security events (sign-ins, membership and plan changes) as one timeline, from the audit log. */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/security");
  if (access.teaser) return { teaser: true as const };
  // The audit trail names colleagues and their network addresses: owners and admins only (app/lib/permissions.ts).
  if (!can(access.ctx.tenant.role, "readAudit")) return { teaser: false as const, events: [], auditHidden: true };
  const events = listAuditForTenant(access.ctx.tenant.id, 100).map((e) => ({
    id: e.id,
    action: e.action,
    who: e.userEmail ?? "operator",
    ip: e.ip,
    at: new Date(e.createdAt).toISOString(),
  }));
  return { teaser: false as const, events, auditHidden: false };
}

export default function Security() {
  const data = useLoaderData<typeof loader>();
  if (data.teaser) return <TeaserPage path="/security" />;
  return (
    <ModulePage path="/security">
      {data.auditHidden ? (
        <EmptyState>
          Only owners and admins of this organization can read its security events (who did what, from which address).
          Ask an owner if you need them.
        </EmptyState>
      ) : data.events.length === 0 ? (
        <EmptyState>No security events recorded for this organization yet.</EmptyState>
      ) : (
        <div className="relative card overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
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
                    <time dateTime={e.at}>{e.at.replace("T", " ").slice(0, 19)}</time>
                  </td>
                  <td className="p-3 font-mono text-xs">{e.action}</td>
                  <td className="p-3">{e.who}</td>
                  <td className="p-3">{e.ip ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ModulePage>
  );
}
