/** /incident-response/:id: one case (status, tasks, observables, evidence, timeline) and its printable report. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { CasePage } from "~/modules/incidents/components/case-page";
import { limitWrites } from "~/lib/api.server";
import { requireAppRoute } from "~/modules/tenants";
import { notFound, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import {
  addComment,
  addObservable,
  addTask,
  assigneeOptions,
  getCase,
  listCases,
  mergeCases,
  updateCase,
  updateTask,
} from "~/modules/incidents/cases.server";
import { storeEvidence } from "~/modules/incidents/evidence.server";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type IncidentAction } from "~/modules/incidents/permissions";
import { reportSections, visibleTimeline } from "~/modules/incidents/report.server";
import { checkSlaBreaches, getSlaTargets, slaState } from "~/modules/incidents/sla.server";
import {
  CommentSchema,
  fieldErrors,
  MergeSchema,
  ObservableSchema,
  PatchCaseSchema,
  TaskSchema,
} from "~/modules/incidents/validation";
import { domainFieldError } from "~/lib/http.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.case.reference ?? "Case"} · Incident Response · Rampart` },
];

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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const now = Date.now();
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

export async function action({ request, params, context }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const now = Date.now();
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

export default function Page() {
  return <CasePage />;
}
