/** POST /account/notices: dismisses the account notices in the shell's banner, then back to the page (works without JS). */
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { readForm } from "~/lib/http.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { requireUser } from "~/modules/tenants";
import { dismissAccountNotices } from "~/modules/accounts";

export const loader = methodNotAllowedHandler;

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const form = await readForm(request);
  dismissAccountNotices(user.id);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/dashboard"));
}
