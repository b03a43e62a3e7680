/**
 * GET /api/pwned/range/{prefix}: the Pwned Passwords range API, answered from
 * the live service (cached), else the imported corpus (breach-source.server.ts);
 * 503 SERVICE_UNAVAILABLE "Not checked against breach data" when there is
 * neither, so no client reads an empty answer as "not pwned" (issue 30). Public (the public breach check uses it), 120
 * requests a minute per client address. Speaks the real API's wire format
 * (docs/api.md): `SUFFIX:COUNT` lines separated by CRLF, upper- or lower-case
 * prefix, `?mode=ntlm` for NTLM hashes, `Add-Padding: true` for padding, and
 * `Access-Control-Allow-Origin: *` on every answer.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, jsonError, tooManyRequests } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { clientIp } from "~/lib/request.server";
import { isRangePrefix, ntlmRangesAvailable, rangeBody, type HashMode } from "~/modules/password/range.server";
import { NOT_CHECKED_MESSAGE, rangeFor } from "~/modules/password/breach-source.server";

const CORS = { "Access-Control-Allow-Origin": "*" };

/** The same error, readable by a browser page on another origin. */
function withCors(response: Response): Response {
  response.headers.set("Access-Control-Allow-Origin", "*");
  return response;
}

function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS,
      "Access-Control-Allow-Methods": "GET",
      "Access-Control-Allow-Headers": "Add-Padding",
      "Access-Control-Max-Age": "86400",
    },
  });
}

function hashMode(raw: string | null): HashMode | null {
  // The real API's values; `hibp` and others always send mode=sha1 for SHA-1.
  if (raw === null || raw.toLowerCase() === "sha1") return "sha1";
  if (raw.toLowerCase() === "ntlm") return "ntlm";
  return null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Remix hands OPTIONS to the loader (it is not a mutation): the preflight a browser sends before a
  // cross-origin GET with Add-Padding.
  if (request.method === "OPTIONS") return preflight();
  const limit = rateLimit(`pwnedRange:${clientIp(context)}`, LIMITS.pwnedRange.limit, LIMITS.pwnedRange.windowMs);
  if (!limit.allowed) throw withCors(tooManyRequests(limit.retryAfterSeconds));
  const prefix = params.prefix ?? "";
  if (!isRangePrefix(prefix))
    throw withCors(badRequest("The prefix must be exactly 5 hexadecimal characters (0-9, A-F)"));
  const mode = hashMode(new URL(request.url).searchParams.get("mode"));
  if (!mode) throw withCors(badRequest('The mode must be "sha1" (the default) or "ntlm"'));
  // Never answer an NTLM request from the SHA-1 store: its suffixes would never match, and the client
  // would report every password as not pwned.
  if (mode === "ntlm" && !ntlmRangesAvailable())
    throw withCors(
      jsonError(
        503,
        "No NTLM hashes are loaded on this server: its operator has imported SHA-1 hashes only. Ask without mode=ntlm, or ask the person who runs this server to import the NTLM hashes.",
        "SERVICE_UNAVAILABLE",
      ),
    );
  const padded = request.headers.get("Add-Padding")?.trim().toLowerCase() === "true";
  const range = await rangeFor(prefix, mode);
  if (!range) throw withCors(jsonError(503, NOT_CHECKED_MESSAGE, "SERVICE_UNAVAILABLE"));
  return new Response(rangeBody(range.entries, { mode, padded }), {
    headers: {
      ...CORS,
      "Content-Type": "text/plain; charset=utf-8",
      // A shared cache keyed by prefix would tell an observer which prefixes were asked (and padding
      // differs on every answer).
      "Cache-Control": "no-store",
    },
  });
}
