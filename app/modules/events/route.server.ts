/**
 * Loader and action of /logs (Logs & Anomalies). The search is a GET form
 * (the URL holds the query, so results can be bookmarked and work without
 * JavaScript); triage and retention are POST forms to the action.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { readForm } from "~/lib/http.server";
import { ANOMALY_LABEL, listAnomalies, setAnomalyStatus } from "./anomalies.server";
import { can } from "~/modules/permissions";
import { EVENTS_DENIED } from "./permissions";
import { RANGES, type RangeKey } from "./ranges";
import { QueryError } from "./search";
import { MAX_PAGE, PAGE_SIZE, searchEvents } from "./search.server";
import {
  eventsNow,
  getEvents,
  getRetentionDays,
  quotaState,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  setRetentionDays,
} from "./store.server";

/** `YYYY-MM-DDTHH:MM` (a datetime-local field), read as UTC. */
function parseLocal(v: string | null): number | null {
  if (!v || v.length > 32) return null;
  const ms = Date.parse(v.length === 16 ? `${v}:00Z` : v.endsWith("Z") ? v : `${v}Z`);
  return Number.isNaN(ms) ? null : ms;
}
const toLocal = (ms: number) => new Date(ms).toISOString().slice(0, 16);

const summarise = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .filter(([k]) => k !== "message" && k !== "msg")
    .slice(0, 8)
    .map(([k, v]) => `${k}=${String(v).slice(0, 80)}`)
    .join("  ");

export async function logsLoader(request: Request) {
  const access = await loadAppRoute(request, "/logs");
  if (access.teaser) return { teaser: true as const };
  const tenantId = access.ctx.tenant.id;
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 1000);
  const rangeParam = url.searchParams.get("range") ?? "24h";
  const range: RangeKey = rangeParam in RANGES || rangeParam === "custom" ? (rangeParam as RangeKey) : "24h";
  const now = eventsNow();
  const errors: Record<string, string> = {};
  let to = now + 1;
  let from = now - RANGES["24h"];
  if (range === "custom") {
    const f = parseLocal(url.searchParams.get("from"));
    const t = parseLocal(url.searchParams.get("to"));
    if (f === null) errors.from = "Enter a start date and time";
    if (t === null) errors.to = "Enter an end date and time";
    if (f !== null && t !== null && f >= t) errors.to = "The end must be after the start";
    if (f !== null && t !== null && f < t) {
      from = f;
      to = t;
    }
  } else {
    from = now - RANGES[range];
  }
  const pageNum = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  let result: ReturnType<typeof searchEvents> = { total: 0, events: [], histogram: [], bucketMs: 60_000 };
  try {
    result = searchEvents({ tenantId, query: q, from, to, page: pageNum });
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    errors.q = error.message;
  }
  const anomalies = listAnomalies(tenantId, { limit: 50 });
  const eventsOf = new Map(
    getEvents(
      tenantId,
      anomalies.flatMap((a) => a.eventIds.slice(0, 5)),
    ).map((e) => [e.id, e]),
  );
  const role = access.ctx.tenant.role;
  return {
    teaser: false as const,
    tenantName: access.ctx.tenant.displayName,
    q,
    range,
    from: toLocal(from),
    to: toLocal(to),
    errors,
    page: pageNum,
    pageSize: PAGE_SIZE,
    total: result.total,
    bucketMs: result.bucketMs,
    histogram: result.histogram.map((h) => ({ start: new Date(h.start).toISOString(), count: h.count })),
    events: result.events.map((e) => ({
      id: e.id,
      time: new Date(e.time).toISOString(),
      host: e.host,
      source: e.source,
      category: e.category,
      message: e.message ? e.message.slice(0, 400) : null,
      summary: summarise(e.fields),
    })),
    quota: quotaState(tenantId, access.ctx.effectivePlan, now),
    retentionDays: getRetentionDays(tenantId),
    canTriage: can(role, "anomaly", "triage"),
    canConfigure: can(role, "event", "configure"),
    anomalies: anomalies.map((a) => ({
      id: a.id,
      type: a.type,
      typeLabel: ANOMALY_LABEL[a.type],
      severity: a.severity,
      detectedAt: a.detectedAt,
      user: a.user,
      host: a.host,
      status: a.status,
      explanation: a.explanation,
      eventCount: a.eventIds.length,
      events: a.eventIds
        .slice(0, 5)
        .map((id) => eventsOf.get(id))
        .filter((e) => e !== undefined)
        .map((e) => ({
          id: e.id,
          time: new Date(e.time).toISOString(),
          host: e.host,
          message: e.message?.slice(0, 200) ?? summarise(e.fields),
        })),
    })),
  };
}

export type LogsActionResult = { intent: string; ok?: string; errors?: Record<string, string> };

const Intent = z.enum(["anomaly-status", "retention"]);
const StatusSchema = z.object({ id: z.string().min(1).max(64), status: z.enum(["acknowledged", "benign", "open"]) });
const RetentionSchema = z.object({
  days: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(RETENTION_MIN_DAYS, `At least ${RETENTION_MIN_DAYS} day`)
    .max(RETENTION_MAX_DAYS, `At most ${RETENTION_MAX_DAYS} days`),
});

export async function logsAction(request: Request) {
  const ctx = await requireAppRoute(request, "/logs");
  const form = await readForm(request);
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<LogsActionResult>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const fail = (errors: Record<string, string>, status = 400) =>
    data<LogsActionResult>({ intent: intent.data, errors }, { status });
  if (intent.data === "anomaly-status") {
    if (!can(ctx.tenant.role, "anomaly", "triage")) return fail({ form: EVENTS_DENIED.triage }, 403);
    limitWrites(ctx.user.id);
    const parsed = StatusSchema.safeParse({ id: form.get("id"), status: form.get("status") });
    if (!parsed.success) return fail({ form: "Choose an anomaly and a status" });
    const updated = setAnomalyStatus(ctx.tenant.id, parsed.data.id, parsed.data.status);
    if (!updated) return fail({ form: "That anomaly no longer exists" }, 404);
    const word = {
      acknowledged: "acknowledged",
      benign: "marked benign; the same pattern will not alert again",
      open: "reopened",
    }[parsed.data.status];
    return data<LogsActionResult>({ intent: intent.data, ok: `Anomaly ${word}.` });
  }
  if (!can(ctx.tenant.role, "event", "configure")) return fail({ form: EVENTS_DENIED.configure }, 403);
  limitWrites(ctx.user.id);
  const parsed = RetentionSchema.safeParse({ days: form.get("days") });
  if (!parsed.success) return fail({ days: parsed.error.issues[0]?.message ?? "Enter a number of days" });
  const days = setRetentionDays(ctx.tenant.id, parsed.data.days);
  return data<LogsActionResult>({ intent: intent.data, ok: `Events are now kept for ${days} days after receipt.` });
}
