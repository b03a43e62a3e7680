/**
 * Whether a request's body may be read at all. The production server asks
 * this before it reads a byte of a POST/PUT/PATCH/DELETE body (server.ts), so
 * a signed-out caller, or one whose plan lacks the route's feature, cannot make
 * the server buffer and parse up to 10 MB of JSON or 6 MB of multipart first:
 * the answer is the one the route itself would give (401 JSON on /api, the
 * redirect to /login on pages, 403 or the upgrade answer), sent unread.
 *
 * Only the routes a signed-out visitor may post to read bodies without a
 * session; everything else (including unknown paths) needs one. The route's
 * own loader/action still does every check: this is the early refusal, not
 * the access control.
 */
import { appRoute, APP_ROUTES } from "~/lib/app-routes";
import { forbidden, unauthorized } from "~/lib/http.server";
import { hasFeature, type Feature } from "~/lib/plans";
import { loginRedirect } from "~/modules/accounts";
import { getTenantContext, isApiPath, upgradeRequired } from "./tenant-context.server";

/** Pages and APIs a signed-out visitor posts to (sign-in, sign-up, contact, the public breach check, logout). */
export const PUBLIC_BODY_PATHS: ReadonlySet<string> = new Set([
  "/login",
  // The sign-in's second step (issue 33): its session is pending, not signed in, until the code is given.
  "/login/2fa",
  "/signup",
  "/forgot-password",
  "/contact",
  "/breach-check",
  "/api/breaches/check",
  "/api/logout",
  "/preferences/sidebar",
  // Password-free sign-in with a passkey (issue 33): JSON from the sign-in page's script.
  "/api/passkeys/sign-in",
]);

/** Public forms under a per-tenant or per-token address (Privacy Guard's /privacy-request/<slug>, /reset-password/<token>). */
// osquery agents (/api/osquery/*) authenticate by enroll secret and node key, read in a streamed, capped body.
// Training (issue 34): a simulation's landing page and report (/p/, /r/: the landing page's body is never read) and
// a course's quiz (/learn/), all by token.
const PUBLIC_BODY_PREFIXES: readonly string[] = [
  "/privacy-request/",
  "/reset-password/",
  "/api/osquery/",
  "/p/",
  "/r/",
  "/learn/",
];

/** API prefixes gated by a plan feature (the routes' own requireTenantContext options). */
const API_FEATURES: readonly [string, Feature][] = [
  ["/api/phishing/", "phishingAnalyzer"],
  ["/api/dark-web/", "darkWebMonitoring"],
  ["/api/incidents", "incidentResponse"],
  ["/api/events", "logsAnomalies"],
  ["/api/anomalies", "logsAnomalies"],
  ["/api/tokens", "apiAccess"],
  ["/api/sso", "ssoSupport"],
  ["/services/collector", "logsAnomalies"],
  ["/api/endpoints/", "endpointSecurity"],
];

/** Whether a signed-out visitor may post to this route path. */
export function isPublicBodyPath(path: string): boolean {
  return PUBLIC_BODY_PATHS.has(path) || PUBLIC_BODY_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The route path a request is for: Remix's single-fetch data requests post to
 * `/path.data` (`/_root.data` for the index), and a trailing slash is the same page.
 */
export function routePath(pathname: string): string {
  let p = pathname;
  if (p.endsWith(".data")) p = p.slice(0, -".data".length);
  if (p === "/_root") return "/";
  if (p.length > 1 && p.endsWith("/")) p = p.replace(/\/+$/, "") || "/";
  return p;
}

function featureFor(path: string): Feature | null {
  for (const [prefix, feature] of API_FEATURES) if (path.startsWith(prefix)) return feature;
  const route = APP_ROUTES.find((r) => r.path === path);
  return route ? (appRoute(route.path).feature ?? null) : null;
}

function answer(thrown: unknown): Response {
  if (thrown instanceof Response) return thrown;
  throw thrown;
}

/** null when the body may be read; otherwise the response to send without reading it. */
export async function admitBody(request: Request): Promise<Response | null> {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  const path = routePath(new URL(request.url).pathname);
  if (isPublicBodyPath(path)) return null;
  const api = path === "/api" || isApiPath(path);
  let ctx;
  try {
    ctx = await getTenantContext(request);
  } catch (thrown) {
    return answer(thrown); // a foreign X-Tenant-Id: 403
  }
  if (!ctx) {
    // A single-fetch data request cannot follow a page redirect; it gets the API answer.
    if (api || path !== new URL(request.url).pathname) return unauthorized();
    try {
      loginRedirect(request);
    } catch (thrown) {
      return answer(thrown);
    }
  }
  const feature = featureFor(path);
  if (feature && ctx && !(ctx.tenant && hasFeature(ctx.effectivePlan, feature)))
    return api ? forbidden() : upgradeRequired(feature);
  return null;
}
