/**
 * The Splunk HEC gate (/services/collector/*): the token check the production server makes before it reads a
 * HEC request's body, the body reader, and HEC's own answer shape `{ text, code }` (not the API's
 * `{ message, code }`), so shippers that speak HEC understand every refusal. The route files hold the handlers.
 */
import { requireTenantContext } from "~/modules/tenants";
import { tokenFromHeader } from "~/modules/api-tokens";
import { IngestError, readIngestBody, type HecAnswer } from "./ingest.server";

export function hec(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
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
export async function hecAccess(request: Request) {
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
  const ctx = await hecAccess(request);
  return ctx instanceof Response ? ctx : null;
}

export async function readHecBody(request: Request): Promise<string | Response> {
  try {
    return await readIngestBody(request);
  } catch (error) {
    if (error instanceof IngestError) return hec(error.status, { text: error.message, code: 6 });
    throw error;
  }
}

export function hecAnswer(answer: HecAnswer) {
  return hec(
    answer.status,
    answer.body,
    answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {},
  );
}

/** GET /services/collector/health: what Vector's health check asks. */
export function hecHealth(request?: Request) {
  if (request && request.method !== "GET" && request.method !== "HEAD") return hecMethodNotAllowed("GET");
  return hec(200, { text: "HEC is healthy", code: 17 });
}
