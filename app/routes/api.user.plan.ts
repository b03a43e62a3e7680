import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";

/** The selected tenant's plan, effective plan and trial; never cached (plan data has zero staleness). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const trial =
    ctx.trial && ctx.trial.status !== "none" ? { status: ctx.trial.status, endsAt: ctx.trial.endsAt } : null;
  return json(
    { plan: ctx.plan, effectivePlan: ctx.effectivePlan, trial },
    { headers: { "Cache-Control": "no-store, no-cache, must-revalidate", Pragma: "no-cache" } },
  );
}

export const action = onlyGet;
