/**
 * Loaders and actions of the compliance pages, so the route files stay one
 * line each. Every one starts with the route's checks (signed in, tenant,
 * plan feature teamMonitoring); changes also need can(role,
 * "complianceRecord", "manage"). Forms are plain posts (they work without JavaScript); errors come
 * back per field with status 400.
 */
import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";
import { json } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { listMembers } from "~/modules/tenants";
import {
  addFileEvidence,
  addLinkEvidence,
  adoptFramework,
  checkEvidenceExpiry,
  ComplianceError,
  complianceFrameworks,
  dropFramework,
  evidenceUsage,
  frameworkScore,
  getEvidenceFile,
  getRequirement,
  listAdoptions,
  listRequirements,
  nextSteps,
  recordScoreSnapshots,
  removeEvidence,
  scoreTrend,
  setRequirementOwner,
  setRequirementStatus,
} from "./compliance.server";
import {
  EVIDENCE_MAX_BYTES,
  EVIDENCE_TENANT_QUOTA_BYTES,
  EvidenceStoreError,
  formatBytes,
  readEvidenceFile,
} from "./evidence-store.server";
import { FRAMEWORKS, STATUSES, type RequirementStatus } from "./frameworks";
import { can } from "~/modules/permissions";
import { MANAGE_REFUSED } from "./permissions";
import { frameworkReport, reportCsv } from "./report.server";

const PATH = "/compliance-monitoring";

export type FieldErrors = Partial<Record<string, string>>;
export type ComplianceActionData = {
  ok: boolean;
  intent: string;
  message?: string;
  formError?: string;
  fieldErrors?: FieldErrors;
};

const notFound = () =>
  new Response(JSON.stringify({ message: "Resource not found", code: "NOT_FOUND" }), {
    status: 404,
    headers: { "Content-Type": "application/json" },
  });

function refuse(): never {
  throw new Response(JSON.stringify({ message: MANAGE_REFUSED, code: "FORBIDDEN" }), {
    status: 403,
    headers: { "Content-Type": "application/json" },
  });
}

function fail(intent: string, error: unknown) {
  if (error instanceof ComplianceError) {
    if (error.code === "not-found") throw notFound();
    return data<ComplianceActionData>(
      error.field
        ? { ok: false, intent, fieldErrors: { [error.field]: error.message } }
        : { ok: false, intent, formError: error.message },
      { status: 400 },
    );
  }
  if (error instanceof EvidenceStoreError)
    return data<ComplianceActionData>({ ok: false, intent, fieldErrors: { file: error.message } }, { status: 400 });
  throw error;
}

// ---------------------------------------------------------------------------
// /compliance-monitoring
// ---------------------------------------------------------------------------

