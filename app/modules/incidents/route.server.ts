/**
 * Loaders and actions of the incident response pages (the route files stay thin): /incident-response (cases,
 * opening a case by hand or from alerts, SLA targets, the MTTA/MTTR chart), /incident-response/:id (one case and
 * every change to it), the evidence download, the Markdown export and /incident-response/templates. Every form
 * posts to these actions, so the pages work without JavaScript; every action checks the role again.
 */
import { data, redirect } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import { hasFeature, type Plan } from "~/lib/plans";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { notFound, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import {
  addComment,
  addObservable,
  addTask,
  appendEvent,
  assigneeOptions,
  createCase,
  getCase,
  IncidentError,
  listCases,
  listTemplates,
  mergeCases,
  resetTemplate,
  saveTemplate,
  updateCase,
  updateTask,
} from "./cases.server";
import { findAlerts as findAlertsForCase, listOpenAlerts } from "./alerts-link.server";
import { evidenceResponse, EVIDENCE_QUOTA_BYTES, evidenceUsage, readEvidence, storeEvidence } from "./evidence.server";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type IncidentAction } from "./permissions";
import { caseMarkdown, reportSections, visibleTimeline } from "./report.server";
import { breachedKinds, checkSlaBreaches, getSlaTargets, responseMetrics, setSlaTarget, slaState } from "./sla.server";
import { DEFAULT_TEMPLATES } from "./templates";
import { SEVERITIES, STATUSES, type IncidentStatus, type Severity } from "./types";
import {
  CommentSchema,
  CreateCaseSchema,
  fieldErrors,
  MergeSchema,
  ObservableSchema,
  parseTemplateLines,
  PatchCaseSchema,
  SlaSchema,
  TaskSchema,
  TemplateSchema,
} from "./validation";

export type FormResult = { intent: string; ok?: string; errors?: Record<string, string> };

const PATH = "/incident-response";

const str = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
};

const fail = (intent: string, errors: Record<string, string>, status = 400) =>
  data<FormResult>({ intent, errors }, { status });

const refuse = (action: IncidentAction, intent: string) => fail(intent, { form: PERMISSION_MESSAGE[action] }, 403);

function fromError(intent: string, error: unknown) {
  if (error instanceof IncidentError) return fail(intent, { [error.field]: error.message }, error.status);
  throw error;
}

function abilities(role: Role) {
  return {
    work: can(role, "incident", "work"),
    manage: can(role, "incident", "manage"),
    configure: can(role, "incident", "editTemplates"),
    setSla: can(role, "incident", "setTargets"),
  };
}

// ---------------------------------------------------------------------------
// /incident-response
// ---------------------------------------------------------------------------

