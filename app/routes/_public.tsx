import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { staticDocument } from "~/lib/hydration";
import { publicPage } from "~/lib/public-page";
import { getSession } from "~/modules/accounts/session.server";
import { siteOrigin } from "~/lib/public-origin.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

// The public site is documents: links and plain forms, no client runtime (app/lib/hydration.ts). Pages that do
// something with JavaScript (contact, breach check) say so in their own handle. Signed out, every visitor gets the
// same page, so a CDN and the server may hold it (app/lib/public-page.ts).
export const handle = { ...staticDocument, ...publicPage };

/**
 * The public site's layout: header and footer around every marketing page.
 * Signed-in visitors see "Open dashboard" instead of sign-in and sign-up; the
 * origin feeds each page's canonical URL and Open Graph tags (see seo.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  return { signedIn: session !== null, origin: siteOrigin(request) };
}

export default function PublicLayout() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <PublicChrome signedIn={signedIn}>
      <Outlet />
    </PublicChrome>
  );
}
