/**
 * Pages format dates and numbers in the locale negotiated from Accept-Language (app/lib/format.ts): a stored public
 * page is one copy per negotiated locale, never one visitor's format served to another.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "~/lib/public-page";
import { clearPageCache, lookupPublicPage, pageFrom, type RequestHead } from "./page-cache.server";

const NONCE = "N0nceN0nceN0nce0==";
const head = (acceptLanguage: string | undefined): RequestHead => ({
  method: "GET",
  href: "http://localhost/pricing",
  cookie: undefined,
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  acceptLanguage,
});

function visit(h: RequestHead): string {
  const slot = lookupPublicPage(h, "build-1");
  if (!slot) return "not looked up";
  if (slot.kind !== "miss") return slot.kind;
  const rendered = new Response(null, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
  slot.finish(pageFrom(rendered, `<p nonce="${NONCE}">x</p>`, NONCE));
  return "miss";
}

describe("public pages per locale", () => {
  beforeEach(() => clearPageCache());

  it("keeps one copy per negotiated locale", () => {
    expect(visit(head("en-US,en;q=0.9"))).toBe("miss");
    expect(visit(head("de-DE,de;q=0.9,en;q=0.8"))).toBe("miss");
    // Other headers that negotiate to a stored locale share its copy.
    expect(visit(head("de"))).toBe("hit");
    expect(visit(head(undefined))).toBe("hit");
    expect(visit(head("pt-BR"))).toBe("hit");
  });
});
