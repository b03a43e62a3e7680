/**
 * The cookie that binds an SSO sign-in to the browser that started it: the callback is accepted only with the
 * state this browser was sent with, so a callback link made in someone else's session (login CSRF) does nothing.
 * SameSite=Lax: the provider's redirect back is a top-level navigation, which carries it.
 */
import { createCookie } from "@remix-run/node";
import { sessionOverHttps } from "~/lib/session.server";
import { SSO_STATE_TTL_MS } from "./oidc.server";

export function ssoStateCookie(request: Request) {
  const https = sessionOverHttps(request);
  return createCookie(https ? "__Host-rampart_sso" : "rampart_sso", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: https,
    maxAge: SSO_STATE_TTL_MS / 1000,
  });
}
