import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { limitWrites } from "~/lib/api.server";
import { clientIp } from "~/lib/request.server";
import { createSession, endSession } from "~/lib/session.server";
import { requireUser } from "~/modules/tenants";
import { acceptInvitation } from "~/modules/tenants/members.server";
import { domainFieldError } from "~/lib/http.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [
  { title: "Join an organization · Rampart" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
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
  const result = useActionData<typeof action>();
  return (
    <PublicChrome signedIn>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Join an organization</h1>
        <p className="mt-2 text-ink-muted">You were invited to join an organization on Rampart.</p>
        {result?.error ? (
          <p role="alert" className="mt-4 rounded-md bg-danger-light p-3 text-sm text-danger">
            {result.error}
          </p>
        ) : null}
        <Form method="post" className="mt-6">
          <button type="submit" className="btn-primary">
            Join the organization
          </button>
        </Form>
      </main>
    </PublicChrome>
  );
}
