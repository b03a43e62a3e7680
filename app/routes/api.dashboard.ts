import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";
import { dashboardMetrics } from "~/modules/dashboard/dashboard.server";

/** The dashboard summary (prefetched by the client): tenant, plans and headline metrics. Open to every plan. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return json({
    tenant: { id: ctx.tenant.id, name: ctx.tenant.displayName },
    plan: ctx.plan,
    effectivePlan: ctx.effectivePlan,
    metrics: dashboardMetrics(ctx.tenant.id),
  });
}

export const action = onlyGet;
