// Request guards that run before Remix: the body size limit per route and the
// cross-origin check for state-changing requests.

import type { Request } from "express";

const MB = 1024 * 1024;

/** 1 MB unless a route needs more (spec issues name these). */
export function bodyLimitFor(requestPath: string): number {
  // Remix's single-fetch posts go to /path.data: the same route, the same limit.
  const pathname = requestPath.endsWith(".data") ? requestPath.slice(0, -5) : requestPath;
  if (pathname === "/api/phishing/analyze") return 10 * MB;
  // Event ingestion (issue 14): 10 MB after gzip inflation (body-parser counts inflated bytes).
  if (pathname === "/api/events" || pathname === "/services/collector" || pathname.startsWith("/services/collector/"))
    return 10 * MB;
  // .eml uploads are limited to 5 MB by the form's own check; allow the multipart overhead.
  if (pathname === "/phishing" || pathname === "/phishing-enhanced") return 6 * MB;
  // A pasted response: headers (256 KB) and the page's HTML (2 MB), JSON-escaped.
  if (pathname === "/api/vulnerability/headers") return 5 * MB;
  // Lockfiles and SBOMs up to 10 MB (app/modules/vulnerability/deps/lockfiles): JSON escaping and multipart overhead on top.
  if (pathname === "/api/vulnerability/dependencies") return 24 * MB;
  if (pathname === "/vulnerability") return 11 * MB;
  // Nmap XML up to 16 MB (app/modules/network/nmap-xml.ts): JSON escaping and multipart overhead on top.
  if (pathname === "/api/network/scans") return 24 * MB;
  if (pathname === "/network-security") return 17 * MB;
  // Compliance evidence files are capped at 5 MB by the module (evidence-store.server.ts); the multipart overhead on top.
  if (pathname.startsWith("/compliance-monitoring/")) return 6 * MB;
  // Incident evidence: 25 MB per file plus the multipart overhead (the form posts to the case page).
  if (/^\/api\/incidents\/[^/]+\/evidence$/.test(pathname) || /^\/incident-response\/[^/]+$/.test(pathname))
    return 26 * MB;
  // Cloud CLI outputs: a 10 MB zip or JSON (app/modules/cloud/limits.ts) plus the multipart overhead.
  if (pathname === "/api/cloud/snapshots" || pathname === "/cloud-security") return 11 * MB;
  return 1 * MB;
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request is refused when its Origin is another site, or
 * (without Origin) when the browser marks it cross-site. Requests without
 * either header (curl, scripts with a session cookie they own) are allowed:
 * SameSite=Lax cookies already keep browsers' cross-site posts unauthenticated.
 */
export function originAllowed(req: Request): boolean {
  if (SAFE.has(req.method)) return true;
  const origin = req.get("origin");
  if (origin) {
    if (origin === "null") return false;
    try {
      const o = new URL(origin);
      // Host only: behind a TLS proxy without TRUST_PROXY the scheme seen here is http.
      return o.host === req.get("host");
    } catch {
      return false;
    }
  }
  const site = req.get("sec-fetch-site");
  return !site || site === "same-origin" || site === "none";
}

const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded\b|multipart\/form-data\s*;(.*;)?\s*boundary=\S)/i;

/**
 * Page actions (everything outside /api) take HTML form posts only: Remix
 * forms and fetchers send application/x-www-form-urlencoded or
 * multipart/form-data (with its boundary). Anything else is refused here with
 * 415, because request.formData() would throw inside the action and turn a
 * client's mistake into a 500. /api routes read their own bodies.
 */
export function pageBodyAllowed(req: Request): boolean {
  if (SAFE.has(req.method)) return true;
  if (req.path === "/api" || req.path.startsWith("/api/")) return true;
  // The Splunk HEC endpoint (issue 14) takes shippers' JSON, like an API.
  if (req.path === "/services/collector" || req.path.startsWith("/services/collector/")) return true;
  return FORM_TYPE.test(req.get("content-type") ?? "");
}
