import { getEnv } from "~/lib/env.server";

/**
 * The site's public origin for canonical URLs, Open Graph tags and the
 * sitemap: PUBLIC_URL when the operator set it (behind a proxy the request
 * URL may name an internal host), else the origin the request came to.
 */
export function siteOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
