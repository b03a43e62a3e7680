/**
 * Server rendering. The CSP nonce comes from the production server (load
 * context) and reaches RemixServer, the stream renderer and, through React
 * context, <Scripts>/<ScrollRestoration>. Bots get the whole document at once.
 */
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { coalescedStream } from "~/lib/coalesced-stream.server";
import type { RampartLoadContext } from "~/lib/request.server";
import { hasSessionCookie } from "~/modules/accounts";
import { carriesSessionCookie, isPublicPage, PUBLIC_CACHE_CONTROL } from "~/lib/public-page";
import { originFromRequest } from "~/lib/public-origin.server";
import { loggablePath, redactSecrets } from "~/lib/log-redaction";
import { installRouteMatchMemo, installRouteObjectMemos } from "~/lib/route-matching.server";
import { admitBody as admitTenantBody } from "~/modules/tenants";
import { admitHecBody, isHecPath } from "~/modules/events";

// Before the first request: route objects once per build, route matching once per route tree and path (why: that module).
installRouteMatchMemo();
installRouteObjectMemos();

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as RampartLoadContext | undefined)?.cspNonce;
  const bot = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Aborts a render still streaming after the delay. Cleared when the document is complete: a pending timer
    // holds the whole render (tree, loader data, context) for six seconds after the response went out, which at
    // a hundred documents a second kept hundreds of finished renders alive (RSS and garbage-collection time).
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = coalescedStream();
          let ended = false;
          body.once("end", () => {
            ended = true;
            clearTimeout(abortTimer);
          });
          // Closed before the end: the client went away, so the render stops now.
          body.once("close", () => {
            clearTimeout(abortTimer);
            if (!ended) abort();
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control"))
            responseHeaders.set(
              "Cache-Control",
              documentCacheControl(request, responseStatusCode, responseHeaders, remixContext),
            );
          // Dates and numbers follow the negotiated locale (app/lib/format.ts): a shared cache keeps one copy per header.
          responseHeaders.append("Vary", "Accept-Language");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(redactSecrets(error instanceof Error ? error.stack : String(error)));
        },
      },
    );
  });
}

/**
 * A document rendered for a session holds that user's data: never stored by the browser (nor shown again from its
 * cache after signing out). Without PUBLIC_URL, canonical and invitation links carry the request's Host: never
 * stored. A public page's signed-out rendering (app/lib/public-page.ts) may be held by a CDN and by the server.
 */
function documentCacheControl(request: Request, status: number, headers: Headers, context: EntryContext): string {
  const signedIn = hasSessionCookie(request) || carriesSessionCookie(request.headers.get("Cookie"));
  if (signedIn || originFromRequest()) return "private, no-store";
  const url = new URL(request.url);
  const matches = context.staticHandlerContext.matches;
  if (
    request.method === "GET" &&
    url.search === "" &&
    status === 200 &&
    !headers.has("Set-Cookie") &&
    isPublicPage(matches.map((m) => context.routeModules[m.route.id]?.handle))
  )
    return PUBLIC_CACHE_CONTROL;
  return "private, no-cache";
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(
    JSON.stringify({
      level: "error",
      msg: "handler error",
      // Secret segments (invitation tokens) redacted, like the request log.
      path: loggablePath(new URL(request.url).pathname),
      error: redactSecrets(error instanceof Error ? error.stack : String(error)),
    }),
  );
}

// What the production server (server.ts) uses from the build around the Remix
// handler: code whose state must be the app's own (the page cache, the
// per-request memo, the one database connection), so it cannot be imported
// separately. Typed on the server side as `typeof import("~/entry.server")`.
export { lookupPage, lookupPublicPage, pageBody, pageFrom, pageGzip } from "~/modules/page-cache";
export { runInRequestScope } from "~/lib/request-scope.server";
/** Body admission (server.ts): HEC paths refuse in Splunk's words, everything else as the route would. */
export async function admitBody(request: Request): Promise<Response | null> {
  if (isHecPath(new URL(request.url).pathname)) return admitHecBody(request);
  return admitTenantBody(request);
}
export { checkpointInBackground, closeDatabase, openedConnection } from "~/lib/db.server";

// The durable job runner (web scans and other background work), started by server.ts.
export { startBackgroundJobs } from "~/background.server";
