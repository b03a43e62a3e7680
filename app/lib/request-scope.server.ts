/**
 * A per-HTTP-request memo for reads that every loader of a page repeats.
 *
 * Remix hands each loader its *own* Request object (it strips `index`,
 * `_routes` and `_data` by building a new Request per loader), so a WeakMap
 * keyed by the Request memoised nothing across the layout's and the child's
 * loaders: the session and tenant context were resolved once per loader.
 * The production server (server.ts) runs each GET/HEAD request inside
 * `runInRequestScope`, and `scopedMemo` shares a value between all Requests
 * handled within it that carry the same credentials (Cookie and X-Tenant-Id).
 *
 * Only safe methods get a scope: a no-JavaScript form POST runs the action and
 * then the loaders in one HTTP request, and the loaders must see what the
 * action changed. GET loaders only read (see docs/decisions/012).
 */
import { AsyncLocalStorage } from "node:async_hooks";

type Scope = Map<string, unknown>;
const storage = new AsyncLocalStorage<Scope>();

export function runInRequestScope<T>(method: string, fn: () => T): T {
  if (method !== "GET" && method !== "HEAD") return fn();
  return storage.run(new Map(), fn);
}

/** The value of `make()` for this request's credentials, computed once per scope (or every call outside one). */
export function scopedMemo<T>(name: string, request: Request, make: () => T): T {
  const scope = storage.getStore();
  if (!scope || (request.method !== "GET" && request.method !== "HEAD")) return make();
  const key = `${name}\u0000${request.headers.get("Cookie") ?? ""}\u0000${request.headers.get("X-Tenant-Id") ?? ""}`;
  if (scope.has(key)) return scope.get(key) as T;
  const value = make();
  scope.set(key, value);
  return value;
}
