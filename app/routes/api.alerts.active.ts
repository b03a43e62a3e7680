import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";
import { listActiveAlerts } from "~/modules/alerts/alerts.server";

/** Active and acknowledged alerts, newest first. Open to every plan; tenant-scoped (X-Tenant-Id honoured). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return json({
    alerts: listActiveAlerts(ctx.tenant.id).map((a) => ({ ...a, createdAt: new Date(a.createdAt).toISOString() })),
  });
}

export const action = onlyGet;
