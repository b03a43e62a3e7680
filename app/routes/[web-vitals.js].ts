import type { LoaderFunctionArgs } from "@remix-run/node";
import { webVitalsLibrary } from "~/lib/web-vitals.server";

/**
 * GET /web-vitals.js: the web-vitals library for the console logger on every page (docs/product.md §7: web vitals are only
 * logged to the console). Cached for a year when asked for by its current version, which is how pages link it.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const { source, version } = webVitalsLibrary();
  const current = new URL(request.url).searchParams.get("v") === version;
  return new Response(source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
