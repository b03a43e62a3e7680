/**
 * /invite/<token>: an invitation link (issue 32). The page says up front who invited the person to which
 * organization with which role, or why the link no longer works (used, expired, unknown) with no button. Signed
 * out, it offers to create an account or sign in and comes back here afterwards (redirectTo); signed in, one
 * button joins, and the person lands in the invited organization. Joining never counts toward the person's own
 * organization allowance.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { limitWrites } from "~/lib/api.server";
import { clientIp } from "~/lib/request.server";
import { createSession, endSession, getSession } from "~/modules/accounts/session.server";
import { requireUser } from "~/modules/tenants";
import { acceptInvitation, describeInvitation } from "~/modules/tenants/members.server";
import { domainFieldError } from "~/lib/http.server";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [
  { title: "Join an organization · Rampart" },
  { name: "robots", content: "noindex" },
];

const ROLE_WORDS = {
  admin: "an admin (manages members and settings)",
  member: "a member (works with the organization's findings)",
  viewer: "a viewer (reads, changes nothing)",
} as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const invitation = describeInvitation(params.token ?? "");
  return data(
    { invitation, signedInAs: session?.user.email ?? null, here: new URL(request.url).pathname },
    // A dead link says so with its status too.
    { status: invitation.status === "open" ? 200 : invitation.status === "unknown" ? 404 : 410 },
  );
}

/** A signed-in user who opens an invitation link joins on confirming (a POST, so link previews cannot accept it). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  // Invitation tokens are unguessable, but a signed-in account still may not try them by the thousand.
  limitWrites(user.id);
  try {
    const ip = clientIp(context);
    const { tenantId } = acceptInvitation(params.token ?? "", user.id, ip);
    // Joining gives access to another organization's data: a privilege change, so the
    // session id rotates (the old one ends) and the new session has the new organization selected.
    const headers = new Headers();
    headers.append("Set-Cookie", await endSession(request));
    headers.append("Set-Cookie", await createSession(request, user.id, { selectedTenantId: tenantId, ip }));
    return redirect("/dashboard", { headers });
  } catch (error) {
    const e = domainFieldError(error);
    return data({ error: e.message }, { status: e.status });
  }
}

export default function Invite() {
  const { invitation, signedInAs, here } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const intl = useFormat();
  const back = encodeURIComponent(here);
  return (
    <PublicChrome signedIn={signedInAs !== null}>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Join an organization</h1>
        {invitation.status !== "open" ? (
          <p role="alert" className="mt-4 rounded-md bg-danger-light p-3 text-sm text-danger" data-testid="invite-dead">
            {invitation.message}
          </p>
        ) : (
          <>
            <p className="mt-2" data-testid="invite-summary">
              {invitation.invitedBy ?? "An admin"} invited {signedInAs ? `you (${signedInAs})` : "you"} to join{" "}
              <strong>{invitation.organization}</strong> as {ROLE_WORDS[invitation.role]}.
            </p>
            <p className="mt-1 text-sm text-ink-muted">
              The link works once, until {intl.formatDateTime(invitation.expiresAt)}. Joining is free and does not count
              toward the organizations you can create.
            </p>
            {result?.error ? (
              <p role="alert" className="mt-4 rounded-md bg-danger-light p-3 text-sm text-danger">
                {result.error}
              </p>
            ) : null}
            {signedInAs ? (
              <Form method="post" className="mt-6">
                <button type="submit" className="btn-primary">
                  Join {invitation.organization}
                </button>
              </Form>
            ) : (
              <div className="mt-6 flex flex-wrap gap-3">
                <Link to={`/signup?redirectTo=${back}`} className="btn-primary no-underline">
                  Create an account to join
                </Link>
                <Link to={`/login?redirectTo=${back}`} className="btn-secondary no-underline">
                  Sign in to join
                </Link>
              </div>
            )}
          </>
        )}
      </main>
    </PublicChrome>
  );
}
