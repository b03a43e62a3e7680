/** GET /api/anomalies?status=&type=&limit= — the tenant's anomalies, newest first (spec entity plus explanation and events). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { z } from "zod";
import { badRequest, firstIssue, json } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { ANOMALY_TYPES, listAnomalies } from "~/modules/events/anomalies.server";

const ListSchema = z.object({
  status: z.enum(["open", "acknowledged", "benign"], { error: "status is open, acknowledged or benign" }).optional(),
  type: z.enum(ANOMALY_TYPES, { error: `type is one of ${ANOMALY_TYPES.join(", ")}` }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(500).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "logsAnomalies", api: true });
  const url = new URL(request.url);
  const parsed = ListSchema.safeParse({
    status: url.searchParams.get("status") || undefined,
    type: url.searchParams.get("type") || undefined,
    limit: url.searchParams.get("limit") || undefined,
  });
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  return json(
    listAnomalies(ctx.tenant.id, { status: parsed.data.status, type: parsed.data.type, limit: parsed.data.limit }),
  );
}

export const action = onlyGet;
