/** /l/:token: the link in a simulation mail (public). Records the click, then leads to the landing page. */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { notFound, tooManyRequests } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { track, trackingRateLimited } from "~/modules/training/index.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const wait = trackingRateLimited(clientIp(context));
  if (wait !== null) return tooManyRequests(wait);
  const token = params.token ?? "";
  if (!track(token, "clicked").known) return notFound();
  return redirect(`/p/${token}`, {
    status: 303,
    headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
