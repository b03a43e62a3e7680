/**
 * The cookie that binds a single sign-on attempt to the browser that started it (issue 33): the callback is
 * accepted only with the state this browser was sent with, so a callback link made in someone else's session
 * (login CSRF) does nothing. SameSite=Lax: the provider's redirect back is a top-level navigation, which carries it.
 * `__Host-` over HTTPS, like the session cookie (session.server.ts).
 */
import { createCookie } from "@remix-run/node";
import { sessionOverHttps } from "~/modules/accounts";

export function ssoStateCookie(request: Request, maxAgeSeconds: number) {
  const https = sessionOverHttps(request);
  return createCookie(https ? "__Host-rampart_sso" : "rampart_sso", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: https,
    maxAge: maxAgeSeconds,
  });
}
