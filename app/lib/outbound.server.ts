/**
 * Outbound HTTP(S) requests to addresses a user chose (a site to scan, a
 * webhook...), guarded against server-side request forgery.
 *
 * - The host name is resolved here, every resolved address is checked, and the
 *   connection is pinned to the checked address (the socket's `lookup` answers
 *   that address only), so a second DNS answer cannot swap in 127.0.0.1.
 * - Refused: private (RFC 1918, IPv6 ULA), loopback, link-local, CGNAT
 *   (100.64/10), multicast, unspecified, reserved/benchmark ranges (every range
 *   ipaddr.js names), and the IPv6 translation forms (mapped, NAT64, 6to4,
 *   Teredo, IPv4-compatible) of all of them. Every redirect hop is checked the
 *   same way. `RAMPART_ALLOW_PRIVATE_TARGETS=1` lifts the rule
 *   (an operator scanning their own intranet).
 * - 10 s for the whole exchange (all hops), bodies read up to 2 MB (the rest
 *   is dropped, `truncated` says so), no cookies, no Authorization, no
 *   credentials from the URL; the redirect chain is recorded.
 *
 * Usage: `const res = await guardedFetch("https://example.com/")`; errors are
 * `OutboundError` with a `code` a caller can show in plain words.
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import dns from "node:dns";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import type { LookupFunction } from "node:net";
import { envVar } from "./env.server";

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const OUTBOUND_MAX_REDIRECTS = 10;
const USER_AGENT = "Rampart-Scanner/1.0 (+security posture check)";

export type OutboundErrorCode =
  "BAD_URL" | "BLOCKED_ADDRESS" | "DNS_FAILED" | "TIMEOUT" | "TOO_MANY_REDIRECTS" | "CERTIFICATE_INVALID" | "NETWORK";

export class OutboundError extends Error {
  readonly code: OutboundErrorCode;
  constructor(code: OutboundErrorCode, message: string) {
    super(message);
    this.name = "OutboundError";
    this.code = code;
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundOptions = {
  method?: "GET" | "HEAD" | "OPTIONS" | "POST";
  /** Request body (POST: webhook deliveries). Resent on 307/308; a 301/302/303 turns the request into a GET. */
  body?: string | Buffer;
  /** Extra request headers. Cookie and Authorization are always removed. */
  headers?: Record<string, string>;
  /** Follow redirects (each hop checked); default true. */
  followRedirects?: boolean;
  maxRedirects?: number;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Injected in tests; defaults to the system resolver (all addresses). */
  resolver?: Resolver;
  /** Which addresses are refused; defaults to isBlockedAddress unless RAMPART_ALLOW_PRIVATE_TARGETS=1. */
  isBlocked?: (address: string) => boolean;
  /** Accept an invalid certificate chain (the response then says verified: false). */
  allowInvalidCertificate?: boolean;
  /** Extra trusted roots (tests with a self-signed certificate). */
  ca?: string | Buffer;
  signal?: AbortSignal;
};

export type RedirectHop = { url: string; status: number };

export type OutboundResponse = {
  /** The final URL after redirects. */
  url: string;
  status: number;
  /** Lower-cased header names; repeated headers keep every value in order. */
  headers: Record<string, string[]>;
  body: Buffer;
  truncated: boolean;
  /** Every URL requested, in order, with the status it answered. The last entry is the final response. */
  chain: RedirectHop[];
  /** Every Set-Cookie received on the way, with the URL that set it (redirect hops included). */
  setCookies: { url: string; value: string }[];
  /** False when the certificate chain did not verify (only with allowInvalidCertificate). */
  verified: boolean;
  address: string;
};

// ---- address policy -------------------------------------------------------

// Every range ipaddr.js names (private, loopback, link-local, CGNAT, multicast, unspecified, broadcast, the
// reserved, documentation and benchmarking blocks, unique-local, discard, ORCHID, AS112, AMT, segment routing...)
// is refused: only what it calls "unicast" is a public target. IPv6 forms that carry an IPv4 address are
// decoded first and the embedded address is judged instead (issue 26 §12): a NAT64, 6to4, Teredo or mapped
// address reaches the IPv4 host inside it, so ::ffff:127.0.0.1 and 64:ff9b::a9fe:a9fe are loopback and
// cloud metadata, whatever their IPv6 range says.

/** ipaddr.js's name for the public unicast space: the only range an outbound request may reach. */
const PUBLIC = "unicast";

const v4 = (hi: number, lo: number) => ipaddr.fromByteArray([hi >> 8, hi & 255, lo >> 8, lo & 255]) as ipaddr.IPv4;

/**
 * The IPv4 addresses an IPv6 address carries, or null when it is not one of the translation forms:
 * IPv4-mapped (::ffff:0:0/96) and SIIT (::ffff:0:0:0/96, RFC 6145), NAT64 (64:ff9b::/96, RFC 6052; the local-use
 * 64:ff9b:1::/48 of RFC 8215 is always refused, see below),
 * 6to4 (2002::/16: bits 16-47), Teredo (2001::/32: the server in bits 32-63 and the client, obfuscated by
 * inverting every bit, in 96-127) and IPv4-compatible (::a.b.c.d, ::/96, deprecated; :: and ::1 give 0.0.0.0
 * and 0.0.0.1, both refused).
 */
