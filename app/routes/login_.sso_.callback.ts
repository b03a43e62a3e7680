/**
 * GET /login/sso/callback — where the identity provider sends the browser back (the `redirectUri` of /api/sso).
 * The code is exchanged and the ID token validated (app/modules/sso/oidc.server.ts); the person, created just in
 * time on a first sign-in, gets a new session with the organization selected. Failures go back to /login saying why.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { clientIp } from "~/lib/request.server";
import { createSession, endSession } from "~/modules/accounts/session.server";
import {
  appOrigin,
  CALLBACK_PATH,
  finishSsoSignIn,
  SsoSignInError,
  SSO_STATE_TTL_MS,
  ssoStateCookie,
} from "~/modules/sso";
import { audit } from "~/modules/audit";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ip = clientIp(context);
  const cookie = ssoStateCookie(request, SSO_STATE_TTL_MS / 1000);
  const browserState = await cookie.parse(request.headers.get("Cookie"));
  const clear = await cookie.serialize("", { maxAge: 0 });
  const origin = appOrigin(request.url);
  if (!origin) throw redirect("/login?sso=no-origin", { headers: { "Set-Cookie": clear } });
  // The provider redirected to the configured address: validate against it, not the Host this request names.
  const callbackUrl = origin + CALLBACK_PATH + new URL(request.url).search;
  let result;
  try {
    result = await finishSsoSignIn({
      callbackUrl,
      browserState: typeof browserState === "string" ? browserState : null,
      ip,
    });
  } catch (error) {
    if (error instanceof SsoSignInError) {
      audit({ action: "sso.sign_in_failed", ip, detail: { reason: error.reason, message: error.message } });
      throw redirect(`/login?sso=${error.reason}`, { headers: { "Set-Cookie": clear } });
    }
    throw error;
  }
  // A new session id on every sign-in (no fixation): the old row goes.
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request));
  headers.append("Set-Cookie", await createSession(request, result.userId, { selectedTenantId: result.tenantId, ip }));
  headers.append("Set-Cookie", clear);
  audit({ action: "auth.login", userId: result.userId, tenantId: result.tenantId, ip, detail: { method: "sso" } });
  return redirect("/dashboard", { headers });
}

export const action = methodNotAllowedHandler;
