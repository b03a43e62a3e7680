/** POST /api/incidents/:id/evidence — multipart/form-data with `file` (25 MB at most) and an optional `note`. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { onlyGet } from "~/lib/api.server";
import { limitWrites } from "~/lib/api.server";
import { badRequest, json, jsonError, methodNotAllowed, notFound } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { incidentApiAccess } from "~/modules/incidents/permissions";
import { audit } from "~/modules/audit";
import { caseExists } from "~/modules/incidents/cases.server";
import { storeEvidence } from "~/modules/incidents/evidence.server";
import { EVIDENCE_MAX_BYTES } from "~/modules/incidents/types";
import { domainErrorResponse } from "~/lib/http.server";

export const loader = onlyGet;

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, params, context: loadContext }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, incidentApiAccess("work"));
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
    return domainErrorResponse(error);
  }
}
