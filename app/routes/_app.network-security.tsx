/**
 * /network-security (issue 36): Nmap scan import, inventory, findings with remediation, drift between scans and
 * the targets the server may scan itself. Business plan (teamMonitoring). The import form posts multipart (a file)
 * to the action; the target forms post url-encoded.
 */
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { appRoute } from "~/lib/app-routes";
import { domainFieldError, readForm } from "~/lib/http.server";
import { useActionResult } from "~/lib/use-action-result";
import { ModuleRoute } from "~/components/module-page";
import {
  addNetworkTarget,
  importScan,
  latestScan,
  listAssets,
  listNetworkTargets,
  listScans,
  MAX_SCAN_BYTES,
  NetworkPage,
  removeNetworkTarget,
  scanChanges,
  schedulerStatus,
  TOO_LARGE,
  type NetworkActionData,
  type NetworkLoaderData,
} from "~/modules/network";
import { can } from "~/modules/permissions";
import { loadAppRoute, modulePage, requireAppRoute } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/network-security").label} · Rampart` }];

const PATH = "/network-security";
export const INTENTS = ["import", "add-target", "remove-target"] as const;
const Intent = z.enum(INTENTS);
const MISSING_FILE = "Choose the XML file Nmap wrote (nmap -oX).";

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, PATH);
  if (access.teaser) return modulePage(access);
  const { ctx } = access;
  const tenantId = ctx.tenant.id;
  const scans = listScans(tenantId);
  const latest = latestScan(tenantId);
  const previous = scans[1];
  const drift = latest && previous ? scanChanges(tenantId, latest.id, null).changes : null;
  const page: NetworkLoaderData = {
    teaser: false,
    canImport: can(ctx.tenant.role, "networkScan", "import"),
    canManageTargets: can(ctx.tenant.role, "networkTarget", "manage"),
    scheduler: schedulerStatus(),
    scans: scans.map((s) => ({
      filename: s.filename,
      source: s.source,
      startedAt: s.startedAt,
      hosts: s.hostCount,
      openPorts: s.openPortCount,
    })),
    latest: latest && {
      filename: latest.filename,
      startedAt: latest.startedAt,
      services: latest.hosts.flatMap((h) =>
        h.ports
          .filter((p) => p.state === "open")
          .map((p) => ({
            host: h.address,
            port: p.port,
            protocol: p.protocol,
            service: p.service,
            product: p.product,
            version: p.version,
          })),
      ),
      findings: latest.findings.map((f) => ({
        host: f.host,
        port: f.port,
        check: f.check,
        title: f.title,
        severity: f.severity,
        remediation: f.remediation,
      })),
    },
    drift: drift && previous ? { sinceFilename: previous.filename, ...drift } : null,
    assets: listAssets(tenantId),
    targets: listNetworkTargets(tenantId).map((t) => ({
      kind: t.kind,
      target: t.target,
      approved: t.approvedAt !== null,
      lastScanAt: t.lastScanAt,
      lastError: t.lastError,
    })),
  };
  return page;
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, PATH);
  limitWrites(ctx.user.id);
  const multipart = /multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
  let form: FormData;
  try {
    form = multipart
      ? await unstable_parseMultipartFormData(
          request,
          unstable_createMemoryUploadHandler({ maxPartSize: MAX_SCAN_BYTES }),
        )
      : await readForm(request);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return data<NetworkActionData>({ intent: "import", errors: { file: TOO_LARGE } }, { status: 413 });
    if (error instanceof Response) throw error;
    return data<NetworkActionData>(
      { intent: "unknown", errors: { form: "The form could not be read." } },
      { status: 400 },
    );
  }
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<NetworkActionData>({ intent: "unknown", errors: { form: "Unknown action" } }, { status: 400 });
  const fail = (errors: Record<string, string>, status: number) =>
    data<NetworkActionData>({ intent: intent.data, errors }, { status });
  const ok = (message: string) => data<NetworkActionData>({ intent: intent.data, ok: message });

  if (intent.data === "import") {
    if (!can(ctx.tenant.role, "networkScan", "import"))
      return fail({ form: "Viewers cannot import scans: ask an admin for the member role." }, 403);
    const file = form.get("file");
    const pasted = form.get("content");
    let filename: string;
    let content: string;
    if (file && typeof file !== "string" && file.size > 0) {
      filename = file.name || "scan.xml";
      content = await file.text();
    } else if (typeof pasted === "string" && pasted.trim()) {
      filename = String(form.get("filename") ?? "") || "pasted scan";
      content = pasted;
    } else return fail({ file: MISSING_FILE }, 400);
    try {
      const r = await importScan({ tenantId: ctx.tenant.id, userId: ctx.user.id, filename, content });
      const real = r.findings.filter((f) => f.severity !== "info").length;
      return ok(
        `Scan imported: ${r.hostCount} ${r.hostCount === 1 ? "host" : "hosts"}, ${r.openPortCount} open ${
          r.openPortCount === 1 ? "port" : "ports"
        }, ${real} ${real === 1 ? "finding" : "findings"}.`,
      );
    } catch (error) {
      const e = domainFieldError(error);
      return fail({ file: e.message }, e.status);
    }
  }

  if (!can(ctx.tenant.role, "networkTarget", "manage"))
    return fail({ form: "Only an admin or owner can attest the targets this server may scan." }, 403);
  const target = String(form.get("target") ?? "");
  if (intent.data === "remove-target") {
    removeNetworkTarget(ctx.tenant.id, target);
    return ok("Target removed: it will not be scanned again.");
  }
  if (!target.trim()) return fail({ target: "Enter a host or an IP range your organization owns." }, 400);
  try {
    const t = addNetworkTarget(ctx.tenant.id, ctx.user.id, target);
    return ok(
      t.awaitingApproval
        ? `${t.target} added. The operator approves IP ranges before this server scans them.`
        : `${t.target} added: it is scanned with the next weekly run.`,
    );
  } catch (error) {
    const e = domainFieldError(error);
    return fail({ [e.field === "form" ? "target" : e.field]: e.message }, e.status);
  }
}

export default function Page() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>() as NetworkActionData | undefined;
  if (d.teaser) return <ModuleRoute path={PATH} />;
  return <NetworkPage data={d as NetworkLoaderData} result={result} />;
}
