/**
 * Facts about the request that the production server (server.ts) resolves
 * once, honouring TRUST_PROXY, and hands to Remix as load context.
 */
export type RampartLoadContext = {
  cspNonce?: string;
  clientIp?: string;
  requestId?: string;
  /** Calls `listener` once the connection's response is closed (finished, or the client went away); answers an unsubscribe. */
  onClose?: (listener: () => void) => () => void;
};

/**
 * Calls `listener` once the client has gone (or the answer ended), for answers that stay open (the alert stream).
 * The production server's hook (server.ts) when there is one: a Request's own abort signal reaches the loader
 * through Requests Remix re-creates, linked by weak references, and stops firing once those are collected, which
 * left streams of departed clients open for good (issue 26). Without it (tests calling a loader), the signal.
 */
export function onClientGone(request: Request, context: unknown, listener: () => void): () => void {
  const hook = (context as RampartLoadContext | undefined)?.onClose;
  const unsubscribe = hook ? hook(listener) : () => {};
  if (request.signal.aborted) {
    queueMicrotask(listener);
    return unsubscribe;
  }
  request.signal.addEventListener("abort", listener);
  return () => {
    unsubscribe();
    request.signal.removeEventListener("abort", listener);
  };
}

export function clientIp(context: unknown): string {
  const ip = (context as RampartLoadContext | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : "unknown";
}

/** HTTPS directly, or through a trusted proxy (the server rewrites request.url's protocol then). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
