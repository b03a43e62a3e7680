/**
 * The /api/incidents handlers (the route files stay one line each). Session or API token, tenant-scoped; a case of
 * another tenant answers 404 like a missing one, before its body is read. Validation answers 400 VALIDATION_ERROR
 * with the first problem; an evidence file over 25 MB or over the quota answers 413.
 */
import { limitWrites } from "~/lib/api.server";
import {
  badRequest,
  firstIssue,
  forbidden,
  json,
  jsonError,
  methodNotAllowed,
  notFound,
  readJsonBody,
} from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { z } from "zod";
import {
  addComment,
  addObservable,
  addTask,
  caseExists,
  createCase,
  getCase,
  getTask,
  IncidentError,
  listCases,
  updateCase,
  updateTask,
} from "./cases.server";
import { storeEvidence } from "./evidence.server";
import type { Role } from "~/lib/permissions";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type IncidentAction } from "./permissions";
import { visibleTimeline } from "./report.server";
import { checkSlaBreaches, getSlaTargets, slaState } from "./sla.server";
import { SEVERITIES, STATUSES, EVIDENCE_MAX_BYTES } from "./types";
import {
  CommentSchema,
  CreateCaseSchema,
  ObservableSchema,
  PatchCaseSchema,
  PatchTaskSchema,
  TaskSchema,
} from "./validation";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, action: IncidentAction) {
  const ctx = await requireTenantContext(request, { feature: "incidentResponse", api: true });
  if (!can(ctx.tenant.role, "incident", action)) throw forbidden(PERMISSION_MESSAGE[action]);
  return ctx;
}

async function objectBody(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("Send a JSON object");
  return body as Record<string, unknown>;
}

function refusal(error: unknown): Response {
  if (error instanceof IncidentError)
    return error.status === 413 ? jsonError(413, error.message, "PAYLOAD_TOO_LARGE") : badRequest(error.message);
  throw error;
}

/** The case as the API shows it: with its SLA state and the timeline left to its own endpoint. */
export function caseForApi(tenantId: string, id: string, role: Role, now = Date.now()) {
  const c = getCase(tenantId, id, now);
  if (!c) return null;
  const sla = slaState(c, getSlaTargets(tenantId), now);
  const full = can(role, "incident", "work");
  return { ...c, observables: full ? c.observables : [], evidence: full ? c.evidence : [], sla };
}

