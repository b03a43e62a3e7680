/**
 * /verify-email: where the shell's "verify your address" banner posts its
 * "Send a new link" (works without JavaScript: the answer is this page).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { limitWrites } from "~/lib/api.server";
import { clientIp } from "~/lib/request.server";
import { linkOrigin } from "~/lib/public-origin.server";
import { requireUser } from "~/modules/tenants";
import { isEmailVerified, resendVerificationMessage, sendVerificationMail } from "~/modules/accounts";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [{ title: "Verify your e-mail address · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return { email: user.email, verified: isEmailVerified(user.id) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  limitWrites(user.id);
  const r = sendVerificationMail(user.id, linkOrigin(), { ip: clientIp(context) });
  const message = resendVerificationMessage(r, user.email);
  return data(
    { ok: r.sent, message },
    { status: r.sent || r.reason === "verified" ? 200 : r.reason === "limited" ? 429 : 503 },
  );
}

export default function VerifyEmailPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Verify your e-mail address</h1>
      <section className="card space-y-3">
        {d.verified ? (
          <p className="text-sm" data-testid="email-verified">
            <strong>{d.email}</strong> is verified. <Link to="/dashboard">Back to your dashboard</Link>
          </p>
        ) : (
          <>
            <p className="text-sm">
              We sent a link to <strong>{d.email}</strong> when you signed up. Follow it to invite colleagues and watch
              domains; everything else already works. The link works once, for 24 hours.
            </p>
            <Form method="post" action="/verify-email">
              <button type="submit" className="btn-primary" disabled={busy}>
                Send a new link
              </button>
            </Form>
          </>
        )}
        {result ? (
          <p
            role={result.ok ? "status" : "alert"}
            className={`rounded-md p-3 text-sm ${result.ok ? "bg-ok-light text-ok" : "bg-danger-light text-danger"}`}
            data-testid="verify-result"
          >
            {result.message}
          </p>
        ) : null}
      </section>
    </main>
  );
}
