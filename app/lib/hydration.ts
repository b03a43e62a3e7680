/**
 * Which pages ship the client runtime (Remix's scripts and React hydration).
 *
 * Every page is rendered on the server and works without JavaScript. On a page whose every interaction is a link
 * or a plain form (the marketing pages, the blog, the docs, the demo screens, the teaser pages) the scripts would
 * add nothing a visitor sees, yet cost them a few hundred kilobytes of parsing and a hydration pass on a phone's CPU.
 * Those pages ship none, as Remix's "Disabling JavaScript" guide describes; pages that do something with it (the
 * sidebar shell, forms with pending states, the breach check's in-browser hashing) keep it.
 *
 * A route says so in its handle: `export const handle = { hydrate: false }`, or a function of its loader data
 * (`hydrate: (data) => data.signedIn`). The deepest matched route that says anything decides, so a layout can set
 * the default for its pages and a page can override it; with no opinion anywhere the page hydrates. Why:
 * docs/decisions/014-static-documents.md.
 */

export type HydrateRule = boolean | ((data: unknown) => boolean);

/** The part of a route handle this module reads. */
export type HydrationHandle = { hydrate?: HydrateRule };

/** What the root layout knows about each matched route (Remix's `useMatches()` entries fit). */
export type MatchForHydration = { handle?: unknown; data?: unknown };

function ruleOf(handle: unknown): HydrateRule | undefined {
  if (!handle || typeof handle !== "object" || !("hydrate" in handle)) return undefined;
  const rule = (handle as HydrationHandle).hydrate;
  return typeof rule === "boolean" || typeof rule === "function" ? rule : undefined;
}

/**
 * Whether the page rendered for these matches includes the scripts.
 *
 * `routeError`: some route is showing its error boundary. Error screens always hydrate: the fallback screen's
 * 'Retry Component' re-renders in place and 'Reload Application' reloads, and both need the runtime.
 */
export function pageHydrates(matches: readonly MatchForHydration[], { routeError }: { routeError: boolean }): boolean {
  if (routeError) return true;
  for (let i = matches.length - 1; i >= 0; i--) {
    const rule = ruleOf(matches[i].handle);
    if (rule === undefined) continue;
    if (typeof rule === "boolean") return rule;
    // A rule that cannot read the data (a loader that returned something else) errs on the side of a working page.
    try {
      return rule(matches[i].data) !== false;
    } catch {
      return true;
    }
  }
  return true;
}

/** The handle of a layout or page whose documents need no client runtime. */
export const staticDocument: HydrationHandle = { hydrate: false };

/** The handle of a page that needs the runtime under a layout that marks its pages static. */
export const hydratedDocument: HydrationHandle = { hydrate: true };
