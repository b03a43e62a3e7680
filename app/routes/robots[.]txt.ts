import type { LoaderFunctionArgs } from "@remix-run/node";
import { hostDependentCacheControl, siteOrigin } from "~/lib/public-origin.server";

/** robots.txt: the public site is open to crawlers; the API and the auth debug page are not. */
export async function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /auth-debug",
    "",
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": hostDependentCacheControl("public, max-age=3600"),
    },
  });
}
