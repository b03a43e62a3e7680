// Rampart's production server: one Node process with Express 4 around the
// Remix request handler. It adds what remix-serve cannot: headers on every
// response (static files included), JSON-line request logs, forwarded headers
// behind trusted proxies (TRUST_PROXY: a hop count or the proxies' addresses,
// server/proxy.ts), bodies refused unread when the caller may not post there,
// request body limits, health checks
// and a graceful shutdown. See docs/operations.md.
//
// Run by tsx (`npm start`), so the server and the app share one language and
// one type check; the app itself is the Remix build, handed requests by
// @remix-run/express.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import v8 from "node:v8";
import { pathToFileURL } from "node:url";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { migrateDatabase } from "~/lib/db.server";
import { getEnv, sessionSecret } from "~/lib/env.server";
import { configuredOrigin } from "~/lib/public-origin.server";
import { SERVER_ERRORS } from "~/lib/errors";
import type { RampartLoadContext } from "~/lib/request.server";
import { carriesSessionCookie } from "~/lib/public-page";
import type { CachedPage, PageSlot } from "~/modules/page-cache";
import { bodyLimitFor, originAllowed, pageBodyAllowed } from "./server/guards";
import { bodySlices, bodyStream } from "./server/body-slices";
import { createNonce, securityHeaders } from "./server/security-headers";
import { createReadinessCheck } from "./server/readiness";
import { createLogger, loggablePath, redactSecrets } from "./server/request-log";
import { describeTrustProxy, parseTrustProxy } from "./server/proxy";
import { parseRenderConcurrency, renderAdmission } from "./server/render-admission";

/** What the server uses from the app's build (exported by app/entry.server.tsx). */
type AppEntry = typeof import("./app/entry.server");

// Every variable goes through the one schema (app/lib/env.server.ts): an invalid value stops the start.
const ENV = getEnv();
const PORT = ENV.PORT;
const HOST = ENV.HOST;
const TRUST_PROXY = parseTrustProxy(ENV.TRUST_PROXY);
const RENDER_CONCURRENCY = parseRenderConcurrency(ENV.RAMPART_RENDER_CONCURRENCY);
const MODE = ENV.NODE_ENV === "production" ? "production" : "development";
const BUILD_PATH = path.resolve(ENV.RAMPART_BUILD);

// Layers can be switched off one at a time to measure what each costs
// (bench/server.ts with BENCH_ENV=RAMPART_LAYERS_OFF=compression,...; see
// docs/decisions/010-server-layers.md). Never set in production.
const LAYERS_OFF = new Set(ENV.RAMPART_LAYERS_OFF.split(",").filter(Boolean));
const SHUTDOWN_GRACE_MS = 9_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const log = createLogger();

