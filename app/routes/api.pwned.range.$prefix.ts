/**
 * GET /api/pwned/range/{prefix}: the Pwned Passwords range API, served from
 * the local range store. Public (the public breach check uses it), 120
 * requests a minute per client address. A client written for
 * api.pwnedpasswords.com/range works unchanged: same path shape, upper- or
 * lower-case prefix, `SUFFIX:COUNT` lines separated by CRLF, always padded.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { badRequest, tooManyRequests } from "~/lib/http.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { clientIp } from "~/lib/request.server";
import { isRangePrefix, paddedRangeBody } from "~/modules/password/range.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const limit = rateLimit(`pwnedRange:${clientIp(context)}`, LIMITS.pwnedRange.limit, LIMITS.pwnedRange.windowMs);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  const prefix = params.prefix ?? "";
  if (!isRangePrefix(prefix)) throw badRequest("The prefix must be exactly 5 hexadecimal characters (0-9, A-F)");
  return new Response(paddedRangeBody(prefix.toUpperCase()), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      // The padding is random on every answer, so caching would only pin one; and a shared
      // cache keyed by prefix would tell an observer which prefixes were asked.
      "Cache-Control": "no-store",
    },
  });
}
