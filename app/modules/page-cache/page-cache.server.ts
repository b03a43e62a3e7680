/**
 * Rendered documents kept in memory: a render costs 5-15 ms of CPU, a stored copy well under one (why and the
 * risks: docs/decisions/012). Two kinds, both for GET without a query string, both storing only 200 HTML answers
 * without Set-Cookie:
 * - public pages, signed out (lookupPublicPage): keyed by build, bot or not and URL, kept PUBLIC_TTL_MS; stored
 *   only when the rendering said a CDN may hold it (entry.server, from the route's handle). A request with a
 *   session cookie is never looked up there.
 * - the signed-in dashboard (lookupPage; `/dashboard`, and `/` signed in): keyed by everything the page is
 *   rendered from (the tenant context as resolved on this request, the sidebar cookie, bot or not) and the
 *   selected tenant's data version, which SQLite triggers raise on every write to a tenant-owned row from any
 *   connection (read before rendering, so a write during the render retires the copy); kept PAGE_TTL_MS, for text
 *   that depends on the clock.
 * Each answer carries its own CSP nonce: the copy is kept split at the nonce it was rendered with (a 128-bit
 * random token, found nowhere else in the page), and gzip answers are assembled from parts deflated once
 * (pageGzip). Concurrent misses of one key wait for the first render (a burst after expiry would render 50 times).
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type BetterSqlite3 from "better-sqlite3";
import { isbot } from "isbot";
import { sqlite } from "~/lib/db.server";
import { parseSidebarState } from "~/lib/sidebar-state";
import { getTenantContext } from "~/modules/tenants";
import { accountBannerState } from "~/modules/accounts";
import { carriesSessionCookie, PUBLIC_CACHE_CONTROL } from "~/lib/public-page";
import { negotiateLocale } from "~/lib/locale.server";

export const CACHED_PATHS = new Set(["/", "/dashboard"]);
export const PAGE_TTL_MS = 5_000;
/** A public page changes only with a deployment; a minute bounds text that depends on the clock. */
export const PUBLIC_TTL_MS = 60_000;
const MAX_ENTRIES = 200;

export type CachedPage = {
  status: number;
  headers: [string, string][];
  parts: Buffer[];
  deflated: Buffer[];
  expiresAt: number;
};
export type PageSlot =
  | { kind: "hit"; page: CachedPage }
  | { kind: "wait"; page: Promise<CachedPage | null> }
  | { kind: "miss"; key: string; storable(response: Response): boolean; finish(page: CachedPage | null): void };

const entries = new Map<string, CachedPage>();
const inFlight = new Map<string, Promise<CachedPage | null>>();

// Raw SQL on purpose: every cacheable request reads this, and a plain prepared statement skips drizzle's
// row mapping on that hot path (docs/decisions/012).
let versionStmt: { conn: BetterSqlite3.Database; stmt: BetterSqlite3.Statement } | null = null;
/** The tenant's data version (0 before its first write). */
export function tenantDataVersion(tenantId: string): number {
  const conn = sqlite();
  if (versionStmt?.conn !== conn)
    versionStmt = { conn, stmt: conn.prepare("SELECT version FROM tenant_data_versions WHERE tenant_id = ?") };
  return (versionStmt.stmt.get(tenantId) as { version: number } | undefined)?.version ?? 0;
}

let bumpStmt: { conn: BetterSqlite3.Database; stmt: BetterSqlite3.Statement } | null = null;
/**
 * Raises the tenant's data version by one: for a writer that skips the per-row triggers (the event store, once per
 * stored batch, inside its transaction on the process's connection).
 */
export function bumpTenantDataVersion(tenantId: string): void {
  const conn = sqlite();
  if (bumpStmt?.conn !== conn)
    bumpStmt = {
      conn,
      stmt: conn.prepare(
        `INSERT INTO tenant_data_versions (tenant_id, version) VALUES (?, 1)
         ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1`,
      ),
    };
  bumpStmt.stmt.run(tenantId);
}

/** The cache key of a request, or null when its answer must not come from the cache. */
export async function pageCacheKey(request: Request): Promise<string | null> {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!CACHED_PATHS.has(url.pathname) || url.search !== "") return null;
  let ctx;
  try {
    ctx = await getTenantContext(request);
  } catch {
    return null; // a refused X-Tenant-Id: Remix answers it
  }
  // Signed out (or a stale session cookie): the landing page is a public page, stored by lookupPublicPage.
  if (!ctx) return null;
  const cookie = request.headers.get("Cookie");
  const who = {
    session: ctx.session.idHash,
    user: ctx.user,
    tenants: ctx.tenants,
    tenant: ctx.tenant,
    plan: ctx.plan,
    effectivePlan: ctx.effectivePlan,
    trial: ctx.trial,
    allowance: ctx.allowance,
    version: ctx.tenant ? tenantDataVersion(ctx.tenant.id) : null,
    // The shell's account banner (unverified address, unread account notices): not tenant data.
    account: accountBannerState(ctx.user.id),
  };
  // Dates and numbers are formatted in the negotiated locale (app/lib/format.ts).
  const locale = negotiateLocale(request.headers.get("Accept-Language"));
  const parts = [url.href, isbot(request.headers.get("User-Agent") ?? ""), parseSidebarState(cookie), locale, who];
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url");
}

/** Looks the request up: a stored page, a render of the same key in progress, or a miss to fill (call finish). */
export async function lookupPage(request: Request, now = Date.now()): Promise<PageSlot | null> {
  const key = await pageCacheKey(request);
  if (!key) return null;
  const page = entries.get(key);
  if (page && page.expiresAt > now) return { kind: "hit", page };
  if (page) entries.delete(key);
  const running = inFlight.get(key);
  if (running) return { kind: "wait", page: running };
  return missSlot(key, storable);
}

