import { getEnv } from "./env.server";

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

/**
 * Without PUBLIC_URL the origin above is whatever Host header the client sent:
 * a page or file that embeds it must never be stored by a browser, a proxy or
 * a CDN (one visitor's forged host would be served to the next), nor by the
 * server's page cache. Answers `cacheable` when PUBLIC_URL is set.
 */
export function hostDependentCacheControl(cacheable: string): string {
  return getEnv().PUBLIC_URL ? cacheable : "no-store";
}

export function originFromRequest(): boolean {
  return !getEnv().PUBLIC_URL;
}

/**
 * The configured public origin, or null: never derived from a request. Links
 * in mail use only this (a Host header is the sender's to choose).
 */
export function configuredOrigin(): string | null {
  const configured = getEnv().PUBLIC_URL;
  return configured ? configured.replace(/\/+$/, "") : null;
}
