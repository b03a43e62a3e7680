/**
 * The public-page half of the page cache (lookupPublicPage): a signed-out GET of a page whose rendering said a CDN
 * may hold it is served from the stored copy; a request with a session cookie never is, and a private answer is
 * never stored. The production server's side: tests/unit/public-pages.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "~/lib/public-page";
import { clearPageCache, lookupPublicPage, pageFrom, PUBLIC_TTL_MS, type RequestHead } from "./page-cache.server";

const NONCE = "N0nceN0nceN0nce0==";
const head = (over: Partial<RequestHead> = {}): RequestHead => ({
  method: "GET",
  href: "http://localhost/pricing",
  cookie: undefined,
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  ...over,
});
const answer = (cacheControl: string, extra: Record<string, string> = {}) =>
  new Response(null, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": cacheControl, ...extra },
  });

/** One request through the cache: the slot kind, and on a miss the rendered answer offered for storing. */
function visit(h: RequestHead, rendered: Response, now = Date.now()): string {
  const slot = lookupPublicPage(h, "build-1", now);
  if (!slot) return "not looked up";
  if (slot.kind !== "miss") return slot.kind;
  slot.finish(slot.storable(rendered) ? pageFrom(rendered, `<p nonce="${NONCE}">x</p>`, NONCE, now) : null);
  return "miss";
}

describe("public pages in the page cache", () => {
  beforeEach(() => clearPageCache());

  it("serves a public page's second signed-out visit from the stored copy, until it expires", () => {
    const now = Date.now();
    expect(visit(head(), answer(PUBLIC_CACHE_CONTROL), now)).toBe("miss");
    expect(visit(head(), answer(PUBLIC_CACHE_CONTROL), now + 1)).toBe("hit");
    expect(visit(head(), answer(PUBLIC_CACHE_CONTROL), now + PUBLIC_TTL_MS + 1)).toBe("miss");
  });

  it("never looks up a request with a session cookie (either name), a query string or another method", () => {
    visit(head(), answer(PUBLIC_CACHE_CONTROL));
    expect(visit(head(), answer(PUBLIC_CACHE_CONTROL))).toBe("hit");
    expect(visit(head({ cookie: "rampart_session=abc" }), answer(PUBLIC_CACHE_CONTROL))).toBe("not looked up");
    expect(visit(head({ cookie: "x=1; __Host-rampart_session=abc" }), answer(PUBLIC_CACHE_CONTROL))).toBe(
      "not looked up",
    );
    expect(visit(head({ href: "http://localhost/pricing?plan=pro" }), answer(PUBLIC_CACHE_CONTROL))).toBe(
      "not looked up",
    );
    expect(visit(head({ method: "HEAD" }), answer(PUBLIC_CACHE_CONTROL))).toBe("not looked up");
  });

  it("stores only what the rendering marked public, without Set-Cookie; a private page is then not wrapped", () => {
    expect(visit(head({ href: "http://localhost/login" }), answer("private, no-cache"))).toBe("miss");
    expect(visit(head({ href: "http://localhost/login" }), answer("private, no-cache"))).toBe("not looked up");
    expect(visit(head({ href: "http://localhost/x" }), answer(PUBLIC_CACHE_CONTROL, { "Set-Cookie": "a=b" }))).toBe(
      "miss",
    );
    expect(visit(head({ href: "http://localhost/x" }), answer(PUBLIC_CACHE_CONTROL))).toBe("not looked up");
  });

  it("keeps another build, another Host header and bots apart", () => {
    visit(head(), answer(PUBLIC_CACHE_CONTROL));
    expect(lookupPublicPage(head(), "build-2")?.kind).toBe("miss");
    expect(visit(head({ href: "http://evil.example/pricing" }), answer(PUBLIC_CACHE_CONTROL))).toBe("miss");
    expect(
      visit(
        head({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
        answer(PUBLIC_CACHE_CONTROL),
      ),
    ).toBe("miss");
    expect(visit(head(), answer(PUBLIC_CACHE_CONTROL))).toBe("hit");
  });

  it("once a path is known public, concurrent misses after expiry wait for one render", () => {
    const now = Date.now();
    visit(head(), answer(PUBLIC_CACHE_CONTROL), now);
    const later = now + PUBLIC_TTL_MS + 1;
    const first = lookupPublicPage(head(), "build-1", later);
    expect(first?.kind).toBe("miss");
    expect(lookupPublicPage(head(), "build-1", later)?.kind).toBe("wait");
    if (first?.kind === "miss") first.finish(null);
  });
});
