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
import { tokenFromHeader } from "~/modules/api-tokens";
import {
  formatFor,
  IngestError,
  ingestEvents,
  ingestHec,
  ingestHecRaw,
  readIngestBody,
  type HecAnswer,
} from "./ingest.server";
import { hecErrorBody } from "./ingest.server";
import { can } from "~/modules/permissions";
import { EVENTS_DENIED } from "./permissions";
import { getEvents, type QuotaState } from "./store.server";

/** A token's scope was checked by the tenant context; a person sending with a session needs the role. */
function requireIngest(ctx: TenantContext & { tenant: { role: string } }) {
  if (!ctx.token && !can(ctx.tenant.role, "event", "send")) throw forbidden(EVENTS_DENIED.ingest);
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

/** Every path under /services/collector speaks HEC's `{ text, code }`, including refusals before the handler. */
export function isHecPath(pathname: string): boolean {
  return pathname === "/services/collector" || pathname.startsWith("/services/collector/");
}

/** Splunk's answer to a request its HEC does not serve (an unknown path under /services/collector). */
export const hecNotFound = () => hec(404, { text: "The requested URL was not found on this server.", code: 404 });
export const hecMethodNotAllowed = (allow: string) =>
  hec(405, { text: "Method not allowed", code: 6 }, { Allow: allow });

/**
 * The HEC answers for authentication failures, as Splunk words them: no Authorization header 401 code 2, one that
 * is not `Splunk <token>` (or `Bearer <token>`) 401 code 3, an unknown, revoked or wrong-scope token 403 code 4, a
 * plan that turned tokens off 403 code 1 ("Token disabled"), a token over its rate limit 503 code 9 (shippers retry
 * on "Server is busy").
 */
async function hecContext(request: Request) {
  const authorization = request.headers.get("Authorization");
  // `Splunk ` with nothing after it is a missing token too (splunk-logging sends that for an empty token).
  if (!authorization || /^\s*(splunk|bearer)\s*$/i.test(authorization))
    return hec(401, { text: "Token is required", code: 2 });
  if (!tokenFromHeader(authorization)) return hec(401, { text: "Invalid authorization", code: 3 });
  try {
    const ctx = await requireTenantContext(request, { feature: "logsAnomalies", api: true });
    if (!ctx.token) return hec(401, { text: "Invalid authorization", code: 3 });
    return ctx;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    if (thrown.status === 429)
      return hec(
        503,
        { text: "Server is busy", code: 9 },
        { "Retry-After": thrown.headers.get("Retry-After") ?? "60" },
      );
    const body = (await thrown
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (body?.code === "UPGRADE_REQUIRED") return hec(403, { text: "Token disabled", code: 1 });
    return hec(403, { text: "Invalid token", code: 4 });
  }
}

/**
 * The production server asks this before reading a HEC request's body (server.ts, through entry.server): the HEC
 * refusal, sent unread, or null when the token may post here.
 */
export async function admitHecBody(request: Request): Promise<Response | null> {
  const ctx = await hecContext(request);
  return ctx instanceof Response ? ctx : null;
}

async function readHecBody(request: Request): Promise<string | Response> {
  try {
    return await readIngestBody(request);
  } catch (error) {
    if (error instanceof IngestError) return hec(error.status, { text: error.message, code: 6 });
    throw error;
  }
}

function hecAnswer(answer: HecAnswer) {
  return hec(
    answer.status,
    answer.body,
    answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {},
  );
}

/** POST /services/collector[/event[/1.0]]: HEC envelopes. */
export async function hecApi(request: Request) {
  if (request.method !== "POST") return hecMethodNotAllowed("POST");
  const ctx = await hecContext(request);
  if (ctx instanceof Response) return ctx;
  const body = await readHecBody(request);
  if (body instanceof Response) return body;
  return hecAnswer(await ingestHec(ctx.tenant.id, body, { plan: ctx.effectivePlan }));
}

/** A channel is a GUID, as Splunk requires (code 11 otherwise). */
const CHANNEL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /services/collector/raw[/1.0]: the body is raw text, one event per line; `host`, `source`, `sourcetype` and
 * `index` come from the query string. Splunk requires a data channel here (`X-Splunk-Request-Channel` or the
 * `channel` query parameter, a GUID): missing is 400 code 10, malformed 400 code 11.
 */
export async function hecRawApi(request: Request) {
  if (request.method !== "POST") return hecMethodNotAllowed("POST");
  const ctx = await hecContext(request);
  if (ctx instanceof Response) return ctx;
  const url = new URL(request.url);
  const channel = request.headers.get("X-Splunk-Request-Channel") ?? url.searchParams.get("channel");
  if (!channel) return hec(400, { text: "Data channel is missing", code: 10 });
  if (!CHANNEL.test(channel)) return hec(400, { text: "Invalid data channel", code: 11 });
  const body = await readHecBody(request);
  if (body instanceof Response) return body;
  const meta = (name: string) => url.searchParams.get(name)?.slice(0, 1024) || null;
  return hecAnswer(
    await ingestHecRaw(ctx.tenant.id, body, {
      plan: ctx.effectivePlan,
      meta: { host: meta("host"), source: meta("source"), sourcetype: meta("sourcetype"), index: meta("index") },
    }),
  );
}

/** POST /services/collector/ack: indexer acknowledgement is off here (every answer is final), as Splunk says it. */
export async function hecAckApi(request: Request) {
  if (request.method !== "POST") return hecMethodNotAllowed("POST");
  const ctx = await hecContext(request);
  if (ctx instanceof Response) return ctx;
  return hec(400, { text: "ACK is disabled", code: 14 });
}

/** GET /services/collector/health: what Vector's health check asks. */
export function hecHealth(request?: Request) {
  if (request && request.method !== "GET" && request.method !== "HEAD") return hecMethodNotAllowed("GET");
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
  if (!can(ctx.tenant.role, "anomaly", "triage")) throw forbidden(EVENTS_DENIED.triage);
  limitWrites(ctx.user.id);
  const parsed = PatchSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const updated = setAnomalyStatus(ctx.tenant.id, id, parsed.data.status);
  return updated ? json(updated) : notFound();
}