// V8 grows the heap by up to 4x between full collections on a machine with
// plenty of memory: under load the process reached 300-450 MB though its live
// data is ~50 MB. Growing by 20% at a time keeps the peak near 170-190 MB for
// a few per cent more CPU (docs/decisions/012). Read by V8 at each collection,
// so it can be set here rather than in the start command; 0 means V8's default.
const HEAP_GROWING_PERCENT = ENV.RAMPART_HEAP_GROWING_PERCENT;
if (HEAP_GROWING_PERCENT > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(HEAP_GROWING_PERCENT)}`);

const dbFile = migrateDatabase();
log({ level: "info", msg: "database ready", database: dbFile });
// Without a configured public address (PUBLIC_URL, or `npm run admin -- public-url`),
// canonical and troubleshooting links name the host the request came with (any
// Host header a client sends); such pages are then never cached
// (app/lib/public-origin.server.ts), and no link mail is sent at all: a reset
// link must never take its host from a request. Said once, at start.
if (MODE === "production" && !configuredOrigin())
  log({
    level: "warn",
    msg: "PUBLIC_URL is not set: password-reset, verification and invitation links are not mailed, links in pages take the host from each request, and those pages are sent uncached. Set PUBLIC_URL (or run: npm run admin -- public-url https://your.site) to the site's public address (docs/operations.md).",
  });

// Creates the session secret (unless SESSION_SECRET is set) before the first
// request, so the log says where it is as soon as the server starts.
sessionSecret();

const build = (await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild;
// The app's page cache, per-request memo, body admission and database
// connection (app/modules/page-cache, app/lib/request-scope.server.ts;
// docs/decisions/012-dashboard-throughput.md).
const pages = build.entry.module as unknown as AppEntry;
const PAGE_CACHE = !LAYERS_OFF.has("pagecache");
// WAL checkpoints (and their fsync) in a worker thread, not on a committing request (app/lib/wal-checkpoint.server.ts).
pages.checkpointInBackground();
// The modules' reactions, and their durable background jobs unless RAMPART_JOBS=0 (app/modules/registry.server.ts).
pages.startBackgroundJobs();
const handleRemix = createRequestHandler({
  build,
  mode: MODE,
  getLoadContext: (req, res): RampartLoadContext => ({
    cspNonce: res.locals.cspNonce,
    clientIp: req.ip,
    requestId: res.locals.requestId,
    // Held by the response itself: a Request's abort signal is lost once the intermediate Requests Remix makes are
    // garbage-collected (undici follows signals through weak references), so long-lived answers listen here.
    onClose: (listener) => {
      res.once("close", listener);
      return () => res.off("close", listener);
    },
  }),
});

const ready = createReadinessCheck({ file: dbFile, getConnection: () => pages.openedConnection() });
let shuttingDown = false;

const app = express();
app.disable("x-powered-by");
app.disable("etag");
// The client address is the one the nearest trusted proxy saw, never the
// left-most X-Forwarded-For entry (which the client writes itself).
app.set("trust proxy", TRUST_PROXY);

// Request id, timing and one JSON line per request: method, path (never the
// query string, which may carry tokens), status, duration. No cookies, bodies
// or authorization headers are logged.
app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  const requestId = randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  // While shutting down, keep-alive connections are not reused: each in-flight
  // answer closes its connection so the server can finish within the grace period.
  if (shuttingDown) res.setHeader("Connection", "close");
  if (!LAYERS_OFF.has("logging")) {
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      log({
        level: "info",
        msg: "request",
        requestId,
        method: req.method,
        path: loggablePath(req.path),
        status: res.statusCode,
        durationMs: Math.round(ms * 10) / 10,
        ip: req.ip,
      });
    });
  }
  next();
});

app.use((req, res, next) => {
  const nonce = createNonce();
  res.locals.cspNonce = nonce;
  const headers = securityHeaders(nonce, req.secure);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  // Just before the head is sent, whoever wrote the answer: our CSP stands (a
  // route's own CSP is dropped; it may still add CSP-free headers), and every
  // answer to a signed-in request is private and unstored unless its route set
  // Cache-Control itself (redirects, errors, anything a route forgot).
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    res.setHeader("Content-Security-Policy", headers["Content-Security-Policy"]);
    if (!res.hasHeader("Cache-Control") && carriesSessionCookie(req.get("cookie")))
      res.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
});

app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok" });
});

// Ready when the app's database answers a query; 503 otherwise (and while shutting down).
app.get("/readyz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  const r = shuttingDown ? { ok: false as const, error: "shutting down" } : ready();
  if (r.ok) return res.json({ status: "ok" });
  log({ level: "warn", msg: "not ready", error: r.error });
  sendError(res, SERVER_ERRORS.notReady);
});

// Level 4 instead of zlib's 6: on the 60 KB pages it costs about half the CPU
// for a few per cent more bytes (measured in docs/decisions/010-server-layers.md).
// Brotli (what browsers choose) at quality 4 with a 256 KB window instead of
// the default 4 MB: pages are ~60 KB, so a larger window gains nothing and
// costs native memory per response in flight.
if (!LAYERS_OFF.has("compression")) {
  app.use(
    compression({
      level: 4,
      threshold: 1024,
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  );
}

if (!LAYERS_OFF.has("static")) {
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
  // A missing build asset is a short 404, not a rendered page (old tabs ask for stale file names).
  app.use("/build", (_req, res) =>
    res.status(404).type("text/plain").set("Cache-Control", "no-store").send("Not found"),
  );
  // Only paths that look like files reach the file system: a page such as
  // /dashboard would otherwise cost a failed stat() on every request.
  const publicFiles = express.static("public", { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
}

/** An answer from the catalogue in app/lib/errors.ts, as `{ message, code }`. */
function sendError(res: ExpressResponse, error: { status: number; message: string; code: string }) {
  if (res.headersSent) return res.end();
  res.status(error.status).set({ "Cache-Control": "no-store" });
  // Splunk HEC clients read `{ text, code }` (code 6: the request could not be taken as sent).
  if (res.req.path === "/services/collector" || res.req.path.startsWith("/services/collector/"))
    return res.json({ text: error.message, code: 6 });
  res.json({ message: error.message, code: error.code });
}

// Cross-site state changes are refused before any body is read.
app.use((req, res, next) => {
  if (originAllowed(req)) return next();
  sendError(res, SERVER_ERRORS.crossSite);
});

// Page actions take form posts only (see guards.ts): a 415, not a 500 from request.formData().
app.use((req, res, next) => {
  if (pageBodyAllowed(req)) return next();
  sendError(res, SERVER_ERRORS.notAForm);
});

// A body is refused unread when the caller may not post there at all: signed
// out, a plan without the route's feature, a foreign X-Tenant-Id. The answer
// is the route's own (401/403/redirect to /login); the connection closes so the
// unread body is not drained (app/modules/tenants/body-admission.server.ts).
app.use(async (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  try {
    const refusal = await pages.admitBody(requestHead(req));
    if (!refusal) return next();
    res.setHeader("Connection", "close");
    res.status(refusal.status);
    for (const [key, value] of refusal.headers) res.append(key, value);
    res.end(Buffer.from(await refusal.arrayBuffer()));
  } catch (error) {
    next(error);
  }
});

// Bodies are read here, under a limit per route (1 MB unless the route says
// otherwise), so an oversize body is a clear 413 whatever its encoding.
// Compressed bodies (Content-Encoding gzip or deflate) are inflated as a stream
// and the limit counts inflated bytes, so a compression bomb stops at the limit
// (issue 26 §8); the app then sees the inflated bytes, and the header that
// described the compressed ones is dropped so that nothing inflates them twice.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitFor(req.path);
  express.raw({ type: () => true, limit })(req, res, (error?: unknown) => {
    if (!error && Buffer.isBuffer(req.body) && req.headers["content-encoding"]) {
      delete req.headers["content-encoding"];
      req.headers["content-length"] = String(req.body.length);
    }
    next(error);
  });
});

// A multipart page post whose body does not parse is the client's mistake: a
// 400 here, where the action's request.formData() would throw a 500. Parsed
// once more by the action afterwards; multipart posts are rare (uploads).
app.use(async (req, res, next) => {
  const type = req.get("content-type") ?? "";
  if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/") || !/^\s*multipart\/form-data/i.test(type))
    return next();
  try {
    await new Response(Buffer.isBuffer(req.body) ? bodyStream(req.body) : "", {
      headers: { "Content-Type": type },
    }).formData();
    next();
  } catch {
    sendError(res, SERVER_ERRORS.unreadableForm);
  }
});

// Per-request memo for the page's loaders (GET and HEAD only).
app.use((req, _res, next) => pages.runInRequestScope(req.method, next));

// A rendered document may come from the page cache (app/modules/page-cache): a
// public page's signed-out copy, or the signed-in dashboard keyed by everything
// it is rendered from. A miss renders through Remix below and stores what it sent.
if (PAGE_CACHE) {
  app.use(async (req, res, next) => {
    if (req.method !== "GET") return next();
    try {
      const cookie = req.get("cookie");
      let slot: PageSlot | null = pages.lookupPublicPage(
        {
          method: req.method,
          href: `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`,
          cookie,
          userAgent: req.get("user-agent"),
          acceptLanguage: req.get("accept-language"),
        },
        build.assets.version,
      );
      // The dashboard's cache holds signed-in pages only.
      if (!slot && carriesSessionCookie(cookie)) slot = await pages.lookupPage(requestHead(req));
      if (slot?.kind === "wait") {
        const page = await slot.page;
        slot = page ? { kind: "hit", page } : null;
      }
      if (slot?.kind === "hit") return sendCachedPage(req, res, slot.page);
      if (slot?.kind === "miss") storeWhenSent(res, slot);
      next();
    } catch (error) {
      next(error);
    }
  });
}

// The app. A body read above under its limit is what the adapter streams to
// Remix; a request target no URL can be made of is the client's mistake (400).
// A few page renders at a time, the rest queued before any loader runs (why: server/render-admission.ts).
app.use(renderAdmission({ slots: RENDER_CONCURRENCY }));

app.all("*", (req, res, next) => {
  const adapted = Buffer.isBuffer(req.body) ? withReadBody(req, req.body) : req;
  handleRemix(adapted, res, (error?: unknown) =>
    next(
      (error as NodeJS.ErrnoException)?.code === "ERR_INVALID_URL"
        ? Object.assign(error as Error, { status: 400 })
        : error,
    ),
  );
});

/**
 * The Fetch API Request for the checks that run before the body is read (body
 * admission, the page cache): method, URL and headers, no body.
 */
function requestHead(req: ExpressRequest): Request {
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  } catch {
    // A Host header or target no URL can be made of is the client's mistake (answered 400 below).
    throw Object.assign(new Error("Malformed request target"), { status: 400 });
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return new Request(url.href, { method: req.method, headers });
}

// The stream half of the request, which the adapter reads the body from.
const STREAM_KEYS = new Set<PropertyKey>([
  "on",
  "once",
  "off",
  "addListener",
  "removeListener",
  "pause",
  "resume",
  "read",
  "pipe",
  "destroy",
  "readable",
  "readableHighWaterMark",
]);

/**
 * The request as the Remix adapter sees it when the body has been read
 * already (under the route's limit): the same Express request, whose stream is
 * the bytes that were read.
 */
function withReadBody(req: ExpressRequest, body: Buffer): ExpressRequest {
  const replay = Readable.from(body.length ? bodySlices(body) : []);
  return new Proxy(req, {
    get(target, prop) {
      if (!STREAM_KEYS.has(prop)) return Reflect.get(target, prop, target);
      const value = Reflect.get(replay, prop, replay);
      return typeof value === "function" ? value.bind(replay) : value;
    },
  });
}

function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage) {
  const nonce = res.locals.cspNonce as string;
  res.status(page.status);
  for (const [key, value] of page.headers) res.append(key, value);
  res.vary("Accept-Encoding");
  // Precompressed gzip when the client takes it (compression then leaves it alone).
  if (req.acceptsEncodings("gzip", "identity") === "gzip") {
    const body = pages.pageGzip(page, nonce);
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.end(body);
  } else {
    res.end(pages.pageBody(page, nonce));
  }
}

/**
 * Stores the page Remix renders for a cache miss: the headers the app set
 * (not the server's own, set before it, nor compression's) and the body as
 * written, before compression.
 */
function storeWhenSent(res: ExpressResponse, slot: Extract<PageSlot, { kind: "miss" }>) {
  const ours = new Set(res.getHeaderNames());
  const chunks: Buffer[] = [];
  let finished = false;
  const finish = (page: CachedPage | null) => {
    if (finished) return;
    finished = true;
    slot.finish(page);
  };
  const write = res.write;
  const end = res.end;
  const keep = (chunk: unknown) => {
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = function (this: ExpressResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
  res.end = function (this: ExpressResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk);
    const headers = new Headers();
    for (const name of res.getHeaderNames()) {
      if (ours.has(name) || name === "content-encoding" || name === "vary") continue;
      const value = res.getHeader(name);
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headers.append(name, String(v));
    }
    const response = new Response(null, { status: res.statusCode, headers });
    finish(
      slot.storable(response)
        ? pages.pageFrom(response, Buffer.concat(chunks).toString("utf8"), res.locals.cspNonce)
        : null,
    );
    return (end as (...a: unknown[]) => ExpressResponse).call(this, chunk, ...rest);
  } as typeof end;
  res.on("close", () => finish(null));
}

// Errors the Remix handler did not answer itself: body limits, malformed
// requests, and anything unexpected. Never a stack trace to the client.
app.use(
  (
    err: { type?: string; status?: number; stack?: string },
    req: ExpressRequest,
    res: ExpressResponse,
    _next: NextFunction,
  ) => {
    if (err?.type === "entity.too.large") return sendError(res, SERVER_ERRORS.bodyTooLarge);
    if (err?.type === "encoding.unsupported") return sendError(res, SERVER_ERRORS.unsupportedEncoding);
    if (err?.status && err.status >= 400 && err.status < 500)
      return sendError(res, { ...SERVER_ERRORS.badRequest, status: err.status });
    log({
      level: "error",
      msg: "unhandled error",
      requestId: res.locals.requestId,
      path: loggablePath(req.path),
      error: redactSecrets(err?.stack ?? err),
    });
    sendError(res, SERVER_ERRORS.unexpected);
  },
);

const server = app.listen(PORT, HOST, () => {
  log({
    level: "info",
    msg: `Rampart listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}`,
    mode: MODE,
    trustProxy: describeTrustProxy(TRUST_PROXY),
  });
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.requestTimeout = 120_000;

function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log({ level: "info", msg: `received ${signal}, shutting down` });
  const force = setTimeout(() => {
    log({ level: "error", msg: "shutdown timed out, exiting" });
    log.flush();
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Stop accepting; in-flight requests finish. Idle keep-alive connections are
  // closed now and again as in-flight answers complete.
  server.close(() => {
    clearInterval(sweeper);
    try {
      pages.closeDatabase();
    } catch (error) {
      log({ level: "error", msg: "closing the database failed", error: String(error) });
    }
    log({ level: "info", msg: "shutdown complete" });
    log.flush();
    process.exit(0);
  });
  server.closeIdleConnections();
  const sweeper = setInterval(() => server.closeIdleConnections(), 200);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