export async function incidentsLoader(request: Request, now = Date.now()) {
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

export async function incidentsAction(request: Request, context: unknown, now = Date.now()) {
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

// ---------------------------------------------------------------------------
// /incident-response/:id
// ---------------------------------------------------------------------------

/** For /alerts: whether the reader may open a case from selected alerts (plan feature and role). */
export function canOpenCaseFromAlerts(ctx: { effectivePlan: Plan; tenant: { role: Role } }) {
  return hasFeature(ctx.effectivePlan, "incidentResponse") && can(ctx.tenant.role, "incident", "work");
}

export async function caseLoader(request: Request, id: string, now = Date.now()) {
  const ctx = await requireAppRoute(request, PATH);
  const tenantId = ctx.tenant.id;
  checkSlaBreaches(tenantId, now);
  const c = getCase(tenantId, id, now);
  if (!c) throw notFound();
  const role = ctx.tenant.role;
  const show = reportSections(role);
  const sla = slaState(c, getSlaTargets(tenantId), now);
  return {
    case: {
      ...c,
      observables: show.observables ? c.observables : [],
      evidence: show.evidence ? c.evidence : [],
    },
    show,
    sla,
    timeline: visibleTimeline(tenantId, id, role).map((e) => ({
      id: e.id,
      kind: e.kind,
      at: e.at,
      by: e.by,
      text: e.text,
      corrects: e.corrects,
    })),
    members: assigneeOptions(tenantId),
    otherCases: abilities(role).manage
      ? listCases(tenantId)
          .filter((x) => x.id !== id && !x.mergedInto)
          .map((x) => ({ id: x.id, reference: x.reference, title: x.title }))
      : [],
    can: abilities(role),
    now,
  };
}

export async function caseAction(request: Request, id: string, context: unknown, now = Date.now()) {
  const ctx = await requireAppRoute(request, PATH);
  limitWrites(ctx.user.id);
  const tenantId = ctx.tenant.id;
  const role = ctx.tenant.role;
  if (!getCase(tenantId, id, now)) throw notFound();
  const form = await readForm(request);
  const intent = str(form, "intent") ?? "";
  const actor = { userId: ctx.user.id };
  const ip = clientIp(context);
  if (!can(role, "incident", "work")) return refuse("work", intent);
  try {
    switch (intent) {
      case "status": {
        if (!can(role, "incident", "manage")) return refuse("manage", intent);
        const parsed = PatchCaseSchema.safeParse({
          status: str(form, "status"),
          resolution: str(form, "resolution") || undefined,
        });
        if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
        updateCase(tenantId, id, parsed.data, actor, now);
        audit({
          action: "incident.updated",
          tenantId,
          userId: ctx.user.id,
          ip,
          detail: { id, status: parsed.data.status },
        });
        return data<FormResult>({ intent, ok: "Status changed." });
      }
      case "details": {
        const managed = form.has("assigneeId");
        if (managed && !can(role, "incident", "manage")) return refuse("manage", intent);
        const parsed = PatchCaseSchema.safeParse({
          title: str(form, "title"),
          description: str(form, "description"),
          severity: str(form, "severity"),
          tlp: str(form, "tlp"),
          tags: str(form, "tags") ?? "",
          ...(managed ? { assigneeId: str(form, "assigneeId") || null } : {}),
        });
        if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
        updateCase(tenantId, id, parsed.data, actor, now);
        return data<FormResult>({ intent, ok: "Case saved." });
      }
      case "task-add": {
        const parsed = TaskSchema.safeParse({
          title: str(form, "title") ?? "",
          phase: str(form, "phase") || undefined,
          dueHours: str(form, "dueHours") || null,
        });
        if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
        addTask(tenantId, id, parsed.data, actor, now);
        return data<FormResult>({ intent, ok: "Task added." });
      }
      case "task": {
        const taskId = str(form, "taskId") ?? "";
        const status = str(form, "status") === "done" ? "done" : "open";
        const t = updateTask(tenantId, id, taskId, { status }, actor, now);
        if (!t) return fail(intent, { form: "That task is not on this case" }, 404);
        return data<FormResult>({ intent, ok: status === "done" ? `Done: ${t.title}` : `Reopened: ${t.title}` });
      }
      case "observable": {
        const parsed = ObservableSchema.safeParse({
          type: str(form, "type"),
          value: str(form, "value") ?? "",
          ioc: str(form, "ioc") === "on",
          note: str(form, "note") || null,
        });
        if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
        addObservable(tenantId, id, parsed.data, actor, now);
        return data<FormResult>({ intent, ok: "Observable added." });
      }
      case "comment": {
        const corrects = str(form, "corrects");
        const parsed = CommentSchema.safeParse({
          text: str(form, "text") ?? "",
          corrects: corrects ? Number(corrects) : null,
        });
        if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
        addComment(tenantId, id, parsed.data, actor, now);
        return data<FormResult>({ intent, ok: parsed.data.corrects ? "Correction added." : "Comment added." });
      }
      case "evidence": {
        const file = form.get("file");
        if (!file || typeof file === "string" || file.size === 0)
          return fail(intent, { file: "Choose a file to upload" });
        const stored = await storeEvidence(
          tenantId,
          id,
          { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
          actor,
          { now, note: str(form, "note")?.slice(0, 1000) || null },
        );
        if (stored)
          audit({
            action: "incident.evidence_added",
            tenantId,
            userId: ctx.user.id,
            ip,
            detail: { id, evidenceId: stored.id, sha256: stored.sha256 },
          });
        return data<FormResult>({ intent, ok: stored ? `Evidence stored. SHA-256 ${stored.sha256}` : undefined });
      }
      case "merge": {
        if (!can(role, "incident", "manage")) return refuse("manage", intent);
        const parsed = MergeSchema.safeParse({ targetId: str(form, "targetId") ?? "" });
        if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
        mergeCases(tenantId, id, parsed.data.targetId, actor, now);
        audit({
          action: "incident.merged",
          tenantId,
          userId: ctx.user.id,
          ip,
          detail: { id, into: parsed.data.targetId },
        });
        return redirect(`${PATH}/${parsed.data.targetId}?merged=1`);
      }
    }
  } catch (error) {
    return fromError(intent, error);
  }
  return fail(intent || "unknown", { form: "Unknown action" });
}

/** GET /incident-response/:id/evidence/:evidenceId — the file as an attachment; every download is audited. */
export async function evidenceDownload(request: Request, id: string, evidenceId: string, context: unknown) {
  const ctx = await requireAppRoute(request, PATH);
  if (!reportSections(ctx.tenant.role).evidence) throw notFound();
  const e = readEvidence(ctx.tenant.id, id, evidenceId);
  if (!e) throw notFound();
  audit({
    action: "incident.evidence_downloaded",
    tenantId: ctx.tenant.id,
    userId: ctx.user.id,
    ip: clientIp(context),
    detail: { id, evidenceId, sha256: e.sha256 },
  });
  appendEvent(
    ctx.tenant.id,
    id,
    { userId: ctx.user.id },
    "evidence_downloaded",
    { evidenceId, fileName: e.fileName },
    Date.now(),
  );
  return evidenceResponse(e);
}

/** GET /incident-response/:id/markdown — the case report as Markdown, filtered by the reader's role. */
export async function markdownExport(request: Request, id: string) {
  const ctx = await requireAppRoute(request, PATH);
  const c = getCase(ctx.tenant.id, id);
  if (!c) throw notFound();
  return new Response(caseMarkdown(ctx.tenant.id, c, ctx.tenant.role), {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": `attachment; filename="${c.reference}.md"`,
      "Cache-Control": "private, no-store",
    },
  });
}

// ---------------------------------------------------------------------------
// /incident-response/templates
// ---------------------------------------------------------------------------

export async function templatesLoader(request: Request) {
  const ctx = await requireAppRoute(request, PATH);
  return {
    templates: listTemplates(ctx.tenant.id).map((t) => ({
      ...t,
      lines: t.tasks.map((x) => `${x.dueHours} | ${x.phase} | ${x.title}`).join("\n"),
      shipped: DEFAULT_TEMPLATES.some((d) => d.key === t.key),
    })),
    can: abilities(ctx.tenant.role),
  };
}

export async function templatesAction(request: Request, context: unknown) {
  const ctx = await requireAppRoute(request, PATH);
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const intent = str(form, "intent") ?? "";
  const key = str(form, "key") ?? "";
  const formIntent = `${intent}-${key}`;
  if (!can(ctx.tenant.role, "incident", "editTemplates")) return refuse("editTemplates", formIntent);
  if (intent === "reset") {
    if (!resetTemplate(ctx.tenant.id, key))
      return fail(formIntent, { form: "Only the shipped templates can be reset" });
    return data<FormResult>({ intent: formIntent, ok: "Template reset." });
  }
  if (intent === "save") {
    const parsed = TemplateSchema.safeParse({
      key,
      name: str(form, "name") ?? "",
      tasks: parseTemplateLines(str(form, "tasks") ?? ""),
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const issue = parsed.error.issues.find((i) => i.path[0] === "tasks" && i.path.length > 1);
      if (issue) errors.tasks = `Line ${Number(issue.path[1]) + 1}: write "hours | phase | task" (${issue.message})`;
      return fail(formIntent, errors);
    }
    saveTemplate(ctx.tenant.id, parsed.data);
    audit({
      action: "incident.template_saved",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: { key },
    });
    return data<FormResult>({ intent: formIntent, ok: "Template saved." });
  }
  return fail(formIntent, { form: "Unknown action" });
}
