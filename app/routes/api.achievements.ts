import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";
import { achievements } from "~/modules/dashboard/insights.server";

/** Milestones reached with the modules. Open to every plan; tenant-scoped (X-Tenant-Id honoured). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  return json({ achievements: achievements(ctx.tenant.id, ctx.effectivePlan) });
}

export const action = onlyGet;