const overviewQuery = z.object({
  framework: z.string().max(100).optional().catch(undefined),
  status: z.enum(STATUSES).optional().catch(undefined),
  required: z.literal("1").optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export async function overviewLoader(request: Request, now = Date.now()) {
  const access = await loadAppRoute(request, PATH);
  if (access.teaser) return { teaser: true as const };
  const { ctx } = access;
  const tenantId = ctx.tenant.id;
  // Expired evidence is handled before anything is shown, so the page never shows a stale "compliant".
  checkEvidenceExpiry(tenantId, now);
  recordScoreSnapshots(tenantId, now);
  const url = new URL(request.url);
  const query = overviewQuery.parse(Object.fromEntries(url.searchParams));
  const adoptions = listAdoptions(tenantId);
  const adopted = adoptions.map((a) => {
    const s = frameworkScore(tenantId, a);
    return { key: a.framework.key, label: a.label, shortName: a.framework.shortName, baseline: a.baseline, ...s };
  });
  const current = adoptions.find((a) => a.framework.key === query.framework) ?? adoptions[0] ?? null;
  let selected = null;
  if (current) {
    const requiredOnly = current.framework.requiredFilter && query.required === "1";
    const list = listRequirements(
      tenantId,
      current,
      { status: query.status, q: query.q, page: query.page, requiredOnly },
      now,
    );
    selected = {
      key: current.framework.key,
      label: current.label,
      shortName: current.framework.shortName,
      requiredFilter: current.framework.requiredFilter,
      counts: frameworkScore(tenantId, current, { requiredOnly }),
      trend: scoreTrend(tenantId, current.framework.key, now).map((p) => ({
        label: p.label,
        short: p.short,
        value: p.score,
      })),
      next: nextSteps(tenantId, current, 5, now),
      filter: { status: query.status ?? null, requiredOnly, q: query.q ?? "" },
      list: {
        total: list.total,
        page: list.page,
        pageCount: list.pageCount,
        rows: list.rows.map((r) => ({
          id: r.id,
          title: r.title,
          type: r.requirement ?? r.kind,
          status: r.status,
          ownerEmail: r.ownerEmail,
          evidenceCount: r.evidenceCount,
          automatic: r.automatic.map((a) => a.label),
        })),
      },
    };
  }
  return {
    teaser: false as const,
    tenantName: ctx.tenant.displayName,
    canManage: can(ctx.tenant.role, "complianceRecord", "manage"),
    frameworks: FRAMEWORKS.map((f) => ({
      key: f.key,
      name: f.name,
      baselines: f.baselines?.map((b) => ({ key: b.key, name: b.name })) ?? null,
    })),
    adopted,
    selected,
  };
}

const adoptSchema = z.object({
  framework: z.string({ error: "Choose a framework." }).min(1, "Choose a framework.").max(100),
  baseline: z.string().max(50).optional(),
});

export async function overviewAction(request: Request, context: unknown) {
  const ctx = await requireAppRoute(request, PATH);
  if (!can(ctx.tenant.role, "complianceRecord", "manage")) refuse();
  limitWrites(ctx.user.id);
  const form = await readFormSafely(request);
  if (!form)
    return data<ComplianceActionData>(
      { ok: false, intent: "unknown", formError: "The form could not be read." },
      { status: 400 },
    );
  const intent = String(form.get("intent") ?? "");
  const tenantId = ctx.tenant.id;
  if (intent === "adopt") {
    const parsed = adoptSchema.safeParse({
      framework: form.get("framework") ?? undefined,
      baseline: (form.get("baseline") as string | null) || undefined,
    });
    if (!parsed.success)
      return data<ComplianceActionData>(
        { ok: false, intent, fieldErrors: { framework: parsed.error.issues[0]?.message } },
        { status: 400 },
      );
    try {
      const adoption = adoptFramework(tenantId, ctx.user.id, parsed.data.framework, parsed.data.baseline ?? null);
      audit({
        action: "compliance.framework_adopted",
        tenantId,
        userId: ctx.user.id,
        ip: clientIp(context),
        detail: { framework: adoption.framework.key, baseline: adoption.baseline },
      });
      throw redirect(`${PATH}?framework=${encodeURIComponent(adoption.framework.key)}`);
    } catch (error) {
      if (error instanceof Response) throw error;
      return fail(intent, error);
    }
  }
  if (intent === "drop") {
    const framework = String(form.get("framework") ?? "");
    if (!dropFramework(tenantId, framework)) throw notFound();
    audit({
      action: "compliance.framework_dropped",
      tenantId,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: { framework },
    });
    throw redirect(PATH);
  }
  return data<ComplianceActionData>({ ok: false, intent, formError: "Unknown action." }, { status: 400 });
}

async function readFormSafely(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// /compliance-monitoring/:framework/requirements/:requirement
// ---------------------------------------------------------------------------

export async function requirementLoader(
  request: Request,
  params: Record<string, string | undefined>,
  now = Date.now(),
) {
  const ctx = await requireAppRoute(request, PATH);
  const tenantId = ctx.tenant.id;
  checkEvidenceExpiry(tenantId, now);
  const found = getRequirement(tenantId, params.framework ?? "", params.requirement ?? "", now);
  if (!found) throw notFound();
  const { adoption, requirement, statement, parent, evidence } = found;
  return {
    framework: { key: adoption.framework.key, label: adoption.label, shortName: adoption.framework.shortName },
    requirement: {
      id: requirement.id,
      title: requirement.title,
      type: requirement.requirement ?? requirement.kind,
      status: requirement.status,
      justification: requirement.justification,
      ownerUserId: requirement.ownerUserId,
      ownerEmail: requirement.ownerEmail,
      automatic: requirement.automatic.map((a) => ({
        label: a.label,
        summary: a.summary,
        lastAt: a.lastAt ? new Date(a.lastAt).toISOString().slice(0, 10) : null,
      })),
    },
    // CSF subcategories are named by their statement: no need to print it twice.
    statement: statement === requirement.title ? null : statement,
    parent,
    evidence: evidence.map((e) => ({
      id: e.id,
      kind: e.kind,
      title: e.title,
      url: e.url,
      fileName: e.fileName,
      size: e.kind === "file" ? formatBytes(e.sizeBytes) : null,
      sha256: e.sha256,
      effectiveOn: e.effectiveOn,
      expiresOn: e.expiresOn,
      state: e.state,
      addedBy: e.createdByEmail,
    })),
    members: listMembers(tenantId).map((m) => ({ userId: m.userId, email: m.email })),
    canManage: can(ctx.tenant.role, "complianceRecord", "manage"),
    limits: {
      maxFile: formatBytes(EVIDENCE_MAX_BYTES),
      quota: formatBytes(EVIDENCE_TENANT_QUOTA_BYTES),
      used: formatBytes(evidenceUsage(tenantId)),
    },
  };
}

const statusSchema = z.object({
  status: z.enum(STATUSES, { error: "Choose a status." }),
  justification: z.string().max(5000).optional(),
});

const evidenceFields = {
  title: z.string().max(1000).optional(),
  effectiveOn: z.string().max(20).optional(),
  expiresOn: z.string().max(20).optional(),
  markCompliant: z.literal("on").optional(),
};
const linkSchema = z.object({ ...evidenceFields, url: z.string().max(5000) });

export async function requirementAction(
  request: Request,
  params: Record<string, string | undefined>,
  context: unknown,
) {
  const ctx = await requireAppRoute(request, PATH);
  if (!can(ctx.tenant.role, "complianceRecord", "manage")) refuse();
  limitWrites(ctx.user.id);
  const tenantId = ctx.tenant.id;
  const framework = params.framework ?? "";
  const itemId = params.requirement ?? "";
  if (!getRequirement(tenantId, framework, itemId)) throw notFound();

  let form: FormData;
  try {
    form = /multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")
      ? await unstable_parseMultipartFormData(
          request,
          unstable_createMemoryUploadHandler({ maxPartSize: EVIDENCE_MAX_BYTES }),
        )
      : await request.formData();
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return data<ComplianceActionData>(
        {
          ok: false,
          intent: "evidence-file",
          fieldErrors: { file: `Evidence files can be at most ${formatBytes(EVIDENCE_MAX_BYTES)}.` },
        },
        { status: 400 },
      );
    return data<ComplianceActionData>(
      { ok: false, intent: "unknown", formError: "The form could not be read." },
      { status: 400 },
    );
  }
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const auditEvent = (action: string, detail: Record<string, unknown> = {}) =>
    audit({
      action,
      tenantId,
      userId: ctx.user.id,
      ip: clientIp(context),
      detail: { framework, requirement: itemId, ...detail },
    });

  try {
    if (intent === "status") {
      const parsed = statusSchema.safeParse(fields);
      if (!parsed.success)
        return data<ComplianceActionData>(
          { ok: false, intent, fieldErrors: { status: "Choose a status." } },
          { status: 400 },
        );
      setRequirementStatus(tenantId, ctx.user.id, framework, itemId, parsed.data);
      auditEvent("compliance.status_changed", { status: parsed.data.status });
      return data<ComplianceActionData>({ ok: true, intent, message: "Status saved." });
    }
    if (intent === "owner") {
      const owner = typeof fields.owner === "string" && fields.owner ? fields.owner : null;
      setRequirementOwner(tenantId, ctx.user.id, framework, itemId, owner);
      auditEvent("compliance.owner_changed", { owner });
      return data<ComplianceActionData>({ ok: true, intent, message: owner ? "Owner saved." : "Owner removed." });
    }
    if (intent === "evidence-link") {
      const parsed = linkSchema.safeParse(fields);
      if (!parsed.success)
        return data<ComplianceActionData>(
          { ok: false, intent, fieldErrors: { url: "Enter a web address." } },
          { status: 400 },
        );
      const id = addLinkEvidence(tenantId, ctx.user.id, framework, itemId, {
        ...parsed.data,
        title: parsed.data.title ?? "",
        markCompliant: parsed.data.markCompliant === "on",
      });
      auditEvent("compliance.evidence_added", { evidenceId: id, kind: "link" });
      return data<ComplianceActionData>({ ok: true, intent, message: "Link added as evidence." });
    }
    if (intent === "evidence-file") {
      const file = form.get("file");
      if (!file || typeof file === "string" || file.size === 0)
        return data<ComplianceActionData>(
          { ok: false, intent, fieldErrors: { file: "Choose a file." } },
          { status: 400 },
        );
      const parsed = z.object(evidenceFields).safeParse(fields);
      if (!parsed.success)
        return data<ComplianceActionData>({ ok: false, intent, formError: "Check the dates." }, { status: 400 });
      const { id, sha256 } = addFileEvidence(tenantId, ctx.user.id, framework, itemId, {
        ...parsed.data,
        title: parsed.data.title ?? "",
        markCompliant: parsed.data.markCompliant === "on",
        fileName: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      auditEvent("compliance.evidence_added", { evidenceId: id, kind: "file", sha256 });
      return data<ComplianceActionData>({ ok: true, intent, message: `File stored. SHA-256 ${sha256}.` });
    }
    if (intent === "evidence-remove") {
      const evidenceId = String(fields.evidenceId ?? "");
      const removed = removeEvidence(tenantId, evidenceId);
      if (!removed || removed.framework !== framework || removed.itemId !== itemId) throw notFound();
      auditEvent("compliance.evidence_removed", { evidenceId });
      return data<ComplianceActionData>({ ok: true, intent, message: "Evidence removed." });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return fail(intent, error);
  }
  return data<ComplianceActionData>({ ok: false, intent, formError: "Unknown action." }, { status: 400 });
}

// ---------------------------------------------------------------------------
// Reports and downloads
// ---------------------------------------------------------------------------

export async function reportLoader(request: Request, params: Record<string, string | undefined>, now = Date.now()) {
  const ctx = await requireAppRoute(request, PATH);
  checkEvidenceExpiry(ctx.tenant.id, now);
  const requiredOnly = new URL(request.url).searchParams.get("required") === "1";
  const report = frameworkReport(ctx.tenant.id, params.framework ?? "", { requiredOnly }, now);
  if (!report) throw notFound();
  return { ctx, report, requiredOnly };
}

export async function reportPageLoader(request: Request, params: Record<string, string | undefined>) {
  const { ctx, report, requiredOnly } = await reportLoader(request, params);
  return {
    tenantName: ctx.tenant.displayName,
    framework: {
      key: report.adoption.framework.key,
      label: report.adoption.label,
      source: report.adoption.framework.source,
      requiredFilter: report.adoption.framework.requiredFilter,
    },
    requiredOnly,
    generatedOn: report.generatedOn,
    score: report.score,
    rows: report.rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.requirement ?? r.kind,
      status: r.status as RequirementStatus,
      justification: r.justification,
      ownerEmail: r.ownerEmail,
      evidence: r.evidence,
      automatic: r.automatic.map((a) => `${a.label}: ${a.summary}`),
      updatedOn: r.updatedAt ? new Date(r.updatedAt).toISOString().slice(0, 10) : null,
    })),
  };
}

export async function reportCsvLoader(request: Request, params: Record<string, string | undefined>) {
  const { report } = await reportLoader(request, params);
  const name = `${report.adoption.framework.key}${report.adoption.baseline ? `-${report.adoption.baseline}` : ""}-${report.generatedOn}.csv`;
  return new Response(reportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}

/** The download of a stored evidence file: always an attachment, never sniffed or rendered; audited. */
export async function evidenceDownloadLoader(
  request: Request,
  params: Record<string, string | undefined>,
  context: unknown,
) {
  const ctx = await requireAppRoute(request, PATH);
  const row = getEvidenceFile(ctx.tenant.id, params.id ?? "");
  const bytes = row ? readEvidenceFile(ctx.tenant.id, row.storageKey) : null;
  if (!row || !bytes) throw notFound();
  audit({
    action: "compliance.evidence_downloaded",
    tenantId: ctx.tenant.id,
    userId: ctx.user.id,
    ip: clientIp(context),
    detail: { evidenceId: row.id, framework: row.framework, requirement: row.itemId, sha256: row.sha256 },
  });
  const ascii = row.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
    },
  });
}

// ---------------------------------------------------------------------------
// GET /api/compliance/frameworks
// ---------------------------------------------------------------------------

export async function frameworksApiLoader(request: Request) {
  const ctx = await requireAppRoute(request, PATH, { api: true });
  checkEvidenceExpiry(ctx.tenant.id);
  const requiredOnly = new URL(request.url).searchParams.get("required") === "1";
  return json({ frameworks: complianceFrameworks(ctx.tenant.id, { controls: "all", requiredOnly }) });
}
