/** /compliance-monitoring/evidence/:id: an evidence file, as an attachment only, audited. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAppRoute } from "~/modules/tenants";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { getEvidenceFile } from "~/modules/compliance/compliance.server";
import { readEvidenceFile } from "~/modules/compliance/evidence-store.server";

const PATH = "/compliance-monitoring";

const notFound = () =>
  new Response(JSON.stringify({ message: "Resource not found", code: "NOT_FOUND" }), {
    status: 404,
    headers: { "Content-Type": "application/json" },
  });

/** The download of a stored evidence file: always an attachment, never sniffed or rendered; audited. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
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
