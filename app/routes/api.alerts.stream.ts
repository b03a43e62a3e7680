/** GET /api/alerts/stream: Server-Sent Events of the tenant's alert timeline (realtimeAlerts). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { onClientGone } from "~/lib/request.server";
import { forbidden } from "~/lib/http.server";
import { currentRole, requireTenantContext } from "~/modules/tenants";
import { can, type PermissionAction } from "~/modules/permissions";
import { subscribeAlertEvents } from "~/modules/alerts/bus.server";
import { admitAlertStream } from "~/modules/alerts/stream-admission.server";
import { alertEventsAfter, lastAlertEventId } from "~/modules/alerts/timeline.server";

async function context(
  request: Request,
  action: PermissionAction<"alert">,
  feature?: "adminDashboard" | "realtimeAlerts" | "securityAlerts",
) {
  const ctx = await requireTenantContext(request, { api: true, ...(feature ? { feature } : {}) });
  if (!can(ctx.tenant.role, "alert", action))
    throw forbidden(
      action === "triage"
        ? "Owners and admins acknowledge, resolve and silence alerts"
        : "Owners and admins manage notification channels",
    );
  return ctx;
}

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events: every new row of the tenant's alert timeline, as
 * `id: <event id>` / `event: alert` / `data: {...}`. A reconnecting browser
 * sends Last-Event-ID and gets what it missed (read from alert_events).
 * `Cache-Control: no-transform` keeps the compression layer out; `X-Accel-Buffering: no`
 * asks nginx not to buffer (docs/operations.md).
 *
 * A stream outlives the request that opened it, so access is checked again before anything is sent, on every
 * event and every heartbeat (issue 26): once the session ends (sign-out, expiry, account deleted), the token is
 * revoked, the person leaves the organization or its plan loses realtimeAlerts, the stream closes without sending.
 * Open streams are limited (stream-admission.server.ts); whatever ends a stream (the client going away, the
 * server closing it) releases its slot, bus listener and timer.
 */
export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const ctx = await context(request, "view", "realtimeAlerts");
  const tenantId = ctx.tenant.id;
  const header = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId");
  const resumeFrom = header && /^\d{1,15}$/.test(header) ? Number(header) : null;
  let lastId = resumeFrom ?? lastAlertEventId(tenantId);
  // Throws the 429 answer when the limits are reached; released by cleanup below.
  const release = admitAlertStream(ctx.session.idHash, tenantId);
  const stillAllowed = () => {
    const role = currentRole(ctx, "realtimeAlerts");
    return role !== null && can(role, "alert", "view");
  };
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const flush = () => {
        for (let i = 0; i < 10; i++) {
          const rows = alertEventsAfter(tenantId, lastId);
          for (const r of rows) {
            lastId = r.id;
            send(
              `id: ${r.id}\nevent: alert\ndata: ${JSON.stringify({
                kind: r.kind,
                at: new Date(r.createdAt).toISOString(),
                alert: {
                  id: r.alertId,
                  title: r.title,
                  severity: r.severity,
                  source: r.source,
                  status: r.status,
                  occurrences: r.occurrences,
                },
              })}\n\n`,
            );
          }
          if (rows.length < 200) break;
        }
      };
      send(`retry: 3000\n: connected\n\n`);
      // Bell-only changes (in-app notifications) carry no timeline row: a bare `bell` event tells the page.
      const unsubscribe = subscribeAlertEvents(tenantId, () => {
        if (!stillAllowed()) return cleanup();
        const before = lastId;
        flush();
        if (lastId === before) send(`event: bell\ndata: {}\n\n`);
      });
      const heartbeat = setInterval(() => {
        if (!stillAllowed()) return cleanup();
        send(`: heartbeat ${Date.now()}\n\n`);
      }, HEARTBEAT_MS);
      let stopWatching = () => {};
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        stopWatching();
        release();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      stopWatching = onClientGone(request, loadContext, () => cleanup());
      if (resumeFrom !== null) flush();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}
export const action = onlyGet;
