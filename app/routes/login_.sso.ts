/**
 * GET /login/sso?email=<address> — single sign-on's first step (issue 33, pinned): a covered e-mail domain is sent
 * (302) to its organization's identity provider, with state, nonce and a PKCE challenge kept server-side and the
 * state bound to this browser by a short cookie; anything else goes back to /login saying why.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowedHandler } from "~/lib/api.server";
import { SSO_STATE_TTL_MS, ssoStateCookie, startSsoSignIn } from "~/modules/sso";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const email = url.searchParams.get("email") ?? "";
  const started = await startSsoSignIn(email, request.url);
  if ("refused" in started)
    throw redirect(`/login?sso=${started.refused}${email ? `&email=${encodeURIComponent(email.slice(0, 320))}` : ""}`);
  return redirect(started.url, {
    headers: {
      "Set-Cookie": await ssoStateCookie(request, SSO_STATE_TTL_MS / 1000).serialize(started.state),
      "Cache-Control": "no-store",
    },
  });
}

export const action = methodNotAllowedHandler;
