/**
 * HTTP handlers of the events module (route files stay one line):
 * POST /api/events (ndjson, JSON, syslog text; 202 { accepted, ids, rejected }),
 * the Splunk HEC endpoint (/services/collector[/event]) answering in HEC's own
 * shape, GET /api/anomalies and PATCH /api/anomalies/:id.
 */
import { z } from "zod";
import {
  badRequest,
  firstIssue,
  forbidden,
  json,
  jsonError,
  methodNotAllowed,
  notFound,
  readJsonBody,
} from "~/lib/http.server";
import { requireTenantContext, type TenantContext } from "~/modules/tenants";
import { limitWrites } from "~/lib/api.server";
import { ANOMALY_TYPES, getAnomaly, listAnomalies, setAnomalyStatus } from "./anomalies.server";
import { formatFor, IngestError, ingestEvents, ingestHec, readIngestBody } from "./ingest.server";
import { hecErrorBody } from "./ingest.server";
import { canEvents, EVENTS_DENIED } from "./permissions";
import { getEvents, type QuotaState } from "./store.server";

/** A token's scope was checked by the tenant context; a person sending with a session needs the role. */
function requireIngest(ctx: TenantContext & { tenant: { role: string } }) {
  if (!ctx.token && !canEvents(ctx.tenant.role as never, "ingest")) throw forbidden(EVENTS_DENIED.ingest);
  if (!ctx.token) limitWrites(ctx.user.id);
}

const MB = 1024 * 1024;

/** The 429 text: the limit the organization reached (events, or bytes stored), and when it resets. */
export function quotaMessage(q: QuotaState): string {
  const what =
    q.used >= q.limit
      ? `${q.limit.toLocaleString("en")} events`
      : `${Math.round(q.bytesLimit / MB).toLocaleString("en")} MB stored`;
  return `The daily event quota (${what}) is reached; it resets at midnight UTC`;
}

function ingestErrorResponse(error: unknown): Response {
  if (error instanceof IngestError) return jsonError(error.status, error.message, error.code);
  throw error;
}

export async function postEventsApi(request: Request) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "logsAnomalies", api: true });
  requireIngest(ctx);
  const format = formatFor(request.headers.get("Content-Type"));
  if (!format)
    return jsonError(
      415,
      "Content-Type must be application/x-ndjson, application/json or text/plain (syslog)",
      "UNSUPPORTED_MEDIA_TYPE",
    );
  try {
    const body = await readIngestBody(request);
    if (!body.trim()) return badRequest("The request body holds no events");
    const result = await ingestEvents(ctx.tenant.id, format, body, { plan: ctx.effectivePlan });
    if (!result.ok)
      return jsonError(429, quotaMessage(result.quota), "RATE_LIMITED", {
        "Retry-After": String(result.quota.retryAfterSeconds),
      });
    return json({ accepted: result.accepted, ids: result.ids, rejected: result.rejected }, { status: 202 });
  } catch (error) {
    return ingestErrorResponse(error);
  }
}

function hec(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/** The HEC answers for authentication failures (Splunk's codes 2, 3, 4 and 1). */
async function hecContext(request: Request) {
  if (!request.headers.get("Authorization")) return hec(401, { text: "Token is required", code: 2 });
  try {
    const ctx = await requireTenantContext(request, { feature: "logsAnomalies", api: true });
    if (!ctx.token) return hec(401, { text: "Invalid authorization", code: 3 });
    return ctx;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    if (thrown.status === 401) return hec(403, { text: "Invalid token", code: 4 });
    if (thrown.status === 429)
      return hec(
        429,
        { text: "Server is busy", code: 9 },
        { "Retry-After": thrown.headers.get("Retry-After") ?? "60" },
      );
    return hec(403, { text: "Token disabled", code: 1 });
  }
}

export async function hecApi(request: Request) {
  if (request.method !== "POST") return hec(405, { text: "Method not allowed", code: 6 });
  const ctx = await hecContext(request);
  if (ctx instanceof Response) return ctx;
  let body: string;
  try {
    body = await readIngestBody(request);
  } catch (error) {
    if (error instanceof IngestError) return hec(error.status, { text: error.message, code: 6 });
    throw error;
  }
  const answer = await ingestHec(ctx.tenant.id, body, { plan: ctx.effectivePlan });
  return hec(
    answer.status,
    answer.body,
    answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {},
  );
}

/** GET /services/collector/health: what Vector's health check asks. */
export function hecHealth() {
  return hec(200, { text: "HEC is healthy", code: 17 });
}

export { hecErrorBody };

const ListSchema = z.object({
  status: z.enum(["open", "acknowledged", "benign"], { error: "status is open, acknowledged or benign" }).optional(),
  type: z.enum(ANOMALY_TYPES, { error: `type is one of ${ANOMALY_TYPES.join(", ")}` }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(500).optional(),
});

export async function listAnomaliesApi(request: Request) {
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

export async function getAnomalyApi(request: Request, id: string) {
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

const PatchSchema = z.object({
  status: z.enum(["open", "acknowledged", "benign"], { error: "status is open, acknowledged or benign" }),
});

export async function patchAnomalyApi(request: Request, id: string) {
  if (request.method !== "PATCH" && request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "logsAnomalies", api: true });
  if (!canEvents(ctx.tenant.role, "triage")) throw forbidden(EVENTS_DENIED.triage);
  limitWrites(ctx.user.id);
  const parsed = PatchSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const updated = setAnomalyStatus(ctx.tenant.id, id, parsed.data.status);
  return updated ? json(updated) : notFound();
}
