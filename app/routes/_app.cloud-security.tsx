/**
 * /cloud-security (plan feature teamMonitoring, issue 35): upload a zip of cloud CLI outputs (or Prowler's
 * OCSF findings), see the latest snapshot of each account with its findings by severity and remediation,
 * the files that were skipped and why, the history, and the mutelist. Works without JavaScript.
 * Signed out: the teaser; below Business: the upgrade answer.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { ModulePage } from "~/components/module-page";
import { TeaserPage } from "~/components/teaser-page";
import { limitWrites } from "~/lib/api.server";
import { appRoute } from "~/lib/app-routes";
import { domainFieldError, readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { useActionResult } from "~/lib/use-action-result";
import {
  addMute,
  CHECKS,
  latestByAccount,
  listMutes,
  listSnapshots,
  MUTE_FORBIDDEN,
  removeMute,
  UPLOAD_FORBIDDEN,
  uploadSnapshot,
} from "~/modules/cloud";
import { CloudPage, type CloudActionData } from "~/modules/cloud/components/cloud-page";
import { can } from "~/modules/permissions";
import { loadAppRoute, requireAppRoute } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: `${appRoute("/cloud-security").label} · Rampart` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/cloud-security");
  if (access.teaser) return { teaser: true as const };
  const { ctx } = access;
  const tenantId = ctx.tenant.id;
  return {
    teaser: false as const,
    canUpload: can(ctx.tenant.role, "cloudSnapshot", "upload"),
    canMute: can(ctx.tenant.role, "cloudMute", "manage"),
    checkCount: CHECKS.length,
    checks: CHECKS.map((c) => ({ id: c.id, title: c.title })),
    accounts: latestByAccount(tenantId).map((a) => ({
      provider: a.provider,
      account: a.account,
      uploadedAt: a.createdAt,
      failing: a.failing,
      passing: a.passing,
      muted: a.muted,
      hasPrevious: a.hasPrevious,
      newFailures: a.newFailures,
      resolved: a.resolved.map((f) => ({ checkId: f.checkId, title: f.title, resource: f.resource })),
      skipped: a.skipped,
      recognised: a.recognised.length,
      notChecked: a.notChecked.map((id) => CHECKS.find((c) => c.id === id)?.title ?? id),
      findings: a.findings.map((f) => ({
        checkId: f.checkId,
        cis: f.cis,
        title: f.title,
        severity: f.severity,
        resource: f.resource,
        status: f.status,
        source: f.source,
        detail: f.detail,
        // The page shows the remediation's words and console path; the CLI command is for the API and docs.
        remedy: f.remediation ? { text: f.remediation.text, console: f.remediation.console } : null,
        mute: f.mute,
      })),
    })),
    history: listSnapshots(tenantId, 30).map((s) => ({
      id: s.id,
      provider: s.provider,
      account: s.account,
      uploadedAt: s.createdAt,
      failing: s.failing,
      passing: s.passing,
      muted: s.muted,
    })),
    mutes: listMutes(tenantId).map((m) => ({
      id: m.id,
      checkId: m.checkId,
      title: CHECKS.find((c) => c.id === m.checkId)?.title ?? m.checkId,
      resource: m.resource,
      reason: m.reason,
      expiresAt: m.expiresAt,
      active: m.active,
    })),
  };
}

const MuteFields = z.object({
  checkId: z.string().trim().min(1, "Name the check to mute.").max(200),
  resource: z.string().trim().min(1, 'Name the resource, or "*" for every resource.').max(300),
  reason: z.string().trim().min(3, "Say why this finding is accepted.").max(500),
  expires: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Give the expiry as a date (YYYY-MM-DD), or leave it empty.")
    .optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireAppRoute(request, "/cloud-security");
  limitWrites(ctx.user.id);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const tenantId = ctx.tenant.id;
  const ip = clientIp(context);
  const fail = (data: CloudActionData, status: number) => Response.json(data, { status });
  if (intent === "upload") {
    if (!can(ctx.tenant.role, "cloudSnapshot", "upload"))
      return fail({ intent, ok: false, fieldErrors: { form: UPLOAD_FORBIDDEN } }, 403);
    const file = form.get("file");
    try {
      const s = await uploadSnapshot({
        tenantId,
        userId: ctx.user.id,
        provider: form.get("provider"),
        account: form.get("account"),
        file:
          file && typeof file !== "string" && file.size > 0
            ? { name: file.name || "upload", bytes: new Uint8Array(await file.arrayBuffer()) }
            : null,
        ip,
      });
      const failing = s.findings.filter((f) => f.status === "fail").length;
      return Response.json({
        intent,
        ok: true,
        message: `Snapshot stored: ${s.recognised.length} file${s.recognised.length === 1 ? "" : "s"} recognised, ${s.skipped.length} skipped, ${failing} failing finding${failing === 1 ? "" : "s"}.`,
      } satisfies CloudActionData);
    } catch (error) {
      const e = domainFieldError(error);
      return fail({ intent, ok: false, fieldErrors: { [e.field]: e.message } }, e.status);
    }
  }
  if (intent === "mute" || intent === "unmute") {
    if (!can(ctx.tenant.role, "cloudMute", "manage"))
      return fail({ intent, ok: false, fieldErrors: { form: MUTE_FORBIDDEN } }, 403);
    if (intent === "unmute") {
      const removed = removeMute(tenantId, ctx.user.id, String(form.get("id") ?? "").slice(0, 100), ip);
      return removed
        ? Response.json({
            intent,
            ok: true,
            message: "Mute removed: the finding counts as failing again and alerts on the next upload.",
          } satisfies CloudActionData)
        : fail({ intent, ok: false, fieldErrors: { form: "That mute no longer exists." } }, 404);
    }
    const parsed = MuteFields.safeParse({
      checkId: form.get("checkId") ?? "",
      resource: form.get("resource") ?? "",
      reason: form.get("reason") ?? "",
      expires: form.get("expires") ?? "",
    });
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      return fail({ intent, ok: false, fieldErrors }, 400);
    }
    const { expires, ...rest } = parsed.data;
    // The mute lasts through the whole expiry day (UTC).
    const expiresAt = expires ? Date.parse(`${expires}T23:59:59.999Z`) : null;
    if (expiresAt !== null && (!Number.isFinite(expiresAt) || expiresAt <= Date.now()))
      return fail({ intent, ok: false, fieldErrors: { expires: "The expiry must be a future date." } }, 400);
    try {
      addMute(tenantId, ctx.user.id, { ...rest, expiresAt }, ip);
    } catch (error) {
      const e = domainFieldError(error);
      return fail({ intent, ok: false, fieldErrors: { [e.field]: e.message } }, e.status);
    }
    return Response.json({
      intent,
      ok: true,
      message: "Muted: the finding shows as muted and raises no alert until the mute expires.",
    } satisfies CloudActionData);
  }
  return fail({ intent: "unknown", ok: false, fieldErrors: { form: "Unknown action." } }, 400);
}

export default function Page() {
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<CloudActionData>();
  const busy = useNavigation().state === "submitting";
  if (page.teaser) return <TeaserPage path="/cloud-security" />;
  return (
    <ModulePage path="/cloud-security">
      <CloudPage page={page} result={result} busy={busy} />
    </ModulePage>
  );
}
