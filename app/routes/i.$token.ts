/**
 * /i/:token: a simulation mail's tracking pixel (public). Records the recipient's first open; an unknown token gets
 * exactly the same image, so the endpoint says nothing about which tokens exist or whose they are.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { tooManyRequests } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { track, trackingRateLimited } from "~/modules/training/index.server";

// A transparent 1×1 GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function loader({ params, context }: LoaderFunctionArgs) {
  const wait = trackingRateLimited(clientIp(context));
  if (wait !== null) return tooManyRequests(wait);
  track(params.token ?? "", "opened");
  return new Response(PIXEL, {
    headers: {
      "Content-Type": "image/gif",
      "Content-Length": String(PIXEL.length),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
