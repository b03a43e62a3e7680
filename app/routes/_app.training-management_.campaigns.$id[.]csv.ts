/** /training-management/campaigns/:id.csv: one simulation's results per person (training.manage). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound, PRIVATE_NO_STORE } from "~/lib/http.server";
import { requireAppRoute, requirePermission } from "~/modules/tenants";
import { campaignCsv } from "~/modules/training/index.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireAppRoute(request, "/training-management");
  requirePermission(request, ctx, ["training", "manage"]);
  const csv = campaignCsv(ctx.tenant.id, params.id ?? "");
  if (csv === null) throw notFound();
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="campaign-results.csv"',
      "Cache-Control": PRIVATE_NO_STORE,
    },
  });
}
