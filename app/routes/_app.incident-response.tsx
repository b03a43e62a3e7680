/**
 * /incident-response: incident cases, opening a case (by hand or from alerts), SLA targets and the MTTA/MTTR chart.
 * Business plan and up; signed-out visitors see the teaser.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { appRoute } from "~/lib/app-routes";
import { IncidentsPage } from "~/modules/incidents/components/incidents-page";
import { limitWrites } from "~/lib/api.server";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { assigneeOptions, createCase, listCases, listTemplates } from "~/modules/incidents/cases.server";
import { findAlerts as findAlertsForCase, listOpenAlerts } from "~/modules/incidents/alerts-link.server";
import { EVIDENCE_QUOTA_BYTES, evidenceUsage } from "~/modules/incidents/evidence.server";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type IncidentAction } from "~/modules/incidents/permissions";
import {
  breachedKinds,
  checkSlaBreaches,
  getSlaTargets,
  responseMetrics,
  setSlaTarget,
  slaState,
} from "~/modules/incidents/sla.server";
import { SEVERITIES, STATUSES, type IncidentStatus, type Severity } from "~/modules/incidents/types";
import { CreateCaseSchema, fieldErrors, SlaSchema } from "~/modules/incidents/validation";
import { domainFieldError } from "~/lib/http.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/incident-response").label} · Rampart` }];

export type FormResult = { intent: string; ok?: string; errors?: Record<string, string> };

const PATH = "/incident-response";

const str = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
};

const fail = (intent: string, errors: Record<string, string>, status = 400) =>
  data<FormResult>({ intent, errors }, { status });

const refuse = (action: IncidentAction, intent: string) => fail(intent, { form: PERMISSION_MESSAGE[action] }, 403);

/** A refusal from the incidents module (a DomainError) shown beside its field; anything else is a 500. */
function fromError(intent: string, error: unknown) {
  const refused = domainFieldError(error);
  return fail(intent, { [refused.field]: refused.message }, refused.status);
}

function abilities(role: Role) {
  return {
    work: can(role, "incident", "work"),
    manage: can(role, "incident", "manage"),
    configure: can(role, "incident", "editTemplates"),
    setSla: can(role, "incident", "setTargets"),
  };
}

