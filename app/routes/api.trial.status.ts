import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";
import { getTrial } from "~/modules/tenants/trials.server";
import { trialStatusData } from "~/lib/trial-status";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const now = Date.now();
  return json(trialStatusData(getTrial(ctx.tenant.id, now), now), {
    headers: { "Cache-Control": "private, no-store" },
  });
}

export const action = onlyGet;
