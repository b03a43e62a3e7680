/**
 * Logout is a browser navigation to /api/logout (docs/product.md §7); POST works too.
 *
 * A GET signs out only when the browser says the navigation started on this
 * site (Sec-Fetch-Site: same-origin, or none for a typed address or bookmark),
 * or when it carries this session's sign-out token. Any other GET (a link or
 * an image on another site, an old browser without Fetch Metadata) gets a
 * one-button "Sign out?" page instead, whose form carries the token: another
 * site can make the browser open this URL, but it cannot read the token.
 * POSTs are refused cross-site by the server (server/guards.js) before they
 * get here.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { clientIp } from "~/lib/request.server";
import { endSession, getSession, logoutToken, logoutTokenValid } from "~/modules/accounts/session.server";
import { audit } from "~/modules/audit/audit.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Sign out? · Rampart" }, { name: "robots", content: "noindex" }];

export const headers = () => ({ "Cache-Control": "no-store" });

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

/** Whether a GET may sign out without asking. */
function sameSiteNavigation(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "same-origin" || site === "none";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const resolved = await getSession(request);
  // Signed out already: nothing to confirm.
  if (!resolved) return logout(request, context);
  const token = new URL(request.url).searchParams.get("token");
  if (sameSiteNavigation(request) || logoutTokenValid(resolved.session.idHash, token)) return logout(request, context);
  return data({ token: logoutToken(resolved.session.idHash) }, { headers: { "Cache-Control": "no-store" } });
}

export const action = ({ request, context }: ActionFunctionArgs) => logout(request, context);

export default function ConfirmLogout() {
  const { token } = useLoaderData<typeof loader>();
  return (
    <PublicChrome signedIn>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Sign out?</h1>
        <p className="mt-2 text-ink-muted">
          A link from another site asked to sign you out of Rampart. Sign out only if you meant to.
        </p>
        <Form method="post" action="/api/logout" reloadDocument className="mt-6 flex flex-wrap items-center gap-4">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary">
            Sign out
          </button>
          <Link to="/dashboard">Stay signed in</Link>
        </Form>
      </main>
    </PublicChrome>
  );
}
