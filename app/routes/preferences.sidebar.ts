import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { badRequest } from "~/lib/http.server";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { isHttps } from "~/lib/request.server";
import { safeRedirectPath } from "~/modules/accounts/session.server";
import { SIDEBAR_COOKIE, SIDEBAR_STATES, type SidebarState } from "~/lib/sidebar-state";

/** Stores the sidebar state (a UI preference, not a secret) and goes back; works as a plain form post. */
export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return badRequest("Send the form field state");
  }
  const state = form.get("state");
  if (typeof state !== "string" || !(SIDEBAR_STATES as readonly string[]).includes(state))
    return badRequest("Unknown sidebar state");
  const secure = isHttps(request) ? "; Secure" : "";
  const cookie = `${SIDEBAR_COOKIE}=${state as SidebarState}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`;
  return redirect(safeRedirectPath(form.get("redirectTo"), "/dashboard"), { headers: { "Set-Cookie": cookie } });
}

export const loader = methodNotAllowedHandler;
