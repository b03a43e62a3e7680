/**
 * The alerting API handlers (route files stay one line each); shapes in docs/api.md.
 *
 * POST /api/alerts/:id/acknowledge | /resolve | /silence { until }   -> 200 { alert }
 * GET  /api/notification-channels                                    -> 200 { channels }
 * POST /api/notification-channels { type, name, ... }                -> 201 { id, secret? }
 * POST /api/notification-channels/:id/test                           -> 202 { queued: true, deliveryId }
 * GET  /api/alerts/stream (text/event-stream; realtimeAlerts)
 */
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { onClientGone } from "~/lib/request.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound, readJsonBody } from "~/lib/http.server";
import { currentRole, requireTenantContext } from "~/modules/tenants";
import { can, type PermissionAction } from "~/modules/permissions";
import { effectiveStatus, getAlert, silenceAlert, transitionAlert } from "./alerts.server";
import { alertSourceLink } from "./source-link";
import { subscribeAlertEvents } from "./bus.server";
import { admitAlertStream } from "./stream-admission.server";
import { ChannelError, createChannel, enqueueNotification, getChannel, listChannels } from "./channels.server";
import { now } from "./clock.server";
import { alertEventsAfter, lastAlertEventId } from "./timeline.server";

const noStore = { "Cache-Control": "no-store" };

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

export function alertJson(a: NonNullable<ReturnType<typeof getAlert>>) {
  const iso = (n: number | null) => (n ? new Date(n).toISOString() : null);
  return {
    id: a.id,
    source: a.source,
    severity: a.severity,
    title: a.title,
    // The page that shows the alert's source object (a path on this server), or null.
    link: alertSourceLink(a),
    detail: a.detail,
    status: effectiveStatus(a),
    occurrences: a.occurrences,
    fingerprint: a.fingerprint,
    createdAt: iso(a.createdAt),
    lastSeenAt: iso(a.lastSeenAt ?? a.createdAt),
    acknowledgedAt: iso(a.acknowledgedAt),
    resolvedAt: iso(a.resolvedAt),
    silencedUntil: iso(a.silencedUntil),
  };
}

const SilenceSchema = z.object({
  until: z
    .string({ error: "until is required (an ISO 8601 date-time in the future)" })
    .max(40)
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: "until must be an ISO 8601 date-time" }),
});

export async function alertActionApi(request: Request, id: string | undefined, action: string | undefined) {
  if (request.method !== "POST") throw methodNotAllowed();
  if (action !== "acknowledge" && action !== "resolve" && action !== "silence") return notFound();
  // The same plan feature as the /alerts page that offers these buttons (Pro and up).
  const ctx = await context(request, "triage", "securityAlerts");
  limitWrites(ctx.user.id);
  if (!id || id.length > 100) return notFound();
  let alert;
  if (action === "silence") {
    const parsed = SilenceSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return badRequest(firstIssue(parsed.error));
    const until = Date.parse(parsed.data.until);
    if (until <= now()) return badRequest("until must be in the future");
    if (until > now() + 366 * 24 * 3_600_000) return badRequest("until must be within a year");
    alert = silenceAlert(ctx.tenant.id, id, until, ctx.user.id);
  } else {
    alert = transitionAlert(ctx.tenant.id, id, action, ctx.user.id);
  }
  if (!alert) return notFound();
  return json({ alert: alertJson(alert) }, { headers: noStore });
}

export const CreateChannelSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("email"),
      name: z.string().trim().min(1, "name is required").max(100),
      recipients: z.array(z.string().max(254)).min(1, "recipients: at least one address").max(20),
    }),
    z.object({
      type: z.literal("webhook"),
      name: z.string().trim().min(1, "name is required").max(100),
      url: z.string().trim().min(1, "url is required").max(2000),
      format: z.enum(["standard", "slack"]).optional(),
    }),
    z.object({
      type: z.literal("in_app"),
      name: z.string().trim().min(1, "name is required").max(100),
      userIds: z.array(z.string().max(100)).max(100).optional(),
    }),
  ],
  { error: "type must be email, webhook or in_app" },
);

export async function channelsApi(request: Request) {
  if (request.method === "GET") {
    const ctx = await context(request, "configure", "adminDashboard");
    return json(
      {
        channels: listChannels(ctx.tenant.id).map((c) => ({
          id: c.id,
          type: c.type,
          name: c.name,
          status: c.status,
          consecutiveFailures: c.consecutiveFailures,
          createdAt: new Date(c.createdAt).toISOString(),
        })),
      },
      { headers: noStore },
    );
  }
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "configure", "adminDashboard");
  limitWrites(ctx.user.id);
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) return badRequest("Send a JSON object");
  const parsed = CreateChannelSchema.safeParse(body);
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const created = await createChannel(ctx.tenant.id, parsed.data, ctx.user.id);
    return json(created, {
      status: 201,
      headers: { ...noStore, Location: `/api/notification-channels/${created.id}` },
    });
  } catch (error) {
    if (error instanceof ChannelError) return badRequest(error.message);
    throw error;
  }
}

/** Queues a test message through the outbox (so it is retried and shown like any delivery). */
export function queueTestMessage(tenantId: string, channelId: string, actor: string): string | null {
  const channel = getChannel(tenantId, channelId);
  if (!channel) return null;
  const at = new Date(now()).toISOString();
  return enqueueNotification({
    tenantId,
    channelId,
    alertId: null,
    type: "test.ping",
    alert: {
      id: "test",
      title: `Test message for "${channel.name}"`,
      detail: `Sent by ${actor} from Rampart to check this channel. No action is needed.`,
      severity: "low",
      source: "rampart",
      status: "active",
      occurrences: 1,
      createdAt: at,
    },
  });
}

export async function testChannelApi(request: Request, id: string | undefined) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "configure", "adminDashboard");
  limitWrites(ctx.user.id);
  const deliveryId = id && id.length <= 100 ? queueTestMessage(ctx.tenant.id, id, ctx.user.email) : null;
  if (!deliveryId) return notFound();
  return json({ queued: true, deliveryId }, { status: 202, headers: noStore });
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
export async function alertStreamApi(request: Request, loadContext?: unknown, options: { heartbeatMs?: number } = {}) {
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
      }, options.heartbeatMs ?? HEARTBEAT_MS);
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
