import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireTenantContext } from "~/modules/tenants";
import { displayTenantName, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { tenantEffectivePlan } from "~/modules/tenants/tenants.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Multi-account management · Rampart" }];

/** Every organization the user belongs to, with its plan and the user's role: enterprise only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, {
    feature: "multiAccountManagement",
    permission: ["adminArea", "open"],
  });
  return {
    accounts: ctx.tenants.map((t) => ({
      id: t.tenantId,
      name: displayTenantName(t.tenant.name),
      plan: PLAN_DISPLAY_NAME[t.tenant.plan],
      effectivePlan: PLAN_DISPLAY_NAME[tenantEffectivePlan(t.tenantId, t.tenant.plan)],
      role: t.role,
    })),
  };
}

export default function MultiAccount() {
  const { accounts } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <h1 className="text-2xl font-bold">Multi-account management</h1>
      <div className="relative card mt-4 overflow-x-auto p-0">
        <table className="stack-table w-full text-left text-sm">
          <thead className="bg-surface-muted text-xs uppercase text-ink-muted">
            <tr>
              <th className="p-3">Organization</th>
              <th className="p-3">Plan</th>
              <th className="p-3">Effective plan</th>
              <th className="p-3">Your role</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {accounts.map((a) => (
              <tr key={a.id}>
                <td className="p-3">{a.name}</td>
                <td className="p-3" data-label="Plan">
                  {a.plan}
                </td>
                <td className="p-3" data-label="Effective plan">
                  {a.effectivePlan}
                </td>
                <td className="p-3" data-label="Your role">
                  {a.role}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
