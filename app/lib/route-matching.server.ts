/**
 * Route matching, once per route tree and path instead of four times per document; route objects once per build.
 *
 * Why: React Router's `matchRoutes` flattens the whole route tree (~155 routes here), ranks every branch and
 * compiles a regular expression per branch tried, on every call; a document request calls it four times (the
 * Remix request handler, the static handler's query, React Router's `<DataRoutes>` while rendering, and lazy
 * route discovery's manifest). Profiled under load it was a fifth of the server's busy time, plus the garbage
 * it left (docs/decisions/022-signed-in-page-speed.md).
 *
 * How: all four calls go through the package's exported `matchRoutes` (the static handler's since
 * `patches/@remix-run+router+1.23.3.patch`, applied by `npm ci`; before it, the static handler called its own
 * module-local binding). `installRouteMatchMemo` replaces that export with a memo. React Router's trees used to
 * differ in identity on every render (`installRouteObjectMemos`, below, now keeps them), not in shape, so results are kept
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

type ServerRoutesArgs = [
  manifest: Record<string, { id: string }>,
  routeModules: Record<string, unknown>,
  ...rest: unknown[],
];
type CreateServerRoutes = (...args: ServerRoutesArgs) => Route[];
type ConvertRoutes = (
  routes: Route[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, Route>,
) => Route[];

/**
 * Remix's `createServerRoutes`, once per build: the same route objects for every render while the build's route
 * manifest and its modules are the same. `RemixServer` calls it on every document with the build's own manifest
 * object and a fresh map of the same route modules, so a hit is checked module by module (~150 identity
 * comparisons), not by the map's identity. The routes hold only the build's data (ids, paths, handles, components
 * that render by id): nothing of a request. Exported for the tests.
 */
export function memoizeCreateServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const byManifest = new WeakMap<object, { modules: Record<string, unknown>; key: string; routes: Route[] }>();
  return function createServerRoutes(...args) {
    const [manifest, routeModules, , isSpaMode, parentId] = args;
    // Only the top-level call of a document (the function recurses on its own binding).
    if (parentId) return original(...args);
    const key = String(isSpaMode === true);
    const known = byManifest.get(manifest);
    if (known && known.key === key && sameModules(known.modules, routeModules, manifest)) return known.routes;
    const routes = original(...args);
    byManifest.set(manifest, { modules: { ...routeModules }, key, routes });
    return routes;
  };
}

function sameModules(a: Record<string, unknown>, b: Record<string, unknown>, manifest: Record<string, unknown>) {
  for (const id in manifest) if (a[id] !== b[id]) return false;
  return true;
}

/**
 * React Router's `convertRoutesToDataRoutes` for the static router, once per route array: `createStaticRouter`
 * converts the server routes on every document, and with the server routes now the same objects, so is its
 * result. The caller's id-to-route manifest (a fresh object each time) is filled with the same routes as the
 * first call did. Any other call (a nested level, a manifest already holding routes) goes to the original.
 */
export function memoizeConvertRoutes(original: ConvertRoutes): ConvertRoutes {
  const byRoutes = new WeakMap<Route[], { map: unknown; routes: Route[]; manifest: Record<string, Route> }>();
  return function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {
    if (parentPath !== undefined || (manifest && Object.keys(manifest).length > 0))
      return original(routes, mapRouteProperties, parentPath, manifest);
    const known = byRoutes.get(routes);
    if (known && known.map === mapRouteProperties) {
      if (manifest) Object.assign(manifest, known.manifest);
      return known.routes;
    }
    const filled: Record<string, Route> = {};
    const converted = original(routes, mapRouteProperties, undefined, filled);
    byRoutes.set(routes, { map: mapRouteProperties, routes: converted, manifest: filled });
    if (manifest) Object.assign(manifest, filled);
    return converted;
  };
}

let routesInstalled = false;

/**
 * Installs both memos on the loaded packages' exports objects, which is how `RemixServer` and `createStaticRouter`
 * call them (idempotent). With the route objects stable, the match memo above finds each tree by identity too.
 */
export function installRouteObjectMemos(): void {
  if (routesInstalled) return;
  routesInstalled = true;
  const require = createRequire(import.meta.url);
  const remixRoutes = require(require.resolve("@remix-run/react/dist/routes.js")) as {
    createServerRoutes: CreateServerRoutes;
  };
  remixRoutes.createServerRoutes = memoizeCreateServerRoutes(remixRoutes.createServerRoutes);
  const router = require("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes };
  router.UNSAFE_convertRoutesToDataRoutes = memoizeConvertRoutes(router.UNSAFE_convertRoutesToDataRoutes);
}
