/** GET /api/dark-web/exposures: the tenant's exposures (newest first), each with its data classes and advice. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { json } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { listExposures } from "~/modules/breach/watchlist.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "darkWebMonitoring" });
  return json({ exposures: listExposures(ctx.tenant.id) }, { headers: { "Cache-Control": "no-store" } });
}

export const action = onlyGet;
