/**
 * /verify-email/<token>: the link in the verification mail. Following it
 * confirms the address (a GET: the link must work from any mail client, and a
 * scanner that follows it first proves only that the mail arrived). Works
 * signed in or out.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { RouteErrorBoundary } from "~/components/error-screens";
import { clientIp } from "~/lib/request.server";
import { getSession } from "~/modules/accounts/session.server";
import { VERIFY_INVALID_MESSAGE, verifyEmail } from "~/modules/accounts";
import type { HydrationHandle } from "~/lib/hydration";

/** Links only: the page ships no scripts (docs/decisions/014-static-documents.md). */
export const handle: HydrationHandle = { hydrate: false };

export const meta: MetaFunction = () => [
  { title: "Confirm your e-mail address · Rampart" },
  // The token is in the URL: keep it out of search engines and other sites' Referer.
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const verified = verifyEmail(params.token ?? "", { ip: clientIp(context) });
  const signedIn = (await getSession(request)) !== null;
  return { email: verified?.email ?? null, signedIn, invalidMessage: VERIFY_INVALID_MESSAGE };
}

export default function VerifyEmail() {
  const { email, signedIn, invalidMessage } = useLoaderData<typeof loader>();
  return (
    <PublicChrome>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Confirm your e-mail address</h1>
        <div className="card mt-6 space-y-3">
          {email ? (
            <p role="status" className="text-sm" data-testid="email-verified">
              Thank you: <strong>{email}</strong> is verified. You can now invite colleagues and watch domains.
            </p>
          ) : (
            <p role="alert" className="text-sm text-danger" data-testid="form-error">
              {invalidMessage}
            </p>
          )}
          {signedIn ? (
            <Link to={email ? "/dashboard" : "/verify-email"} className="btn-primary inline-block">
              {email ? "Go to your dashboard" : "Send a new link"}
            </Link>
          ) : (
            <Link to="/login" className="btn-primary inline-block">
              Sign in
            </Link>
          )}
        </div>
      </main>
    </PublicChrome>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
