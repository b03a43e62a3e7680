import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { clientIp } from "~/lib/request.server";
import { endSession, getSession } from "~/lib/session.server";
import { audit } from "~/modules/audit/audit.server";

// Logout is a browser navigation to /api/logout (spec §7); POST works too.
async function logout(request: Request, context: unknown) {
  const resolved = await getSession(request);
  const cookie = await endSession(request);
  if (resolved)
    audit({
      action: "auth.logout",
      userId: resolved.user.id,
      tenantId: resolved.session.selectedTenantId,
      ip: clientIp(context),
    });
  return redirect("/", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export const loader = ({ request, context }: LoaderFunctionArgs) => logout(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => logout(request, context);
