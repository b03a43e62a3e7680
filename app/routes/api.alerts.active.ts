import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";
import { listActiveAlerts } from "~/modules/alerts/alerts.server";
import { alertSourceLink } from "~/modules/alerts/source-link";

/** Active and acknowledged alerts, newest first. Open to every plan; tenant-scoped (X-Tenant-Id honoured). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return json({
    alerts: listActiveAlerts(ctx.tenant.id).map(({ dedupeKey, ...a }) => ({
      ...a,
      createdAt: new Date(a.createdAt).toISOString(),
      // The page that shows the alert's source object, or null (issue 32).
      link: alertSourceLink({ dedupeKey }),
    })),
  });
}

export const action = onlyGet;
