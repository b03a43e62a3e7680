/**
 * GET /api/privacy/requests/:id — one request. PATCH — status (with reason or method), extension
 * `{ reason, notifiedAt }`, assigneeId, notes, checklist tasks. Another tenant's id answers 404 like a missing one.
 */

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/modules/permissions";
import { limitWrites } from "~/lib/api.server";
import {
  badRequest,
  domainErrorResponse,
  firstIssue,
  forbidden,
  json,
  methodNotAllowed,
  notFound,
  readJsonBody,
} from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { PatchRequestSchema } from "~/modules/privacy/validation";
import { PERMISSION_MESSAGE, type PrivacyAction } from "~/modules/privacy/permissions";
import { getRequest, updateRequest } from "~/modules/privacy/requests.server";
import { checkPrivacyDeadlines } from "~/modules/privacy/deadlines.server";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, action: PrivacyAction) {
  const ctx = await requireTenantContext(request, { feature: "privacyGuard", api: true });
  if (!can(ctx.tenant.role, "privacyRequest", action)) throw forbidden(PERMISSION_MESSAGE[action]);
  return ctx;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const ctx = await context(request, "view");
  const found = getRequest(ctx.tenant.id, id);
  return found ? json(found, { headers: noStore }) : notFound();
}

export async function action({ request, params, context: loadContext }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method !== "PATCH") throw methodNotAllowed();
  const ctx = await context(request, "work");
  limitWrites(ctx.user.id);
  // A request of another tenant answers 404 before its body is looked at.
  if (!getRequest(ctx.tenant.id, id)) return notFound();
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) return badRequest("Send a JSON object");
  // `extend` is accepted as another name for `extension`, and `extend: true` with a top-level
  // `reason` and `notifiedAt` as the same extension.
  const input = { ...(body as Record<string, unknown>) };
  if ("extend" in input && !("extension" in input)) {
    if (input.extend === true) {
      input.extension = { reason: input.reason, notifiedAt: input.notifiedAt };
      delete input.notifiedAt;
      if (input.status === undefined) delete input.reason;
    } else input.extension = input.extend;
    delete input.extend;
  }
  const parsed = PatchRequestSchema.safeParse(input);
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const updated = updateRequest(ctx.tenant.id, id, parsed.data, { userId: ctx.user.id, label: ctx.user.email });
    if (!updated) return notFound();
    audit({
      action: "privacy.request_updated",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      detail: { id, changes: Object.keys(parsed.data) },
    });
    checkPrivacyDeadlines(ctx.tenant.id);
    return json(updated, { headers: noStore });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
