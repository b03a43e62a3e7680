/**
 * GET /api/network/scans/:id/changes?since=:earlierId — what changed between two of the tenant's scans, as
 * Nmap's ndiff shows it: `{ opened: [{ host, port, service }], closed: [{ host, port, service }],
 * changed: [{ host, port, from: { product, version }, to: { product, version } }] }` (pinned by issue 36).
 * Without `since`, the scan stored before :id (everything opened when there is none). Another tenant's scan and
 * an unknown id are both 404 NOT_FOUND.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { domainErrorResponse, json, notFound } from "~/lib/http.server";
import { scanChanges } from "~/modules/network";
import { requireTenantContext } from "~/modules/tenants";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "teamMonitoring" });
  const id = params.id ?? "";
  const since = new URL(request.url).searchParams.get("since");
  if (id.length > 64 || (since && since.length > 64)) return notFound();
  try {
    const { changes } = scanChanges(ctx.tenant.id, id, since || null);
    return json(changes, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const action = onlyGet;