const FilterSchema = z.object({
  status: z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(", ")}` }).optional(),
  severity: z.enum(SEVERITIES, { error: `severity must be one of ${SEVERITIES.join(", ")}` }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(1000).optional(),
});

export async function listCasesApi(request: Request) {
  const ctx = await context(request, "view");
  const url = new URL(request.url);
  const parsed = FilterSchema.safeParse({
    status: url.searchParams.get("status") || undefined,
    severity: url.searchParams.get("severity") || undefined,
    limit: url.searchParams.get("limit") || undefined,
  });
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  checkSlaBreaches(ctx.tenant.id);
  return json({ incidents: listCases(ctx.tenant.id, parsed.data) }, { headers: noStore });
}

export async function createCaseApi(request: Request, loadContext: unknown) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  const parsed = CreateCaseSchema.safeParse(await objectBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  if (parsed.data.assigneeId && !can(ctx.tenant.role, "incident", "manage"))
    return forbidden(PERMISSION_MESSAGE.manage);
  try {
    const created = createCase(
      ctx.tenant.id,
      { ...parsed.data, source: parsed.data.source ?? (parsed.data.alertIds?.length ? "alerts" : "api") },
      { userId: ctx.user.id },
    );
    audit({
      action: "incident.opened",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      detail: { id: created.id, reference: created.reference, alerts: created.alerts.length },
    });
    return json(caseForApi(ctx.tenant.id, created.id, ctx.tenant.role), {
      status: 201,
      headers: { ...noStore, Location: `/api/incidents/${created.id}` },
    });
  } catch (error) {
    return refusal(error);
  }
}

export async function getCaseApi(request: Request, id: string) {
  const ctx = await context(request, "view");
  checkSlaBreaches(ctx.tenant.id);
  const found = caseForApi(ctx.tenant.id, id, ctx.tenant.role);
  return found ? json(found, { headers: noStore }) : notFound();
}

const MANAGED = ["status", "resolution", "assigneeId"] as const;

export async function patchCaseApi(request: Request, id: string, loadContext: unknown) {
  if (request.method !== "PATCH") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  const parsed = PatchCaseSchema.safeParse(await objectBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  if (MANAGED.some((k) => parsed.data[k] !== undefined) && !can(ctx.tenant.role, "incident", "manage"))
    return forbidden(PERMISSION_MESSAGE.manage);
  try {
    updateCase(ctx.tenant.id, id, parsed.data, { userId: ctx.user.id });
    audit({
      action: "incident.updated",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      detail: { id, changes: Object.keys(parsed.data) },
    });
    return json(caseForApi(ctx.tenant.id, id, ctx.tenant.role), { headers: noStore });
  } catch (error) {
    return refusal(error);
  }
}

export async function addTaskApi(request: Request, id: string) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  const parsed = TaskSchema.safeParse(await objectBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const task = addTask(ctx.tenant.id, id, parsed.data, { userId: ctx.user.id });
  return task ? json(task, { status: 201, headers: noStore }) : notFound();
}

export async function patchTaskApi(request: Request, id: string, taskId: string) {
  if (request.method !== "PATCH") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  if (!getTask(ctx.tenant.id, id, taskId)) return notFound();
  const parsed = PatchTaskSchema.safeParse(await objectBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  const task = updateTask(ctx.tenant.id, id, taskId, parsed.data, { userId: ctx.user.id });
  return task ? json(task, { headers: noStore }) : notFound();
}

export async function addObservableApi(request: Request, id: string) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  const parsed = ObservableSchema.safeParse(await objectBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const o = addObservable(ctx.tenant.id, id, parsed.data, { userId: ctx.user.id });
    return o ? json(o, { status: 201, headers: noStore }) : notFound();
  } catch (error) {
    return refusal(error);
  }
}

export async function addCommentApi(request: Request, id: string) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  const parsed = CommentSchema.safeParse(await objectBody(request));
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const entry = addComment(ctx.tenant.id, id, parsed.data, { userId: ctx.user.id });
    return entry ? json(entry, { status: 201, headers: noStore }) : notFound();
  } catch (error) {
    return refusal(error);
  }
}

export async function addEvidenceApi(request: Request, id: string, loadContext: unknown) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > EVIDENCE_MAX_BYTES + 64 * 1024)
    return jsonError(413, "Evidence files are limited to 25 MB each", "PAYLOAD_TOO_LARGE");
  if (!/^\s*multipart\/form-data/i.test(request.headers.get("Content-Type") ?? ""))
    return badRequest("Send the file as multipart/form-data in a field named file");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return badRequest("The multipart body could not be read");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") return badRequest("Send the file in a field named file");
  const note = form.get("note");
  try {
    const stored = await storeEvidence(
      ctx.tenant.id,
      id,
      { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
      { userId: ctx.user.id },
      { note: typeof note === "string" ? note.slice(0, 1000) : null },
    );
    if (!stored) return notFound();
    audit({
      action: "incident.evidence_added",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      detail: { id, evidenceId: stored.id, sha256: stored.sha256 },
    });
    return json(stored, { status: 201, headers: noStore });
  } catch (error) {
    return refusal(error);
  }
}

export async function timelineApi(request: Request, id: string) {
  const ctx = await context(request, "view");
  if (!caseExists(ctx.tenant.id, id)) return notFound();
  return json({ timeline: visibleTimeline(ctx.tenant.id, id, ctx.tenant.role) }, { headers: noStore });
}
