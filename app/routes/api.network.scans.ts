/**
 * POST /api/network/scans — an Nmap XML file (`nmap -oX`) as JSON `{ filename, content }` or multipart `file`:
 * parsed in a worker under a deadline, checked and stored for the selected tenant. Answers 201
 * `{ id, startedAt, hosts: [{ address, hostnames, ports: [{ port, protocol, state, service, product, version, cpe }] }],
 * findings: [{ host, port, check, title, severity }] }` (pinned by issue 36). GET lists the tenant's scans.
 * 400 VALIDATION_ERROR for a missing file or one that is not Nmap XML, 413 PAYLOAD_TOO_LARGE beyond 16 MB, the
 * host or port limits or the parse deadline, 503 when the importer is busy. See docs/api.md.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { limitWrites, readMultipartUpload } from "~/lib/api.server";
import { DomainError } from "~/lib/errors";
import { badRequest, domainErrorResponse, firstIssue, json, methodNotAllowed } from "~/lib/http.server";
import { importScan, listScans, MAX_SCAN_BYTES, TOO_LARGE } from "~/modules/network";
import { requireTenantContext } from "~/modules/tenants";
import { readUploadJson } from "~/modules/vulnerability/index.server";

const MISSING = 'Send Nmap XML output: multipart with a "file" field, or JSON { filename, content }.';

const BodySchema = z.object({
  filename: z
    .string({ error: `filename is required. ${MISSING}` })
    .trim()
    .min(1, `filename is required. ${MISSING}`)
    .max(200),
  content: z
    .string({ error: `content is required. ${MISSING}` })
    .refine((s) => s.trim().length > 0, `content must not be empty. ${MISSING}`),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "teamMonitoring" });
  return json(
    {
      scans: listScans(ctx.tenant.id).map((s) => ({
        id: s.id,
        filename: s.filename,
        source: s.source,
        startedAt: new Date(s.startedAt).toISOString(),
        hosts: s.hostCount,
        openPorts: s.openPortCount,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { feature: "teamMonitoring", permission: ["networkScan", "import"] });
  limitWrites(ctx.user.id);
  const type = request.headers.get("Content-Type") ?? "";
  let input: { filename: string; content: string };
  if (/multipart\/form-data/i.test(type)) {
    const form = await readMultipartUpload(request, MAX_SCAN_BYTES, TOO_LARGE);
    if (form instanceof Response) return form;
    const file = form.get("file");
    if (!file || typeof file === "string" || file.size === 0) return badRequest(MISSING);
    input = { filename: file.name || "scan.xml", content: await file.text() };
  } else {
    const body = await readUploadJson(request);
    const parsed = BodySchema.safeParse(body && typeof body === "object" && !Array.isArray(body) ? body : {});
    if (!parsed.success) return badRequest(firstIssue(parsed.error));
    input = parsed.data;
  }
  try {
    const r = await importScan({ tenantId: ctx.tenant.id, userId: ctx.user.id, ...input });
    return json(
      {
        id: r.id,
        startedAt: new Date(r.startedAt).toISOString(),
        hosts: r.hosts,
        findings: r.findings.map((f) => ({
          host: f.host,
          port: f.port,
          check: f.check,
          title: f.title,
          severity: f.severity,
        })),
      },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    const busy = error instanceof DomainError && error.status === 503;
    return domainErrorResponse(error, busy ? { "Retry-After": "60" } : undefined);
  }
}
