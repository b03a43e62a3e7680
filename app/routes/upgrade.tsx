/**
 * POST /upgrade: what an upgrade wall offers in place (issue 32). `start-trial` starts the organization's one
 * 14-day trial (owners, as on /settings) and goes back to the page the wall stood on, now unlocked;
 * `request-plan` asks the operator for a plan (stored for the operator console) and goes back with the wall
 * saying the request was sent. Forms without JavaScript; GET has nothing to show.
 */
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import { isPlan } from "~/lib/plans";
import { clientIp } from "~/lib/request.server";
import { safeRedirectPath } from "~/modules/accounts/session.server";
import { audit } from "~/modules/audit";
import { createUpgradeRequest, requirePermission, requireTenantContext } from "~/modules/tenants";
import { startTrial } from "~/modules/tenants/trials.server";
import { domainFieldError } from "~/lib/http.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const loader = () => {
  throw new Response("Not Found", { status: 404 });
};

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request);
  limitWrites(ctx.user.id);
  const form = await request.formData().catch(() => new FormData());
  const intent = String(form.get("intent") ?? "");
  const back = safeRedirectPath(form.get("redirectTo"));
  // Starting a trial or asking for a plan commits the organization: owners (app/modules/permissions.ts).
  requirePermission(request, ctx, ["organization", "manage"]);
  if (intent === "start-trial") {
    try {
      startTrial(ctx.tenant.id, Date.now(), { startedBy: ctx.user.id });
    } catch (error) {
      // TrialError: 403 EMAIL_NOT_VERIFIED, or 409 CONFLICT for a trial the organization cannot start.
      const refused = domainFieldError(error);
      return data({ message: refused.message, code: refused.code }, { status: refused.status });
    }
    audit({ action: "trial.started", userId: ctx.user.id, tenantId: ctx.tenant.id, ip: clientIp(context) });
    return redirect(back);
  }
  if (intent === "request-plan") {
    const plan = String(form.get("plan") ?? "");
    if (!isPlan(plan) || plan === "free")
      return data({ message: "Choose a paid plan.", code: "VALIDATION_ERROR" }, { status: 400 });
    const feature = String(form.get("feature") ?? "").slice(0, 60) || null;
    // The pricing page's "Request a quote" says where it came from, for the operator console.
    const message = form.get("source") === "pricing" ? "Quote requested on the pricing page." : null;
    createUpgradeRequest(ctx.tenant.id, { userId: ctx.user.id, plan, feature, message });
    const url = new URL(back, "http://x");
    url.searchParams.set("upgrade-requested", plan);
    return redirect(url.pathname + url.search);
  }
  return data({ message: "Unknown action.", code: "VALIDATION_ERROR" }, { status: 400 });
}
