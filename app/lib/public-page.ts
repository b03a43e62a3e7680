/**
 * Public pages: documents that are the same for every signed-out visitor (the landing page, pricing, about,
 * the blog, the docs). They take the traffic spikes, so a CDN may hold them and the server keeps their rendered
 * HTML (app/modules/page-cache). A route says so in its handle, `export const handle = publicPage`; the deepest
 * matched route that says anything decides, so the public layout sets it for its pages and a page can opt out.
 *
 * Only the anonymous rendering is public: a request carrying a session cookie is never served a stored copy and
 * its answer is never stored (the page may show the signed-in state). Why: docs/decisions/012.
 */

/** What a CDN may do with a public page: hold it 5 minutes, serve it stale for a day while it fetches a new one. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

/** The part of a route handle this module reads. */
export type PublicPageHandle = { publicPage?: boolean };

/** The handle of a page (or layout) whose signed-out rendering is the same for everyone. */
export const publicPage: PublicPageHandle = { publicPage: true };

/** The handle of a page under the public layout that renders per request or from data that changes (opts out). */
export const privatePage: PublicPageHandle = { publicPage: false };

/** Whether the deepest matched route with an opinion marks the page public (handles from the root down). */
export function isPublicPage(handles: readonly unknown[]): boolean {
  for (let i = handles.length - 1; i >= 0; i--) {
    const h = handles[i];
    if (h && typeof h === "object" && "publicPage" in h && typeof h.publicPage === "boolean") return h.publicPage;
  }
  return false;
}

/** Either session cookie name (plain or `__Host-`): such a request is treated as signed in. */
const SESSION_COOKIE_RE = /(?:^|;\s*)(?:__Host-)?rampart_session=/;

export function carriesSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE_RE.test(cookieHeader ?? "");
}
