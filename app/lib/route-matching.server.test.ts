import { createRequire } from "node:module";
import { matchRoutes as original } from "@remix-run/router";
import { describe, expect, test } from "vitest";
import {
  MAX_PATHS,
  memoizeConvertRoutes,
  memoizeCreateServerRoutes,
  memoizeMatchRoutes,
} from "./route-matching.server";

type R = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: R[] };

/** A route tree shaped like Remix's flat routes: pathless layouts, index routes, params, splats, optional segments. */
function tree(): any[] {
  const routes: R[] = [
    {
      id: "root",
      path: "",
      children: [
        {
          id: "routes/_app",
          children: [
            { id: "routes/_app._index", index: true },
            { id: "routes/_app.settings", path: "settings" },
            { id: "routes/_app.phishing", path: "phishing" },
            { id: "routes/_app.incident-response_.$id", path: "incident-response/:id" },
            {
              id: "routes/_app.incident-response_.$id_.evidence.$evidenceId",
              path: "incident-response/:id/evidence/:evidenceId",
            },
            { id: "routes/_app.privacy_.data-map", path: "privacy/data-map" },
            { id: "routes/_app.privacy_.$id", path: "privacy/:id" },
          ],
        },
        {
          id: "routes/_public",
          children: [
            { id: "routes/_public.blog.$slug", path: "blog/:slug" },
            { id: "routes/_public.docs._index", path: "docs", index: true },
            { id: "routes/_public.Pricing", path: "Pricing", caseSensitive: true },
          ],
        },
        { id: "routes/admin", path: "admin", children: [{ id: "routes/admin.$", path: "*" }] },
        { id: "routes/lang", path: ":lang?/about" },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
  return routes;
}

const PATHS = [
  "/",
  "/settings",
  "/settings/",
  "/phishing",
  "/incident-response/abc-123",
  "/incident-response/abc%20123/evidence/e1",
  "/privacy/data-map",
  "/privacy/other",
  "/blog/hello-world",
  "/docs",
  "/Pricing",
  "/pricing",
  "/admin",
  "/admin/a/b/c",
  "/about",
  "/fr/about",
  "/no/such/page",
  "",
];

describe("memoized matchRoutes", () => {
  test("gives what React Router's matchRoutes gives, for string and object locations and a basename, on trees of the same shape", () => {
    const memo = memoizeMatchRoutes(original as never);
    for (let round = 0; round < 3; round++) {
      // A new tree each round, as React Router builds one per render: results must point at this tree's routes.
      const routes = tree();
      for (const path of PATHS) {
        for (const location of [path, { pathname: path }]) {
          const expected = original(routes, location);
          const got = memo(routes as never, location);
          expect(got, `${path} (${typeof location})`).toEqual(expected);
          got?.forEach((m, i) => expect(m.route).toBe(expected![i].route));
        }
        expect(memo(routes as never, "/base" + path, "/base")).toEqual(original(routes, "/base" + path, "/base"));
      }
      expect(memo(routes as never, "/settings?tab=1#x")).toEqual(original(routes, "/settings?tab=1#x"));
    }
  });

  test("a tree of another shape is matched on its own", () => {
    const memo = memoizeMatchRoutes(original as never);
    const a = tree();
    expect(memo(a as never, "/settings")?.at(-1)?.route.id).toBe("routes/_app.settings");
    const b = tree();
    b[0].children![0].children![1].path = "preferences";
    expect(memo(b as never, "/settings")?.at(-1)?.route.id).toBe("routes/$");
    expect(memo(b as never, "/preferences")?.at(-1)?.route.id).toBe("routes/_app.settings");
  });

  test("every caller gets its own match and params objects", () => {
    const memo = memoizeMatchRoutes(original as never);
    const routes = tree();
    const first = memo(routes as never, "/incident-response/one")!;
    (first.at(-1)!.params as Record<string, string>).id = "changed";
    first.pop();
    const second = memo(routes as never, "/incident-response/one")!;
    expect(second.at(-1)!.params).toEqual({ id: "one" });
    expect(second).toHaveLength(3);
  });

  test("the original runs once per shape and path, and again once more paths than the cap were seen", () => {
    let calls = 0;
    const memo = memoizeMatchRoutes(((...args: Parameters<typeof original>) => {
      calls++;
      return original(...args);
    }) as never);
    memo(tree() as never, "/settings");
    memo(tree() as never, "/settings");
    memo(tree() as never, { pathname: "/settings" });
    expect(calls).toBe(1);
    const routes = tree();
    for (let i = 0; i < MAX_PATHS; i++) memo(routes as never, `/privacy/${i}`);
    calls = 0;
    memo(routes as never, "/settings");
    expect(calls).toBe(1);
  });

  test("routes without ids are matched by the original every time", () => {
    let calls = 0;
    const memo = memoizeMatchRoutes(((...args: Parameters<typeof original>) => {
      calls++;
      return original(...args);
    }) as never);
    const routes = [{ path: "/a" }, { path: "/b" }];
    expect(memo(routes as never, "/b")).toEqual(original(routes, "/b"));
    memo(routes as never, "/b");
    expect(calls).toBe(2);
  });
});

describe("the static handler (patches/@remix-run+router)", () => {
  test("matches through the package's exported matchRoutes, so the memo covers the fourth matching of a document", async () => {
    // The CommonJS copy, the one Remix's server runtime loads.
    const router = createRequire(import.meta.url)("@remix-run/router") as {
      matchRoutes: (...args: unknown[]) => unknown;
      createStaticHandler: (routes: unknown[]) => { query(r: Request): Promise<unknown> };
    };
    const seen: string[] = [];
    const exported = router.matchRoutes;
    router.matchRoutes = (...args: unknown[]) => {
      seen.push((args[1] as { pathname: string }).pathname);
      return exported(...args);
    };
    try {
      const handler = router.createStaticHandler([
        {
          id: "root",
          path: "/",
          loader: () => "root",
          children: [{ id: "phishing", path: "phishing", loader: () => "list" }],
        },
      ]);
      const context = (await handler.query(new Request("http://localhost/phishing"))) as {
        loaderData: Record<string, unknown>;
      };
      expect(context.loaderData).toEqual({ root: "root", phishing: "list" });
      expect(seen).toEqual(["/phishing"]);
    } finally {
      router.matchRoutes = exported;
    }
  });
});

describe("route objects once per build", () => {
  const manifest = {
    root: { id: "root", path: "" },
    "routes/_app": { id: "routes/_app", parentId: "root" },
    "routes/_app.phishing": { id: "routes/_app.phishing", parentId: "routes/_app", path: "phishing" },
  };
  const modules = () => ({
    root: { default: "Root" },
    "routes/_app": { default: "App" },
    "routes/_app.phishing": { default: "P" },
  });

  test("createServerRoutes answers the same routes for the same manifest and modules, and builds again when a module changes", () => {
    let calls = 0;
    const built = modules();
    const memo = memoizeCreateServerRoutes((m, rm) => {
      calls++;
      return [{ id: "root", built: Object.keys(rm).length, of: m } as never];
    });
    const first = memo(manifest, built, {}, false);
    // RemixServer passes a fresh map of the same modules on every document.
    expect(memo(manifest, { ...built }, {}, false)).toBe(first);
    expect(calls).toBe(1);
    // A module that is not the one the routes were built from (a rebuilt route in development): built again.
    const changed = memo(manifest, { ...built, "routes/_app.phishing": { default: "P2" } }, {}, false);
    expect(changed).not.toBe(first);
    expect(calls).toBe(2);
    // SPA mode builds other routes.
    memo(manifest, { ...built, "routes/_app.phishing": { default: "P2" } }, {}, true);
    expect(calls).toBe(3);
  });

  test("convertRoutesToDataRoutes answers the same data routes and fills each caller's own manifest", () => {
    const convert = (
      createRequire(import.meta.url)("@remix-run/router") as {
        UNSAFE_convertRoutesToDataRoutes: Parameters<typeof memoizeConvertRoutes>[0];
      }
    ).UNSAFE_convertRoutesToDataRoutes;
    let calls = 0;
    const memo = memoizeConvertRoutes((...args) => {
      calls++;
      return convert(...args);
    });
    const routes = tree();
    const map = (r: { path?: string }) => ({ hasErrorBoundary: r.path === "settings" });
    const m1: Record<string, unknown> = {};
    const m2: Record<string, unknown> = {};
    const a = memo(routes, map, undefined, m1 as never);
    const b = memo(routes, map, undefined, m2 as never);
    expect(b).toBe(a);
    expect(calls).toBe(1);
    const fresh: Record<string, unknown> = {};
    expect(a).toEqual(convert(routes, map, undefined, fresh as never));
    expect(Object.keys(m2).sort()).toEqual(Object.keys(fresh).sort());
    expect(m2["routes/_app.settings"]).toBe(m1["routes/_app.settings"]);
    // Another mapping function, or a manifest that already holds routes: the original, every time.
    memo(routes, () => ({}), undefined, {} as never);
    memo(routes, map, undefined, { elsewhere: {} } as never);
    expect(calls).toBe(3);
  });
});
