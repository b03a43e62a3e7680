import { matchRoutes as original } from "@remix-run/router";
import { describe, expect, test } from "vitest";
import { MAX_PATHS, memoizeMatchRoutes } from "./route-matching.server";

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