export function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts;
  switch (address.range()) {
    case "ipv4Mapped":
    case "rfc6145":
      return [v4(p[6]!, p[7]!)];
    case "rfc6052":
      // 64:ff9b::/96 carries the address in its last 32 bits. The local-use 64:ff9b:1::/48 (RFC 8215) is a
      // network's own NAT64, whose prefix length (and so where the IPv4 address sits) only that network knows:
      // 0.0.0.0 stands for "cannot tell", which is refused.
      return p[2] === 0 ? [v4(p[6]!, p[7]!)] : [v4(0, 0)];
    case "6to4":
      return [v4(p[1]!, p[2]!)];
    case "teredo":
      return [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
    default:
      if (p.slice(0, 6).every((x) => x === 0)) return [v4(p[6]!, p[7]!)];
      return null;
  }
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d or ::ffff:7f00:1) IPv6 address, else null. */
export function mappedIpv4(address: string): string | null {
  if (!net.isIPv6(address)) return null;
  const ip = ipaddr.IPv6.parse(address);
  return ip.isIPv4MappedAddress() ? ip.toIPv4Address().toString() : null;
}

/** True for every address an outbound request must not reach (see the header comment). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  // net.isIP first: ipaddr.js also reads the octal, hex and short IPv4 forms, which are not addresses here.
  if (net.isIPv4(bare)) return ipaddr.IPv4.parse(bare).range() !== PUBLIC;
  if (!net.isIPv6(bare)) return true; // not an IP address at all: refuse rather than guess
  const ip = ipaddr.IPv6.parse(bare);
  const inner = embeddedIpv4(ip);
  if (inner) return inner.some((a) => a.range() !== PUBLIC);
  return ip.range() !== PUBLIC;
}

export function privateTargetsAllowed(): boolean {
  return envVar("RAMPART_ALLOW_PRIVATE_TARGETS") === "1";
}

const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Resolves a host name and checks every address; answers the address to pin
 * the connection to. Any blocked address in the answer refuses the host (a
 * name that also points inside is not a public target).
 */
