/**
 * GET /api/privacy/requests?status=&jurisdiction=&limit= — the selected tenant's data subject requests, newest first.
 * POST /api/privacy/requests — `{ type, jurisdiction, requestedAt?, subjectName, subjectEmail }` -> 201 with the
 * request and its dueDate (YYYY-MM-DD). Shapes: docs/api.md. Validation answers 400 VALIDATION_ERROR with the
 * first problem.
 */
import { z } from "zod";
import { can } from "~/modules/permissions";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { limitWrites } from "~/lib/api.server";
import {
  badRequest,
  domainErrorResponse,
  firstIssue,
  forbidden,
  json,
  methodNotAllowed,
  readJsonBody,
} from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { requireTenantContext } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { JurisdictionSchema, CreateRequestSchema } from "~/modules/privacy/validation";
import { PERMISSION_MESSAGE, type PrivacyAction } from "~/modules/privacy/permissions";
import { createRequest, listRequests } from "~/modules/privacy/requests.server";
import { checkPrivacyDeadlines } from "~/modules/privacy/deadlines.server";
import { STATUSES } from "~/modules/privacy/types";

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

export async function loader({ request }: LoaderFunctionArgs) {
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

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
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
    return domainErrorResponse(error);
  }
}
