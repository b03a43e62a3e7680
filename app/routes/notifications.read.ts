/** POST /notifications/read: marks the member's bell notifications read, then back to the page (works without JS). */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { readForm } from "~/lib/http.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { requireTenantContext } from "~/modules/tenants";
import { markBellRead } from "~/modules/alerts";

export const loader = methodNotAllowedHandler;

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireTenantContext(request);
  const form = await readForm(request);
  markBellRead(ctx.tenant.id, ctx.user.id);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/dashboard"));
}
