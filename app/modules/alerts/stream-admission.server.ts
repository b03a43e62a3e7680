/**
 * How many alert streams (/api/alerts/stream) may be open at once (issue 26): each holds a connection, a bus
 * listener, a heartbeat timer and its response buffers for as long as it stays open, so one session opening
 * thousands took the process from 322 MB to 1.1 GB. Limits per session (an API token counts as one), per tenant
 * and in the whole process, from the environment (RAMPART_ALERT_STREAMS_*, docs/operations.md); beyond them the
 * answer is 429 with Retry-After. A browser needs one per open tab. Counted in memory: one process serves a
 * database (docs/operations.md), so this is every stream there is.
 */
import { getEnv } from "~/lib/env.server";
import { jsonError } from "~/lib/http.server";
import { alertListenerCount } from "./bus.server";

export type StreamLimits = { perSession: number; perTenant: number; total: number };

/** Seconds a refused client is asked to wait: streams stay open for minutes, so no sooner. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

let total = 0;
const bySession = new Map<string, number>();
const byTenant = new Map<string, number>();

function limitsFromEnv(): StreamLimits {
  const env = getEnv();
  return {
    perSession: env.RAMPART_ALERT_STREAMS_PER_SESSION,
    perTenant: env.RAMPART_ALERT_STREAMS_PER_TENANT,
    total: env.RAMPART_ALERT_STREAMS_TOTAL,
  };
}

function tooMany(message: string): Response {
  return jsonError(429, message, "RATE_LIMITED", { "Retry-After": String(STREAM_RETRY_AFTER_SECONDS) });
}

function add(map: Map<string, number>, key: string, by: number) {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

/**
 * Takes a slot for a new stream of `sessionKey` in `tenantId`, or throws the 429 answer. The answer is a release
 * function, safe to call more than once; the stream calls it whenever it ends, however it ends.
 */
export function admitAlertStream(sessionKey: string, tenantId: string, limits = limitsFromEnv()): () => void {
  if ((bySession.get(sessionKey) ?? 0) >= limits.perSession)
    throw tooMany(
      `Too many open alert streams for this session (at most ${limits.perSession}). Close another tab with Rampart open, then try again.`,
    );
  if ((byTenant.get(tenantId) ?? 0) >= limits.perTenant)
    throw tooMany(
      `Too many open alert streams for this organization (at most ${limits.perTenant}). Try again in a moment.`,
    );
  if (total >= limits.total) throw tooMany("The server has too many open alert streams. Try again in a moment.");
  total++;
  add(bySession, sessionKey, 1);
  add(byTenant, tenantId, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    add(bySession, sessionKey, -1);
    add(byTenant, tenantId, -1);
  };
}

/**
 * Open streams, how many sessions and tenants hold them, and the bus listeners subscribed: for the tests (all return
 * to 0 when the streams close), as the render admission's stats are (server/render-admission.ts).
 */
export function alertStreamStats() {
  return { open: total, sessions: bySession.size, tenants: byTenant.size, listeners: alertListenerCount() };
}
