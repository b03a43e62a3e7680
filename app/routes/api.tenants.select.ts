import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { badRequest, forbidden } from "~/lib/http.server";
import { limitWrites, methodNotAllowedHandler } from "~/lib/api.server";
import { safeRedirectPath, setSelectedTenant } from "~/modules/accounts/session.server";
import { requireUser } from "~/modules/tenants";
import { getMembership } from "~/modules/tenants/tenants.server";

const Schema = z.object({ tenantId: z.string().min(1).max(100), redirectTo: z.string().max(2000).optional() });

/** The tenant selector's form: stores the choice in the session and goes back to the page it came from. */
export async function action({ request }: ActionFunctionArgs) {
  const { user, session } = await requireUser(request);
  limitWrites(user.id);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return badRequest("Send the form field tenantId");
  }
  const parsed = Schema.safeParse({
    tenantId: form.get("tenantId") ?? undefined,
    redirectTo: form.get("redirectTo") ?? undefined,
  });
  if (!parsed.success) return badRequest("Choose an organization");
  if (!getMembership(user.id, parsed.data.tenantId)) return forbidden();
  setSelectedTenant(session.idHash, parsed.data.tenantId);
  const referer = request.headers.get("Referer");
  let back = parsed.data.redirectTo;
  if (!back && referer) {
    try {
      const ref = new URL(referer);
      if (ref.host === new URL(request.url).host) back = ref.pathname + ref.search;
    } catch {
      back = undefined;
    }
  }
  return redirect(safeRedirectPath(back, "/dashboard"), { headers: { "Cache-Control": "no-store" } });
}

export const loader = methodNotAllowedHandler;
