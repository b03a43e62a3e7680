/**
 * POST /api/trial/start: the selected organization's one trial, as /settings
 * starts it (owners only, one per person and organization). The starter's
 * e-mail address must be verified: 403 `EMAIL_NOT_VERIFIED` otherwise.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { json, jsonError, methodNotAllowed } from "~/lib/http.server";
import { limitWrites, methodNotAllowedHandler } from "~/lib/api.server";
import { clientIp } from "~/lib/request.server";
import { audit } from "~/modules/audit";
import { requireTenantContext } from "~/modules/tenants";
import { startTrial, TrialError } from "~/modules/tenants/trials.server";

export const loader = methodNotAllowedHandler;

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await requireTenantContext(request, { api: true, permission: ["organization", "manage"] });
  limitWrites(ctx.user.id);
  try {
    const { status, endsAt } = startTrial(ctx.tenant.id, Date.now(), { startedBy: ctx.user.id });
    audit({ action: "trial.started", userId: ctx.user.id, tenantId: ctx.tenant.id, ip: clientIp(context) });
    return json({ status, endsAt }, 201);
  } catch (error) {
    if (error instanceof TrialError)
      // Not verified is a refusal of the person (403); a trial already used is the organization's or the
      // person's state, not a missing permission (409), so a client can tell the two apart.
      return error.code === "EMAIL_NOT_VERIFIED"
        ? jsonError(403, error.message, error.code)
        : jsonError(409, error.message, "CONFLICT");
    throw error;
  }
}
