/**
 * The one check for a redirect target that comes from a request (a
 * `redirectTo` field or query parameter, a Referer): the answer is always a
 * path on this site, or the fallback.
 *
 * The check runs on the *normalised* result, the thing that goes into the
 * Location header: URL parsing resolves `.`/`..` segments and `%2e`, so
 * `/.//evil.example`, `/%2e//evil.example` and `/a/..//evil.example` all
 * normalise to `//evil.example`, which a browser reads as another host.
 * Checking the raw input for `//` and returning the normalised path (the old
 * code) let exactly those through.
 */
const BASE = "http://rampart.invalid";
const MAX_LENGTH = 2000;

function isSamePath(path: string): boolean {
  // Protocol-relative (`//host`) and backslash forms (`/\host`, which browsers read as `//host`).
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

export function safeRedirectPath(to: unknown, fallback = "/dashboard"): string {
  if (typeof to !== "string" || to.length > MAX_LENGTH || !to.startsWith("/")) return fallback;
  // Control characters and backslashes are never part of a path we link to; browsers strip or rewrite them.
  if (/[\p{Cc}\\]/u.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (!isSamePath(path)) return fallback;
  // A second pass must change nothing: the target a browser resolves is the one checked here.
  const again = new URL(path, BASE);
  if (again.origin !== BASE || again.pathname + again.search + again.hash !== path) return fallback;
  return path;
}
