/**
 * /logs: Logs & Anomalies (business plan and up; signed-out visitors see the teaser). Search stored events,
 * see and triage anomalies, set the retention.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { can } from "~/modules/permissions";
import { limitWrites } from "~/lib/api.server";
import { appRoute } from "~/lib/app-routes";
import { readForm } from "~/lib/http.server";
import {
  AnomalyStatusSchema,
  EVENTS_DENIED,
  logsPageData,
  LogsIntent,
  RetentionSchema,
  type LogsActionResult,
} from "~/modules/events";
import { setAnomalyStatus } from "~/modules/events/anomalies.server";
import { setRetentionDays } from "~/modules/events/store.server";
import { LogsPage } from "~/modules/events/components/logs-page";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/logs").label} · Rampart` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/logs");
  if (access.teaser) return { teaser: true as const };
  return logsPageData(access.ctx, new URL(request.url).searchParams);
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/logs");
  const form = await readForm(request);
  const intent = LogsIntent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<LogsActionResult>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const fail = (errors: Record<string, string>, status = 400) =>
    data<LogsActionResult>({ intent: intent.data, errors }, { status });
  if (intent.data === "anomaly-status") {
    if (!can(ctx.tenant.role, "anomaly", "triage")) return fail({ form: EVENTS_DENIED.triage }, 403);
    limitWrites(ctx.user.id);
    const parsed = AnomalyStatusSchema.safeParse({ id: form.get("id"), status: form.get("status") });
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

export default function Page() {
  return <LogsPage />;
}
