/**
 * POST /api/events — events as application/x-ndjson, application/json (one or an array) or text/plain syslog
 * (RFC 5424, RFC 3164, CEF); gzip accepted; 10 MB. 202 `{ accepted, ids, rejected: [{ line, message }] }`.
 * An API token with `events:write` (Authorization: Bearer).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { domainErrorResponse, badRequest, forbidden, json, jsonError, methodNotAllowed } from "~/lib/http.server";
import { requireTenantContext, type TenantContext } from "~/modules/tenants";
import { limitWrites } from "~/lib/api.server";
import { formatFor, ingestEvents, readIngestBody } from "~/modules/events/ingest.server";
import { can } from "~/modules/permissions";
import { EVENTS_DENIED } from "~/modules/events/permissions";
import { type QuotaState } from "~/modules/events/store.server";

export const loader = methodNotAllowedHandler;

/** A token's scope was checked by the tenant context; a person sending with a session needs the role. */
function requireIngest(ctx: TenantContext & { tenant: { role: string } }) {
  if (!ctx.token && !can(ctx.tenant.role, "event", "send")) throw forbidden(EVENTS_DENIED.ingest);
  if (!ctx.token) limitWrites(ctx.user.id);
}

const MB = 1024 * 1024;

/** The 429 text: the limit the organization reached (events, or bytes stored), and when it resets. */
function quotaMessage(q: QuotaState): string {
  const what =
    q.used >= q.limit
      ? `${q.limit.toLocaleString("en")} events`
      : `${Math.round(q.bytesLimit / MB).toLocaleString("en")} MB stored`;
  return `The daily event quota (${what}) is reached; it resets at midnight UTC`;
}

export async function action({ request }: ActionFunctionArgs) {
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
    return domainErrorResponse(error);
  }
}
