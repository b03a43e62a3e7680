// Rampart's production server: one Node process with Express 4 around the
// Remix request handler. It adds what remix-serve cannot: headers on every
// response (static files included), JSON-line request logs, forwarded headers
// behind trusted proxies (TRUST_PROXY: a hop count or the proxies' addresses,
// server/proxy.js), bodies refused unread when the caller may not post there,
// request body limits, health checks
// and a graceful shutdown. See docs/operations.md.
import { randomUUID } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import v8 from "node:v8";
import { pathToFileURL } from "node:url";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/node";
import { migrateDatabase } from "./server/migrate.js";
import { bodyLimitFor, originAllowed, pageBodyAllowed } from "./server/guards.js";
import { createNonce, securityHeaders } from "./server/security-headers.js";
import { createReadinessCheck } from "./server/readiness.js";
import { createLogger, loggablePath, redactSecrets } from "./server/request-log.js";
import { describeTrustProxy, parseTrustProxy } from "./server/proxy.js";

const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? "0.0.0.0";
const TRUST_PROXY = parseTrustProxy(process.env.TRUST_PROXY);
const MODE = process.env.NODE_ENV === "production" ? "production" : "development";
const BUILD_PATH = path.resolve(process.env.RAMPART_BUILD ?? "build/index.js");

// Layers can be switched off one at a time to measure what each costs
// (bench/server.js with BENCH_ENV=RAMPART_LAYERS_OFF=compression,...; see
// docs/decisions/010-server-layers.md). Never set in production.
const LAYERS_OFF = new Set((process.env.RAMPART_LAYERS_OFF ?? "").split(",").filter(Boolean));
const SHUTDOWN_GRACE_MS = 9_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const log = createLogger();

