import type { LoaderFunctionArgs } from "@remix-run/node";
import { TEASER_PATHS } from "~/lib/app-routes";
import { listDocs, listPosts } from "~/modules/marketing/markdown.server";
import { hostDependentCacheControl, siteOrigin } from "~/lib/public-origin.server";
import { INDEXED_PUBLIC_PATHS } from "~/modules/marketing/public-pages";

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** sitemap.xml: the public pages, the teaser pages, every blog post and every document. */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = siteOrigin(request);
  const entries: { path: string; lastmod?: string }[] = [
    ...INDEXED_PUBLIC_PATHS.map((path) => ({ path })),
    ...TEASER_PATHS.map((path) => ({ path })),
    ...listPosts().map((p) => ({
      path: `/blog/${p.slug}`,
      lastmod: /^\d{4}-\d{2}-\d{2}$/.test(p.date) ? p.date : undefined,
    })),
    ...listDocs().map((d) => ({ path: `/docs/${d.slug}` })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) =>
        `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": hostDependentCacheControl("public, max-age=3600"),
    },
  });
}
