import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";
import { usageWarnings } from "~/modules/dashboard/insights.server";

/** Usage warnings: organization limit, trial ending. Open to every plan; tenant-scoped (X-Tenant-Id honoured). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return json({ warnings: usageWarnings(ctx.tenant.id, ctx.allowance) });
}

export const action = onlyGet;
