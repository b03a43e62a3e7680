/**
 * What /logs (Logs & Anomalies) shows and the schemas of its forms; the loader and action are in
 * app/routes/_app.logs.tsx. The search is a GET form (the URL holds the query, so results can be
 * bookmarked and work without JavaScript); triage and retention are POST forms to the action.
 */

import { z } from "zod";

import type { AppRouteAccess } from "~/modules/tenants";

import { ANOMALY_LABEL, listAnomalies } from "./anomalies.server";
import { can } from "~/modules/permissions";
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

type PageCtx = Extract<AppRouteAccess, { teaser: false }>["ctx"];

/** The page for the signed-in tenant, from the search the URL holds. */
export function logsPageData(ctx: PageCtx, searchParams: URLSearchParams) {
  const tenantId = ctx.tenant.id;
  const q = (searchParams.get("q") ?? "").slice(0, 1000);
  const rangeParam = searchParams.get("range") ?? "24h";
  const range: RangeKey = rangeParam in RANGES || rangeParam === "custom" ? (rangeParam as RangeKey) : "24h";
  const now = eventsNow();
  const errors: Record<string, string> = {};
  let to = now + 1;
  let from = now - RANGES["24h"];
  if (range === "custom") {
    const f = parseLocal(searchParams.get("from"));
    const t = parseLocal(searchParams.get("to"));
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
  const pageNum = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(searchParams.get("page") ?? "1", 10) || 1));
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
  const role = ctx.tenant.role;
  return {
    teaser: false as const,
    tenantName: ctx.tenant.displayName,
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
    quota: quotaState(tenantId, ctx.effectivePlan, now),
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

export const LogsIntent = z.enum(["anomaly-status", "retention"]);
export const AnomalyStatusSchema = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(["acknowledged", "benign", "open"]),
});
export const RetentionSchema = z.object({
  days: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(RETENTION_MIN_DAYS, `At least ${RETENTION_MIN_DAYS} day`)
    .max(RETENTION_MAX_DAYS, `At most ${RETENTION_MAX_DAYS} days`),
});
