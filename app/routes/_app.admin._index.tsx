import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireTenantContext } from "~/modules/tenants";
import { auditDetailForDisplay, listAuditForTenant } from "~/modules/audit";
import { listMembers } from "~/modules/tenants/members.server";
import { configuredOrigin } from "~/lib/public-origin.server";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Admin · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  return {
    members: listMembers(ctx.tenant.id).length,
    // Without it no reset, verification or invitation link is mailed (lib/public-origin.server.ts).
    publicUrlMissing: configuredOrigin() === null,
    audit: listAuditForTenant(ctx.tenant.id, 200).map((e) => ({
      id: e.id,
      action: e.action,
      who: e.userEmail ?? "operator",
      ip: e.ip,
      // Internal ids mean nothing to a customer (issue 32): the stored entry keeps them.
      detail: auditDetailForDisplay(e.detail),
      at: new Date(e.createdAt).toISOString(),
    })),
  };
}

export default function AdminOverview() {
  const d = useLoaderData<typeof loader>();
  const intl = useFormat();
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Admin dashboard</h1>
      <p className="mt-1 text-sm text-ink-muted">
        {d.members} member{d.members === 1 ? "" : "s"} in this organization.
      </p>
      {d.publicUrlMissing ? (
        <p role="alert" className="card mt-4 text-sm" data-testid="public-url-missing">
          <strong>Links cannot be mailed from this server.</strong> Its public address is not configured, so password
          reset, e-mail verification and invitation mails are not sent (a link must never take its address from a
          request). Ask the person who runs this server to set its public address.
        </p>
      ) : null}
      <section className="mt-6" aria-labelledby="audit-title">
        <h2 id="audit-title" className="text-lg font-semibold">
          Audit trail
        </h2>
        <p className="text-sm text-ink-muted">Who did what security-relevant thing, when, and from which address.</p>
        <div className="relative card mt-3 overflow-x-auto p-0">
          <table className="stack-table w-full text-left text-sm" data-testid="audit-trail">
            <thead className="bg-surface-muted text-xs uppercase text-ink-muted">
              <tr>
                <th className="p-3">When</th>
                <th className="p-3">Who</th>
                <th className="p-3">What</th>
                <th className="p-3">Address</th>
                <th className="p-3">Detail</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.audit.map((e) => (
                <tr key={e.id}>
                  <td className="p-3 whitespace-nowrap">
                    <time dateTime={e.at}>{intl.formatDateTime(e.at, { seconds: true })}</time>
                  </td>
                  <td className="p-3" data-label="Who">
                    {e.who}
                  </td>
                  <td className="p-3 font-mono text-xs">{e.action}</td>
                  <td className="p-3" data-label="Address">
                    {e.ip ?? "—"}
                  </td>
                  <td className="p-3 font-mono text-xs text-ink-muted">{e.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}
