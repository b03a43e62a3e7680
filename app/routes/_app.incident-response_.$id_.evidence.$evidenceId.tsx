/** GET /incident-response/:id/evidence/:evidenceId — an evidence file as an attachment (nosniff); audited. */
import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAppRoute } from "~/modules/tenants";
import { notFound } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { appendEvent } from "~/modules/incidents/cases.server";
import { readEvidence } from "~/modules/incidents/evidence.server";
import { reportSections } from "~/modules/incidents/report.server";

const PATH = "/incident-response";

/** GET /incident-response/:id/evidence/:evidenceId — the file as an attachment; every download is audited. */
/** The download answer: an attachment, never rendered, not cached (the server adds nosniff to every answer). */
function evidenceResponse(e: { fileName: string; sha256: string; bytes: Buffer }) {
  const ascii = e.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(e.bytes), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(e.fileName)}`,
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      "Content-Length": String(e.bytes.byteLength),
      "X-Evidence-Sha256": e.sha256,
    },
  });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const evidenceId = params.evidenceId ?? "";
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
