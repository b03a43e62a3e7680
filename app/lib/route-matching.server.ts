/**
 * Route matching, once per route tree and path instead of three times per document.
 *
 * Why: React Router's `matchRoutes` flattens the whole route tree (~155 routes here), ranks every branch and
 * compiles a regular expression per branch tried, on every call; a document request calls it four times (the
 * Remix request handler, the static handler's query, React Router's `<DataRoutes>` while rendering, and lazy
 * route discovery's manifest). Profiled under load it was a fifth of the server's busy time, plus the garbage
 * it left (docs/decisions/022-signed-in-page-speed.md).
 *
 * How: three of those four calls go through the package's exported `matchRoutes` (the static handler calls its
 * own module-local binding, which stays as it is). `installRouteMatchMemo` replaces that export with a memo. The
 * trees differ in identity (React Router builds a new one for every render) but not in shape, so results are kept
 * per tree shape (each route's id, path, index and case flag) and path, as route ids with their params, and turned
 * back into matches against the caller's own route objects: every caller gets fresh match and params objects,
 * exactly what `matchRoutes` would have returned.
 */
import { createRequire } from "node:module";
import type { AgnosticRouteMatch, AgnosticRouteObject } from "@remix-run/router";

type Route = AgnosticRouteObject & { children?: Route[] };
type MatchRoutes = (
  routes: Route[],
  location: Partial<{ pathname: string }> | string,
  basename?: string,
) => AgnosticRouteMatch<string, Route>[] | null;

type StoredMatch = { id: string; params: Record<string, string | undefined>; pathname: string; pathnameBase: string };
type Tree = { byId: Map<string, Route>; results: Map<string, StoredMatch[] | null> };

/** Paths remembered per tree shape; past this the memo starts over (URLs with ids are unbounded). */
export const MAX_PATHS = 1000;

/** The memo over `original`, keyed by tree shape and path. Exported for the tests. */
export function memoizeMatchRoutes(original: MatchRoutes): MatchRoutes {
  const byShape = new Map<string, Map<string, StoredMatch[] | null>>();
  const trees = new WeakMap<Route[], Tree>();

  function treeOf(routes: Route[]): Tree | null {
    const known = trees.get(routes);
    if (known) return known;
    const byId = new Map<string, Route>();
    let shape = "";
    const walk = (list: Route[]) => {
      shape += "[";
      for (const r of list) {
        if (typeof r.id !== "string" || byId.has(r.id)) throw new Error("route without a unique id");
        byId.set(r.id, r);
        shape += `${JSON.stringify([r.id, r.path ?? null, r.index === true, r.caseSensitive === true])}`;
        if (r.children?.length) walk(r.children);
      }
      shape += "]";
    };
    try {
      walk(routes);
    } catch {
      return null; // Routes without ids (not Remix's): no memo.
    }
    let results = byShape.get(shape);
    if (!results) byShape.set(shape, (results = new Map()));
    const tree = { byId, results };
    trees.set(routes, tree);
    return tree;
  }

  return function matchRoutes(routes, location, basename = "/") {
    // A string with a search or hash is left to the original, which parses it.
    const pathname =
      typeof location !== "string" ? (location.pathname ?? "/") : /[?#]/.test(location) ? null : location;
    const tree = pathname === null ? null : treeOf(routes);
    if (!tree) return original(routes, location, basename);
    const key = `${basename}\u0000${pathname}`;
    let stored = tree.results.get(key);
    if (stored === undefined) {
      const matches = original(routes, location, basename);
      stored = matches
        ? matches.map((m) => ({
            id: m.route.id!,
            params: m.params,
            pathname: m.pathname,
            pathnameBase: m.pathnameBase,
          }))
        : null;
      if (tree.results.size >= MAX_PATHS) tree.results.clear();
      tree.results.set(key, stored);
    }
    if (stored === null) return null;
    const out: AgnosticRouteMatch<string, Route>[] = [];
    for (const m of stored) {
      const route = tree.byId.get(m.id);
      if (!route) return original(routes, location, basename);
      out.push({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route });
    }
    return out;
  };
}

let installed = false;

/** Replaces `matchRoutes` on the one loaded copy of @remix-run/router (idempotent). */
export function installRouteMatchMemo(): void {
  if (installed) return;
  installed = true;
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  router.matchRoutes = memoizeMatchRoutes(router.matchRoutes);
}
