import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";
import { dashboardData } from "~/modules/dashboard/dashboard.server";

/** Metrics, findings by severity, the 14-day risk trend and recent alerts. Open to every plan; tenant-scoped (X-Tenant-Id honoured). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return json(dashboardData(ctx.tenant.id));
}

export const action = onlyGet;
