/**
 * GET /api/phishing/items?risk=&status= — the selected tenant's phishing
 * items, newest first: [{ id, subject, sender, risk, score, status, rationale, createdAt }].
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { onlyGet } from "~/lib/api.server";
import { badRequest, firstIssue, json } from "~/lib/http.server";
import { requireTenantContext } from "~/modules/tenants";
import { listPhishingItems, RISKS, STATUSES } from "~/modules/phishing/phishing.server";

const FilterSchema = z.object({
  risk: z.enum(RISKS, { error: "risk must be low, medium or high" }).optional(),
  status: z.enum(STATUSES, { error: "status must be detected or quarantined" }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request, { feature: "phishingAnalyzer" });
  const url = new URL(request.url);
  const parsed = FilterSchema.safeParse({
    risk: url.searchParams.get("risk") || undefined,
    status: url.searchParams.get("status") || undefined,
    limit: url.searchParams.get("limit") || undefined,
  });
  if (!parsed.success) return badRequest(firstIssue(parsed.error));
  return json(listPhishingItems(ctx.tenant.id, parsed.data), { headers: { "Cache-Control": "no-store" } });
}

export const action = onlyGet;
