/**
 * /p/:token: a simulation's landing page (public): a sign-in form that stores nothing typed. Its inputs have no
 * `name`, so the browser sends none of what was typed, and the action never reads the body: a submission is only
 * recorded as having happened. Then the debrief: what gave the message away, the course, the report link.
 * Nothing on it names the organization; an unknown token is a plain 404.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { notFound, tooManyRequests } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { knownToken, track, trackingRateLimited } from "~/modules/training/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Sign in" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const wait = trackingRateLimited(clientIp(context));
  if (wait !== null) throw tooManyRequests(wait);
  if (!knownToken(params.token ?? "")) throw notFound();
  return { token: params.token ?? "" };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const wait = trackingRateLimited(clientIp(context));
  if (wait !== null) throw tooManyRequests(wait);
  // The body is deliberately never read (request.formData is not called): nothing typed reaches the server's code.
  const token = params.token ?? "";
  const result = track(token, "submitted");
  if (!result.known) throw notFound();
  return { submitted: true as const, token, courseToken: result.courseToken };
}

export default function Landing() {
  const done = useActionData<typeof action>();
  if (done?.submitted)
    return (
      <main id="main" className="mx-auto max-w-xl p-6">
        <h1 className="text-2xl font-bold">This was a phishing simulation</h1>
        <p className="mt-3">
          Your organization sent this message to practise spotting phishing. Nothing you typed was sent or stored: this
          page only noted that the form was submitted.
        </p>
        <h2 className="mt-4 font-semibold">What could have given it away</h2>
        <ul className="mt-1 list-disc pl-6">
          <li>The sender&apos;s real address did not match who it claimed to be.</li>
          <li>It pushed you to act fast, with a threat or a deadline.</li>
          <li>The link led to a page that asked for your password.</li>
        </ul>
        {done.courseToken ? (
          <p className="mt-4">
            <a className="btn btn-primary" href={`/learn/${done.courseToken}`}>
              Take the short course
            </a>
          </p>
        ) : null}
        <p className="mt-4">
          Next time, report a message like this one instead:{" "}
          <a className="link" href={`/r/${done.token}`}>
            report this message as phishing
          </a>
          .
        </p>
      </main>
    );
  return (
    <main id="main" className="mx-auto max-w-sm p-6">
      <h1 className="text-2xl font-bold">Sign in to continue</h1>
      <Form method="post" className="mt-4 grid gap-3" autoComplete="off">
        {/* No `name` attributes: the browser submits none of these values. */}
        <label htmlFor="landing-user" className="label">
          E-mail address
        </label>
        <input id="landing-user" type="text" className="input" autoComplete="off" />
        <label htmlFor="landing-password" className="label">
          Password
        </label>
        <input id="landing-password" type="password" className="input" autoComplete="off" />
        <button type="submit" className="btn btn-primary">
          Sign in
        </button>
      </Form>
    </main>
  );
}
