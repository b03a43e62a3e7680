/**
 * One meta helper for every public page: its own <title> and description,
 * Open Graph tags and a canonical URL. The origin comes from a loader (the
 * public layout's, or the page's own) so that canonical URLs are absolute.
 */
import type { MetaDescriptor } from "@remix-run/node";

export const SITE_NAME = "Rampart";

export type SeoInput = {
  title: string;
  description: string;
  /** The page's path, e.g. "/pricing". */
  path: string;
  noindex?: boolean;
  type?: "website" | "article";
};

type MatchLike = { id: string; data?: unknown };

/** The first `origin` string any matched route's loader returned (the public layout's, else root's PUBLIC_URL). */
export function originFromMatches(matches: readonly MatchLike[] | undefined): string {
  for (const m of [...(matches ?? [])].reverse()) {
    const origin = (m.data as { origin?: unknown } | null | undefined)?.origin;
    if (typeof origin === "string" && origin) return origin.replace(/\/+$/, "");
  }
  return "";
}

export function seo(input: SeoInput, matches?: readonly MatchLike[]): MetaDescriptor[] {
  const title = input.title.includes(SITE_NAME) ? input.title : `${input.title} · ${SITE_NAME}`;
  const url = `${originFromMatches(matches)}${input.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary" },
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  return tags;
}
