/**
 * Exists only when the server runs with RAMPART_TEST_ROUTES=1 (404 otherwise):
 * the end-to-end suite raises an alert in the server process for the signed-in
 * organization, as a detection would, so the real-time path (bus, SSE) runs.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/lib/env.server";
import { badRequest, json, readForm } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { raiseAlertDetailed } from "~/modules/alerts";

export const loader = () => {
  throw new Response("Not Found", { status: 404 });
};

const Body = z.object({
  source: z.string().min(1).max(60),
  severity: z.enum(["low", "medium", "high", "critical"]),
  title: z.string().min(1).max(200),
  entity: z.string().max(200).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  if (getEnv().RAMPART_TEST_ROUTES !== "1") throw new Response("Not Found", { status: 404 });
  const ctx = await requireTenantContext(request, { api: true });
  // A form body: the server admits only forms on page routes (server/guards.js).
  const parsed = Body.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return badRequest(parsed.error.issues[0]?.message ?? "Invalid");
  return json(raiseAlertDetailed({ tenantId: ctx.tenant.id, ...parsed.data }), { status: 201 });
}
