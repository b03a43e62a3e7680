/**
 * POST /api/cloud/snapshots (issue 35, pinned): multipart/form-data with `provider` (aws | azure | gcp), an
 * optional `account` label and `file` (a zip of CLI outputs, or one JSON file, or Prowler's json-ocsf
 * output). Each file is recognised by its JSON shape; answers 201 `{ id, provider, account, recognised:
 * [{ file, kind }], skipped: [{ file, reason }], findings: [{ checkId, cis, title, severity, resource, status,
 * detail, remediation }], notChecked: [checkId], newFailures, resolved }` with `status` pass | fail | muted.
 * 400 VALIDATION_ERROR for a missing field or an unreadable zip, 413 PAYLOAD_TOO_LARGE past a cap (upload
 * 10 MB, 2000 entries, 20 MB per file, 100 MB inflated) or the parse deadline, 503 when the parser is busy.
 * GET answers the organization's snapshots, newest first. See docs/api.md.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { limitWrites, readMultipartUpload } from "~/lib/api.server";
import { badRequest, domainErrorResponse, json, methodNotAllowed } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { listSnapshots, MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE, uploadSnapshot } from "~/modules/cloud";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "teamMonitoring" });
  return json({
    snapshots: listSnapshots(ctx.tenant.id).map((s) => ({
      id: s.id,
      provider: s.provider,
      account: s.account,
      uploadedAt: new Date(s.createdAt).toISOString(),
      failing: s.failing,
      passing: s.passing,
      muted: s.muted,
    })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, {
    feature: "teamMonitoring",
    permission: ["cloudSnapshot", "upload"],
  });
  limitWrites(ctx.user.id);
  if (!/multipart\/form-data/i.test(request.headers.get("Content-Type") ?? ""))
    return badRequest("Send multipart/form-data with provider, an optional account and file.");
  const form = await readMultipartUpload(request, MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE);
  if (form instanceof Response) return form;
  const file = form.get("file");
  try {
    const s = await uploadSnapshot({
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      provider: form.get("provider"),
      account: form.get("account"),
      file:
        file && typeof file !== "string"
          ? { name: file.name || "upload", bytes: new Uint8Array(await file.arrayBuffer()) }
          : null,
      ip: clientIp(context),
    });
    return json(
      {
        id: s.id,
        provider: s.provider,
        account: s.account,
        recognised: s.recognised,
        skipped: s.skipped,
        findings: s.findings.map((f) => ({
          checkId: f.checkId,
          cis: f.cis,
          title: f.title,
          severity: f.severity,
          resource: f.resource,
          status: f.status,
          source: f.source,
          detail: f.detail,
          remediation: f.remediation,
        })),
        notChecked: s.notChecked,
        newFailures: s.newFailures,
        resolved: s.resolved,
      },
      201,
    );
  } catch (error) {
    const busy = error instanceof Error && "status" in error && (error as { status: number }).status === 503;
    return domainErrorResponse(error, busy ? { "Retry-After": "60" } : undefined);
  }
}
