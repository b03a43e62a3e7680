import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * The service worker at /sw.js (docs/product.md §7). It takes control and caches nothing: every page and
 * API answer holds one organization's security data and must come fresh from the server, never from a
 * cache a later session on the same browser could read. With no fetch handler, requests go to the
 * network exactly as without a worker.
 */
const WORKER = `// Rampart service worker: no caching, no request interception (tenant data is never cached).
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
`;

export async function loader(_: LoaderFunctionArgs) {
  return new Response(WORKER, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // A new worker is picked up on the next visit.
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    },
  });
}
