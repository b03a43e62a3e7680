/** /compliance-monitoring/:framework/requirements/:requirement: one requirement's status, owner and evidence. */
import {
  MaxPartSizeExceededError,
  data,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { RequirementPage } from "~/modules/compliance/components/requirement-page";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { requireAppRoute } from "~/modules/tenants";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { listMembers } from "~/modules/tenants";
import {
  addFileEvidence,
  addLinkEvidence,
  checkEvidenceExpiry,
  evidenceUsage,
  getRequirement,
  removeEvidence,
  setRequirementOwner,
  setRequirementStatus,
} from "~/modules/compliance/compliance.server";
import {
  EVIDENCE_MAX_BYTES,
  EVIDENCE_TENANT_QUOTA_BYTES,
  formatBytes,
} from "~/modules/compliance/evidence-store.server";
import { STATUSES } from "~/modules/compliance/frameworks";
import { can } from "~/modules/permissions";
import { MANAGE_REFUSED } from "~/modules/compliance/permissions";
import { domainFieldError } from "~/lib/http.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.requirement.id} · ${data.framework.shortName} · Compliance · Rampart`
      : "Compliance · Rampart",
  },
];

export const headers = () => ({ "Cache-Control": "no-store" });

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

/** A refusal from the compliance module (a DomainError): 404 for a missing record, else shown by its field. */
function fail(intent: string, error: unknown) {
  const refused = domainFieldError(error);
  if (refused.status === 404) throw notFound();
  return data<ComplianceActionData>(
    refused.field === "form"
      ? { ok: false, intent, formError: refused.message }
      : { ok: false, intent, fieldErrors: { [refused.field]: refused.message } },
    { status: 400 },
  );
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

export async function loader({ request, params }: LoaderFunctionArgs) {
  const now = Date.now();
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
        lastAt: a.lastAt ? new Date(a.lastAt).toISOString() : null,
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

export async function action({ request, params, context }: ActionFunctionArgs) {
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
export default function Requirement() {
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  return <RequirementPage {...page} result={result} />;
}
