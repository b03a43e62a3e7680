/**
 * The /api/privacy/requests handlers (the route files stay one line each):
 * GET lists, POST logs a request (201 with the request and its dueDate),
 * GET/PATCH one request. Validation answers 400 VALIDATION_ERROR with the
 * first problem; a request of another tenant is 404 like a missing one.
 */
import { z } from "zod";
import { limitWrites } from "~/lib/api.server";
import { badRequest, firstIssue, forbidden, json, methodNotAllowed, notFound, readJsonBody } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { JurisdictionSchema, CreateRequestSchema, PatchRequestSchema } from "./validation";
import { can } from "~/modules/permissions";
import { PERMISSION_MESSAGE, type PrivacyAction } from "./permissions";
import { createRequest, getRequest, listRequests, PrivacyError, updateRequest } from "./requests.server";
import { checkPrivacyDeadlines } from "./deadlines.server";
import { STATUSES } from "./types";

const noStore = { "Cache-Control": "no-store" };

async function context(request: Request, action: PrivacyAction) {
  const ctx = await requireTenantContext(request, { feature: "privacyGuard", api: true });
  if (!can(ctx.tenant.role, "privacyRequest", action)) throw forbidden(PERMISSION_MESSAGE[action]);
  return ctx;
}

const FilterSchema = z.object({
  status: z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(", ")}` }).optional(),
  jurisdiction: JurisdictionSchema.optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(1000).optional(),
});

export async function listRequestsApi(request: Request) {
  const ctx = await context(request, "view");
  const url = new URL(request.url);
  const parsed = FilterSchema.safeParse({
    status: url.searchParams.get("status") || undefined,
    jurisdiction: url.searchParams.get("jurisdiction") || undefined,
    limit: url.searchParams.get("limit") || undefined,
  });
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  return json(listRequests(ctx.tenant.id, parsed.data), { headers: noStore });
}

export async function createRequestApi(request: Request, loadContext: unknown) {
  if (request.method !== "POST") throw methodNotAllowed();
  const ctx = await context(request, "log");
  limitWrites(ctx.user.id);
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) return badRequest("Send a JSON object");
  const parsed = CreateRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  try {
    const created = createRequest(
      ctx.tenant.id,
      { ...parsed.data, channel: parsed.data.channel ?? "api" },
      { userId: ctx.user.id, label: ctx.user.email },
    );
    audit({
      action: "privacy.request_logged",
      tenantId: ctx.tenant.id,
      userId: ctx.user.id,
      ip: clientIp(loadContext),
      detail: { id: created.id, reference: created.reference },
    });
    checkPrivacyDeadlines(ctx.tenant.id);
    return json(created, { status: 201, headers: { ...noStore, Location: `/api/privacy/requests/${created.id}` } });
  } catch (error) {
    if (error instanceof PrivacyError) return badRequest(error.message);
    throw error;
  }
}

export async function getRequestApi(request: Request, id: string) {
  const ctx = await context(request, "view");
  const found = getRequest(ctx.tenant.id, id);
  return found ? json(found, { headers: noStore }) : notFound();
}

export async function patchRequestApi(request: Request, id: string, loadContext: unknown) {
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
    if (error instanceof PrivacyError) return badRequest(error.message);
    throw error;
  }
}
