/**
 * The SSRF guard (./outbound.server.ts) behind the Fetch API's signature, for libraries that take a custom fetch
 * (openid-client's `customFetch`, issue 33): every address checked, redirects not followed (the library decides),
 * size and time bounded. Only GET and POST. The guard strips Authorization and Cookie, so a client that
 * authenticates must send its credentials in the body (OpenID Connect's client_secret_post).
 */
import { guardedFetch, OutboundError } from "./outbound.server";

const MAX_BODY_BYTES = 512 * 1024;

type FetchOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal | null;
};

export async function guardedFetchResponse(url: string, options: FetchOptions): Promise<Response> {
  const raw = options.body;
  const body =
    raw === undefined || raw === null
      ? undefined
      : typeof raw === "string"
        ? raw
        : raw instanceof URLSearchParams
          ? raw.toString()
          : Buffer.from(raw as ArrayBuffer);
  const method = (options.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "POST") throw new OutboundError("BAD_URL", `Unsupported method ${method}`);
  const res = await guardedFetch(url, {
    method,
    body,
    headers: options.headers,
    followRedirects: false,
    maxBodyBytes: MAX_BODY_BYTES,
    signal: options.signal ?? undefined,
  });
  const headers = new Headers();
  for (const [name, values] of Object.entries(res.headers)) {
    // The guard already decoded the body: its length and encoding no longer describe it.
    if (name === "content-encoding" || name === "content-length" || name === "transfer-encoding") continue;
    for (const v of values) headers.append(name, v);
  }
  const empty = res.status === 204 || res.status === 304;
  return new Response(empty ? null : new Uint8Array(res.body), { status: res.status, headers });
}