/** A miss to fill; concurrent misses of the key wait for it (a burst after expiry would otherwise render 50 times). */
function missSlot(key: string, accepts: (response: Response) => boolean, coalesce = true): PageSlot {
  let finish: (p: CachedPage | null) => void = () => {};
  if (coalesce) inFlight.set(key, new Promise((resolve) => (finish = resolve)));
  return {
    kind: "miss",
    key,
    storable: accepts,
    finish(p) {
      if (coalesce) inFlight.delete(key);
      if (p) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, p);
      }
      finish(p);
    },
  };
}

/** Per path: whether its last anonymous rendering was public, until when that verdict is trusted. */
const publicVerdicts = new Map<string, { isPublic: boolean; until: number }>();
const MAX_VERDICTS = 1000;

/** What lookupPublicPage reads of a request (plain strings: it runs before any Request object is made). */
export type RequestHead = {
  method: string;
  /** Origin and path as the client asked (`http://host/path?query`). */
  href: string;
  cookie: string | undefined;
  userAgent: string | undefined;
  acceptLanguage?: string | undefined;
};

/**
 * Looks up the stored copy of a public page for a signed-out GET; null when the request is not one (a session
 * cookie, a query string, another method) or its path rendered as a private page within the last PUBLIC_TTL_MS
 * (the login page, a teaser page, an API answer: those are never wrapped to be stored).
 */
export function lookupPublicPage(head: RequestHead, build: string, now = Date.now()): PageSlot | null {
  if (head.method !== "GET" || head.href.includes("?") || carriesSessionCookie(head.cookie)) return null;
  const path = head.href.slice(head.href.indexOf("/", head.href.indexOf("//") + 2));
  const verdict = publicVerdicts.get(path);
  if (verdict && !verdict.isPublic && verdict.until > now) return null;
  // The URL with its host: without PUBLIC_URL a page names the request's origin and is never stored (entry.server);
  // with it, a forged Host header still gets an entry of its own rather than reaching everyone's copy.
  // The negotiated locale, not the raw header: a handful of copies per page, whatever browsers send.
  const locale = negotiateLocale(head.acceptLanguage);
  const key = `public\u0000${build}\u0000${isbot(head.userAgent ?? "") ? 1 : 0}\u0000${locale}\u0000${head.href}`;
  const page = entries.get(key);
  if (page && page.expiresAt > now) return { kind: "hit", page };
  if (page) entries.delete(key);
  const running = inFlight.get(key);
  if (running) return { kind: "wait", page: running };
  const judge = (response: Response) => {
    const isPublic = storable(response) && response.headers.get("Cache-Control") === PUBLIC_CACHE_CONTROL;
    if (publicVerdicts.size >= MAX_VERDICTS) publicVerdicts.clear();
    publicVerdicts.set(path, { isPublic, until: now + PUBLIC_TTL_MS });
    return isPublic;
  };
  // Only a path known to be public waits for a render in progress: a private page's requests render side by side.
  return missSlot(key, judge, verdict?.isPublic === true);
}

/** Whether a rendered answer may be stored: 200 HTML without cookies. */
export function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/** A storable copy of `html`, rendered with `nonce`. */
export function pageFrom(
  response: Response,
  html: string,
  nonce: string | undefined,
  now = Date.now(),
  ttlMs = response.headers.get("Cache-Control") === PUBLIC_CACHE_CONTROL ? PUBLIC_TTL_MS : PAGE_TTL_MS,
): CachedPage | null {
  if (!nonce || nonce.length < 16 || nonce.length > 1000) return null;
  const headers = [...response.headers.entries()].filter(
    ([k]) => !/^(set-cookie|content-security-policy|content-length)$/i.test(k),
  );
  const parts = html.split(nonce).map((p) => Buffer.from(p));
  // Each part compressed on its own and ended with a full flush: byte-aligned
  // and referring to nothing before it, so the nonce can go between them
  // uncompressed (see pageGzip).
  const deflated = parts.map((p) => zlib.deflateRawSync(p, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH }));
  return { status: response.status, headers, parts, deflated, expiresAt: now + ttlMs };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * The stored page gzip-encoded with this response's nonce, without compressing
 * anything per request (compressing the 60 KB page was the largest cost of a
 * cached answer): the parts were deflated once when stored; the nonce goes in
 * as a stored (uncompressed) deflate block between them, and the gzip trailer
 * gets the CRC-32 and length of the whole page (RFC 1951 §3.2.4, RFC 1952).
 */
export function pageGzip(page: CachedPage, nonce: string): Buffer {
  const n = Buffer.from(nonce);
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(n.length, 1);
  stored.writeUInt16LE(~n.length & 0xffff, 3);
  const list: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.parts.forEach((p, i) => {
    if (i > 0) {
      list.push(stored, n);
      crc = zlib.crc32(n, crc);
      size += n.length;
    }
    list.push(page.deflated[i]);
    crc = zlib.crc32(p, crc);
    size += p.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  list.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(list);
}

/** The stored page's body with this response's nonce in place of the original one. */
export function pageBody(page: CachedPage, nonce: string): Buffer {
  const n = Buffer.from(nonce);
  const list: Buffer[] = [];
  page.parts.forEach((p, i) => {
    if (i > 0) list.push(n);
    list.push(p);
  });
  return Buffer.concat(list);
}

/** Empties the cache (tests). */
export function clearPageCache() {
  entries.clear();
  inFlight.clear();
  publicVerdicts.clear();
}
