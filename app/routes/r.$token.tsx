/**
 * /r/:token: reporting a simulation mail as phishing (public), from the debrief or a mail client's report button.
 * GET shows a confirmation button (a link scanner fetching the URL reports nothing); POST records the report.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { notFound, tooManyRequests } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { knownToken, track, trackingRateLimited } from "~/modules/training/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Report phishing" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const wait = trackingRateLimited(clientIp(context));
  if (wait !== null) throw tooManyRequests(wait);
  if (!knownToken(params.token ?? "")) throw notFound();
  return {};
}

export async function action({ params, context }: ActionFunctionArgs) {
  const wait = trackingRateLimited(clientIp(context));
  if (wait !== null) throw tooManyRequests(wait);
  if (!track(params.token ?? "", "reported").known) throw notFound();
  return { reported: true as const };
}

export default function Report() {
  const done = useActionData<typeof action>();
  return (
    <main id="main" className="mx-auto max-w-xl p-6">
      <h1 className="text-2xl font-bold">Report phishing</h1>
      {done?.reported ? (
        <p className="mt-3" role="status">
          Thank you: your report was recorded. Reporting suspicious messages is exactly the right thing to do.
        </p>
      ) : (
        <Form method="post" className="mt-4">
          <p>Report the message that brought you here as phishing?</p>
          <button type="submit" className="btn btn-primary mt-3">
            Report as phishing
          </button>
        </Form>
      )}
    </main>
  );
}
