/**
 * Facts about the request that the production server (server.ts) resolves
 * once, honouring TRUST_PROXY, and hands to Remix as load context.
 */
export type RampartLoadContext = {
  cspNonce?: string;
  clientIp?: string;
  requestId?: string;
};

export function clientIp(context: unknown): string {
  const ip = (context as RampartLoadContext | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : "unknown";
}

/** HTTPS directly, or through a trusted proxy (the server rewrites request.url's protocol then). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