function caseInput(form: FormData) {
  return {
    title: str(form, "title") ?? "",
    description: str(form, "description") || undefined,
    severity: str(form, "severity"),
    tags: str(form, "tags") || undefined,
    tlp: str(form, "tlp") || undefined,
    assigneeId: str(form, "assigneeId") || null,
    template: str(form, "template") || null,
    alertIds: form.getAll("alertId").filter((v): v is string => typeof v === "string"),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const now = Date.now();
  const access = await loadAppRoute(request, PATH);
  if (access.teaser) return { teaser: true as const };
  const { tenant } = access.ctx;
  const tenantId = tenant.id;
  checkSlaBreaches(tenantId, now);
  const url = new URL(request.url);
  const st = url.searchParams.get("status");
  const sev = url.searchParams.get("severity");
  const status = (STATUSES as readonly string[]).includes(st ?? "") ? (st as IncidentStatus) : undefined;
  const severity = (SEVERITIES as readonly string[]).includes(sev ?? "") ? (sev as Severity) : undefined;
  const targets = getSlaTargets(tenantId);
  const cases = listCases(tenantId, { status, severity }).map((c) => ({
    id: c.id,
    reference: c.reference,
    title: c.title,
    severity: c.severity,
    status: c.status,
    resolution: c.resolution,
    tlp: c.tlp,
    tags: c.tags,
    assignee: c.assignee,
    openedAt: c.openedAt,
    mergedInto: c.mergedInto,
    breaches: c.status === "closed" || c.mergedInto ? [] : breachedKinds(slaState(c, targets, now)),
  }));
  const selected = url.searchParams.getAll("alert");
  return {
    teaser: false as const,
    tenantName: tenant.displayName,
    cases,
    filter: { status: status ?? null, severity: severity ?? null },
    alerts: listOpenAlerts(tenantId).filter((a) => a.status === "active" || selected.includes(a.id)),
    selectedAlerts: selected,
    templates: listTemplates(tenantId, now).map((t) => ({ key: t.key, name: t.name, tasks: t.tasks.length })),
    members: assigneeOptions(tenantId),
    sla: targets,
    metrics: responseMetrics(tenantId, { now }),
    evidence: { usedBytes: evidenceUsage(tenantId), quotaBytes: EVIDENCE_QUOTA_BYTES },
    can: abilities(tenant.role),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const now = Date.now();
  const ctx = await requireAppRoute(request, PATH);
  limitWrites(ctx.user.id);
  const tenantId = ctx.tenant.id;
  const role = ctx.tenant.role;
  const form = await readForm(request);
  const intent = str(form, "intent") ?? "";
  const actor = { userId: ctx.user.id };

  if (intent === "create") {
    if (!can(role, "incident", "work")) return refuse("work", intent);
    const parsed = CreateCaseSchema.safeParse(caseInput(form));
    if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
    if (parsed.data.assigneeId && !can(role, "incident", "manage")) return refuse("manage", intent);
    try {
      const created = createCase(tenantId, parsed.data, actor, now);
      audit({
        action: "incident.opened",
        tenantId,
        userId: ctx.user.id,
        ip: clientIp(context),
        detail: { id: created.id, reference: created.reference, alerts: created.alerts.length },
      });
      return redirect(`${PATH}/${created.id}?opened=1`);
    } catch (error) {
      return fromError(intent, error);
    }
  }

  if (intent === "from-alerts") {
    // One click from /alerts: the case takes the first alert's title and the highest severity; the title and the
    // rest are edited on the case.
    if (!can(role, "incident", "work")) return refuse("work", intent);
    const alertIds = form
      .getAll("alertId")
      .filter((v): v is string => typeof v === "string")
      .slice(0, 100);
    if (!alertIds.length) return fail(intent, { alertIds: "Select at least one alert" });
    const found = findAlertsForCase(tenantId, alertIds);
    if (found.length !== new Set(alertIds).size) return fail(intent, { alertIds: "One or more alerts were not found" });
    const severity = [...SEVERITIES].reverse().find((s) => found.some((a) => a.severity === s)) ?? "medium";
    const title = (found.length > 1 ? `${found[0].title} and ${found.length - 1} more` : found[0].title).slice(0, 200);
    try {
      const template = str(form, "template") || null;
      const created = createCase(tenantId, { title, severity, alertIds, template, source: "alerts" }, actor, now);
      audit({
        action: "incident.opened",
        tenantId,
        userId: ctx.user.id,
        ip: clientIp(context),
        detail: { id: created.id, reference: created.reference, alerts: created.alerts.length },
      });
      return redirect(`${PATH}/${created.id}?opened=1`);
    } catch (error) {
      return fromError(intent, error);
    }
  }

  if (intent === "sla") {
    if (!can(role, "incident", "setTargets")) return refuse("setTargets", intent);
    const parsed = SlaSchema.safeParse({
      severity: str(form, "severity"),
      ackMinutes: str(form, "ackMinutes") ?? "",
      containMinutes: str(form, "containMinutes") ?? "",
      resolveMinutes: str(form, "resolveMinutes") ?? "",
    });
    if (!parsed.success) return fail(`${intent}-${str(form, "severity") ?? ""}`, fieldErrors(parsed.error));
    setSlaTarget(tenantId, parsed.data, now);
    audit({
      action: "incident.sla_changed",
      tenantId,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: parsed.data,
    });
    checkSlaBreaches(tenantId, now);
    return data<FormResult>({ intent: `${intent}-${parsed.data.severity}`, ok: "Targets saved." });
  }

  return fail(intent || "unknown", { form: "Unknown action" });
}

export default function Page() {
  return <IncidentsPage />;
}