// V8 grows the heap by up to 4x between full collections on a machine with
// plenty of memory: under load the process reached 300-450 MB though its live
// data is ~50 MB. Growing by 20% at a time keeps the peak near 170-190 MB for
// a few per cent more CPU (docs/decisions/012). Read by V8 at each collection,
// so it can be set here rather than in the start command; 0 means V8's default.
const HEAP_GROWING_PERCENT = Number(process.env.RAMPART_HEAP_GROWING_PERCENT ?? 20);
if (HEAP_GROWING_PERCENT > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(HEAP_GROWING_PERCENT)}`);

const dbFile = migrateDatabase();
log({ level: "info", msg: "database ready", database: dbFile });
// Without PUBLIC_URL, canonical, invitation and troubleshooting links name the
// host the request came with (any Host header a client sends); such pages are
// then never cached (app/modules/marketing/origin.server.ts). Said once, at start.
if (MODE === "production" && !process.env.PUBLIC_URL)
  log({
    level: "warn",
    msg: "PUBLIC_URL is not set: links in pages take the host from each request, and those pages are sent uncached. Set PUBLIC_URL to the site's public address (docs/operations.md).",
  });

const build = await import(pathToFileURL(BUILD_PATH).href);
build.entry.module.prepareSecrets();
const handleRemix = createRequestHandler(build, MODE);
// The app's page cache and per-request memo (app/lib/page-cache.server.ts,
// request-scope.server.ts; docs/decisions/012-dashboard-throughput.md).
const pages = build.entry.module;
const PAGE_CACHE = !LAYERS_OFF.has("pagecache");

const ready = createReadinessCheck({ file: dbFile, getConnection: () => globalThis.__rampartDb?.sqlite ?? null });
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
  next();
});

app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok" });
});

// Ready when the app's database answers a query; 503 otherwise (and while shutting down).
app.get("/readyz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  const r = shuttingDown ? { ok: false, error: "shutting down" } : ready();
  if (r.ok) return res.json({ status: "ok" });
  log({ level: "warn", msg: "not ready", error: r.error });
  res.status(503).json({ message: "Service unavailable", code: "SERVICE_UNAVAILABLE" });
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

function sendJsonError(res, status, message, code, extra = {}) {
  if (res.headersSent) return res.end();
  res
    .status(status)
    .set({ "Cache-Control": "no-store", ...extra })
    .json({ message, code });
}

// Cross-site state changes are refused before any body is read.
app.use((req, res, next) => {
  if (originAllowed(req)) return next();
  sendJsonError(res, 403, "Access forbidden", "FORBIDDEN");
});

// Page actions take form posts only (see guards.js): a 415, not a 500 from request.formData().
app.use((req, res, next) => {
  if (pageBodyAllowed(req)) return next();
  sendJsonError(
    res,
    415,
    "Send the form as application/x-www-form-urlencoded or multipart/form-data",
    "UNSUPPORTED_MEDIA_TYPE",
  );
});

// A body is refused unread when the caller may not post there at all: signed
// out, a plan without the route's feature, a foreign X-Tenant-Id. The answer
// is the route's own (401/403/redirect to /login); the connection closes so the
// unread body is not drained (app/lib/body-admission.server.ts).
app.use(async (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  try {
    const refusal = await pages.admitBody(fetchRequest(req));
    if (!refusal) return next();
    res.setHeader("Connection", "close");
    await send(res, refusal);
  } catch (error) {
    next(error);
  }
});

// Bodies are read here, under a limit per route (1 MB unless the route says
// otherwise), so an oversize body is a clear 413 whatever its encoding.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitFor(req.path);
  express.raw({ type: () => true, limit })(req, res, next);
});

// A multipart page post whose body does not parse is the client's mistake: a
// 400 here, where the action's request.formData() would throw a 500. Parsed
// once more by the action afterwards; multipart posts are rare (uploads).
app.use(async (req, res, next) => {
  const type = req.get("content-type") ?? "";
  if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/") || !/^\s*multipart\/form-data/i.test(type))
    return next();
  try {
    await new Response(Buffer.isBuffer(req.body) ? req.body : "", { headers: { "Content-Type": type } }).formData();
    next();
  } catch {
    sendJsonError(res, 400, "The form could not be read", "VALIDATION_ERROR");
  }
});

app.all("*", async (req, res, next) => {
  const controller = new AbortController();
  res.on("close", () => !res.writableFinished && controller.abort());
  try {
    const hasBody = req.method !== "GET" && req.method !== "HEAD" && Buffer.isBuffer(req.body);
    const request = fetchRequest(req, hasBody ? req.body : undefined, controller.signal);
    const nonce = res.locals.cspNonce;
    await pages.runInRequestScope(req.method, async () => {
      // The dashboard's rendered document may come from the page cache: only
      // for GET without a query, keyed by everything the page is rendered from.
      let slot = PAGE_CACHE ? await pages.lookupPage(request) : null;
      if (slot?.kind === "wait") {
        const page = await slot.page;
        slot = page ? { kind: "hit", page } : null;
      }
      if (slot?.kind === "hit") {
        res.status(slot.page.status);
        for (const [key, value] of slot.page.headers) res.append(key, value);
        res.vary("Accept-Encoding");
        // Precompressed gzip when the client takes it (compression then leaves it alone).
        if (req.acceptsEncodings("gzip", "identity") === "gzip") {
          const body = pages.pageGzip(slot.page, nonce);
          res.setHeader("Content-Encoding", "gzip");
          res.setHeader("Content-Length", body.length);
          res.end(body);
        } else {
          res.end(pages.pageBody(slot.page, nonce));
        }
        return;
      }
      let stored = null;
      try {
        const response = await handleRemix(request, {
          cspNonce: nonce,
          clientIp: req.ip,
          requestId: res.locals.requestId,
        });
        if (slot?.kind === "miss" && pages.storable(response)) {
          const html = await response.text();
          stored = pages.pageFrom(response, html, nonce);
          sendHead(res, response);
          res.end(html);
          return;
        }
        await send(res, response);
      } finally {
        if (slot?.kind === "miss") slot.finish(stored);
      }
    });
  } catch (error) {
    next(error);
  }
});

/** The Fetch API Request Remix is given (the body only once it has been read under its limit). */
function fetchRequest(req, body, signal) {
  let url;
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
  return new Request(url.href, { method: req.method, headers, body, signal });
}

// Either session cookie name (app/lib/session.server.ts: __Host- over HTTPS).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?rampart_session=/;

function sendHead(res, response) {
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // Our security headers stand; a route may still add its own CSP-free headers.
    if (key.toLowerCase() === "content-security-policy") continue;
    res.append(key, value);
  }
  // Every answer to a signed-in request is private and unstored unless its route
  // set Cache-Control itself (redirects, errors, anything a route forgot).
  if (!res.hasHeader("Cache-Control") && SESSION_COOKIE.test(res.req.get("cookie") ?? ""))
    res.setHeader("Cache-Control", "private, no-store");
}

async function send(res, response) {
  sendHead(res, response);
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((r) => res.once("drain", r));
    }
  }
  res.end();
}

// Errors the Remix handler did not answer itself: body limits, malformed
// requests, and anything unexpected. Never a stack trace to the client.
app.use((err, req, res, _next) => {
  if (err?.type === "entity.too.large")
    return sendJsonError(res, 413, "Request body is too large", "PAYLOAD_TOO_LARGE");
  if (err?.status >= 400 && err?.status < 500) return sendJsonError(res, err.status, "Bad request", "VALIDATION_ERROR");
  log({
    level: "error",
    msg: "unhandled error",
    requestId: res.locals.requestId,
    path: loggablePath(req.path),
    error: redactSecrets(err?.stack ?? err),
  });
  sendJsonError(res, 500, "Internal server error", "SERVER_ERROR");
});

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

function shutdown(signal) {
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
      globalThis.__rampartDb?.sqlite.close();
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
