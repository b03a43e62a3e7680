/** GET /api/anomalies/:id — one anomaly with its events. PATCH `{ status: "acknowledged" | "benign" | "open" }`. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound, readJsonBody } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { limitWrites } from "~/lib/api.server";
import { getAnomaly, setAnomalyStatus } from "~/modules/events/anomalies.server";
import { can } from "~/modules/permissions";
import { EVENTS_DENIED } from "~/modules/events/permissions";
import { getEvents } from "~/modules/events/store.server";

const PatchSchema = z.object({
  status: z.enum(["open", "acknowledged", "benign"], { error: "status is open, acknowledged or benign" }),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const ctx = await requireTenantContext(request, { feature: "logsAnomalies", api: true });
  const anomaly = getAnomaly(ctx.tenant.id, id);
  if (!anomaly) return notFound();
  const events = getEvents(ctx.tenant.id, anomaly.eventIds).map((e) => ({
    id: e.id,
    time: new Date(e.time).toISOString(),
    host: e.host,
    source: e.source,
    message: e.message,
    fields: e.fields,
  }));
  return json({ ...anomaly, events });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method !== "PATCH" && request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "logsAnomalies", api: true });
  if (!can(ctx.tenant.role, "anomaly", "triage")) throw forbidden(EVENTS_DENIED.triage);
  limitWrites(ctx.user.id);
  const parsed = PatchSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const updated = setAnomalyStatus(ctx.tenant.id, id, parsed.data.status);
  return updated ? json(updated) : notFound();
}