export async function resolvePublicAddress(
  hostname: string,
  options: Pick<OutboundOptions, "resolver" | "isBlocked"> = {},
): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const isBlocked = options.isBlocked ?? (privateTargetsAllowed() ? () => false : isBlockedAddress);
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIPv6(host) ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolver ?? systemResolver)(host);
    } catch {
      throw new OutboundError("DNS_FAILED", `The name ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new OutboundError("DNS_FAILED", `The name ${host} has no address`);
  }
  for (const a of addresses) {
    if (isBlocked(a.address)) {
      throw new OutboundError(
        "BLOCKED_ADDRESS",
        `${host} resolves to ${a.address}, a private, loopback or link-local address that Rampart does not contact`,
      );
    }
  }
  return addresses[0];
}

/** Parses and normalises a target URL: http(s) only, no credentials, no fragment. */
export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError("BAD_URL", "Not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundError("BAD_URL", "Only http:// and https:// URLs can be fetched");
  }
  if (!url.hostname) throw new OutboundError("BAD_URL", "The URL has no host");
  // Credentials in a URL are never sent anywhere.
  url.username = "";
  url.password = "";
  url.hash = "";
  return url;
}

const CERT_ERRORS = new Set([
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_GET_ISSUER_CERT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_NOT_YET_VALID",
  "CERT_REVOKED",
  "CERT_UNTRUSTED",
  "CERT_SIGNATURE_FAILURE",
  "INVALID_CA",
  "HOSTNAME_MISMATCH",
]);

/**
 * Servers may compress even when asked not to: gzip, deflate and br bodies are
 * inflated, never beyond the body cap (a compression bomb stops there), and a
 * body cut by the cap is inflated as far as it goes.
 */
function decode(body: Buffer, headers: Record<string, string[]>, maxBytes: number): Buffer {
  const encoding = (headers["content-encoding"]?.[0] ?? "").trim().toLowerCase();
  const opts = { maxOutputLength: maxBytes, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  try {
    if (encoding === "gzip" || encoding === "x-gzip") return zlib.gunzipSync(body, opts);
    if (encoding === "deflate") return zlib.inflateSync(body, opts);
    if (encoding === "br")
      return zlib.brotliDecompressSync(body, {
        maxOutputLength: maxBytes,
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      });
  } catch {
    return Buffer.alloc(0);
  }
  return body;
}

type OneResponse = {
  status: number;
  headers: Record<string, string[]>;
  body: Buffer;
  truncated: boolean;
  verified: boolean;
};

function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  options: OutboundOptions,
  deadline: number,
  signal: AbortSignal,
): Promise<OneResponse> {
  const maxBody = options.maxBodyBytes ?? OUTBOUND_MAX_BODY_BYTES;
  const headers: Record<string, string> = {
    "User-Agent": USER_AGENT,
    Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Encoding": "identity",
  };
  for (const [k, v] of Object.entries(options.headers ?? {})) {
    if (/^(cookie|authorization|proxy-authorization)$/i.test(k)) continue;
    headers[k] = v;
  }
  // The socket connects to the checked address only.
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) {
      (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: pinned.address, family: pinned.family },
      ]);
    } else cb(null, pinned.address, pinned.family);
  };
  const isHttps = url.protocol === "https:";
  const remaining = Math.max(1, deadline - Date.now());
  return new Promise((resolve, reject) => {
    const req = (isHttps ? https : http).request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers:
          options.body !== undefined
            ? { ...headers, "Content-Length": String(Buffer.byteLength(options.body)) }
            : headers,
        lookup,
        agent: false,
        signal,
        timeout: remaining,
        ...(isHttps
          ? {
              servername: net.isIP(url.hostname.replace(/^\[|\]$/g, "")) ? undefined : url.hostname,
              rejectUnauthorized: !options.allowInvalidCertificate,
              ...(options.ca ? { ca: options.ca } : {}),
            }
          : {}),
      },
      (res) => {
        const out: Record<string, string[]> = {};
        const raw = res.rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) {
          const name = raw[i].toLowerCase();
          (out[name] ??= []).push(raw[i + 1]);
        }
        let verified = true;
        if (isHttps) {
          const sock = res.socket as import("node:tls").TLSSocket;
          verified = sock.authorized === true;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const timer = setTimeout(
          () => req.destroy(new OutboundError("TIMEOUT", "The site took too long to answer")),
          remaining,
        );
        res.on("data", (chunk: Buffer) => {
          if (truncated) return;
          if (size + chunk.length > maxBody) {
            chunks.push(chunk.subarray(0, maxBody - size));
            size = maxBody;
            truncated = true;
            res.destroy();
            clearTimeout(timer);
            resolve({
              status: res.statusCode ?? 0,
              headers: out,
              body: decode(Buffer.concat(chunks), out, maxBody),
              truncated,
              verified,
            });
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: out,
            body: decode(Buffer.concat(chunks), out, maxBody),
            truncated,
            verified,
          });
        });
        res.on("error", (e) => {
          clearTimeout(timer);
          if (truncated) return;
          reject(e);
        });
      },
    );
    req.on("timeout", () => req.destroy(new OutboundError("TIMEOUT", "The site took too long to answer")));
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error instanceof OutboundError) return reject(error);
      if (error.name === "AbortError") return reject(new OutboundError("TIMEOUT", "The site took too long to answer"));
      if (error.code && CERT_ERRORS.has(error.code))
        return reject(new OutboundError("CERTIFICATE_INVALID", `The certificate is not valid (${error.code})`));
      reject(new OutboundError("NETWORK", `Could not connect: ${error.code ?? error.message}`));
    });
    req.end(options.body);
  });
}

/**
 * Fetches a URL under the guard. Redirects (301, 302, 303, 307, 308) are
 * followed by hand so that every hop is resolved and checked again.
 */
export async function guardedFetch(rawUrl: string, options: OutboundOptions = {}): Promise<OutboundResponse> {
  let url = parseTargetUrl(rawUrl);
  const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onAbort);
  const chain: RedirectHop[] = [];
  const setCookies: { url: string; value: string }[] = [];
  const maxRedirects = options.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
  try {
    for (;;) {
      const pinned = await resolvePublicAddress(url.hostname, options);
      if (Date.now() > deadline) throw new OutboundError("TIMEOUT", "The site took too long to answer");
      const res = await requestOnce(url, pinned, options, deadline, controller.signal);
      chain.push({ url: url.href, status: res.status });
      for (const value of res.headers["set-cookie"] ?? []) setCookies.push({ url: url.href, value });
      const location = res.headers["location"]?.[0];
      const isRedirect = [301, 302, 303, 307, 308].includes(res.status) && location !== undefined;
      if (!isRedirect || options.followRedirects === false) {
        return { url: url.href, ...res, chain, setCookies, address: pinned.address };
      }
      if (chain.length > maxRedirects) throw new OutboundError("TOO_MANY_REDIRECTS", "Too many redirects");
      let next: URL;
      try {
        next = parseTargetUrl(new URL(location, url).href);
      } catch {
        throw new OutboundError("BAD_URL", `The site redirects to an invalid location: ${location.slice(0, 200)}`);
      }
      url = next;
      if (options.body !== undefined && ![307, 308].includes(res.status)) {
        // 301/302/303 after a POST: browsers and fetch() follow with a GET and no body.
        options = { ...options, method: "GET", body: undefined };
      }
    }
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof OutboundError && error.code !== "NETWORK"))
      throw new OutboundError("TIMEOUT", "The site took too long to answer");
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
  }
}
