import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "~/lib/http.server";
import { onlyGet } from "~/lib/api.server";
import { requireTenantContext } from "~/modules/tenants";
import { getTrial } from "~/modules/tenants/trials.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const { status, endsAt } = getTrial(ctx.tenant.id);
  return json({ status, endsAt }, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = onlyGet;
