/**
 * POST /api/endpoints/inventory: a device's inventory from the collector script (scripts/collector/), with an API
 * token scoped `endpoints:write` (or a member's session). 201 `{ id, hostname, packages, policies: [{ id, name,
 * status }] }`; 400 `{ message, code }` for a body that does not follow docs/endpoint-security.md.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { domainErrorResponse } from "~/lib/http.server";
import { readAgentBody, reportInventory } from "~/modules/endpoint";
import { requirePermission, requireTenantContext } from "~/modules/tenants";

export const loader = methodNotAllowedHandler;

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request, { api: true, feature: "endpointSecurity" });
  // A token's scope was checked when it was resolved (endpoints:write); a session needs the role.
  if (!ctx.token) requirePermission(request, ctx, ["endpoint", "report"], { api: true });
  const body = await readAgentBody(request);
  if (!body.ok) return Response.json(body.answer.body, { status: body.answer.status });
  try {
    return Response.json(reportInventory(ctx.tenant.id, body.value), { status: 201 });
  } catch (e) {
    return domainErrorResponse(e);
  }
}
