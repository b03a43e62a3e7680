import { readForm } from "~/lib/http.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { FormField } from "~/components/form-field";
import { RouteErrorBoundary } from "~/components/error-screens";
import { createAuthenticator, LoginFailure, signInStep } from "~/modules/accounts";
import { clientIp } from "~/lib/request.server";
import { errorToast, SessionExpiredError } from "~/lib/errors";
import { createSession, endSession, getSession, safeRedirectPath } from "~/modules/accounts/session.server";
import { listTenantsForUser } from "~/modules/tenants/tenants.server";
import { audit } from "~/modules/audit/audit.server";
// Single sign-on and passkeys (issue 33 part B): the other ways in, and SSO enforcement for passwords.
import { localSignInRefusal } from "~/modules/sso";
import { SignInOptions, SsoNoticeBanner } from "~/modules/sso/components/sign-in-options";

export const meta: MetaFunction = () => [
  { title: "Sign in · Rampart" },
  { name: "description", content: "Sign in to Rampart to monitor your organization's security posture." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (await getSession(request)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ip = clientIp(context);
  const authenticator = createAuthenticator(() => ip);
  // Undecodable bodies get a 400 here; the strategy would otherwise fail with a 500.
  await readForm(request.clone());
  let user;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (error instanceof LoginFailure) {
      return data(
        { errors: error.fields, email: error.email ?? "" },
        {
          status: error.status,
          headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined,
        },
      );
    }
    throw error;
  }
  // An organization that enforces single sign-on refuses its covered members' passwords (the enforcing owner aside).
  const ssoRefusal = localSignInRefusal(user);
  if (ssoRefusal)
    return data({ errors: { form: ssoRefusal } as Record<string, string>, email: user.email }, { status: 403 });
  // A successful sign-in always issues a new session id (no fixation): the old row goes.
  const setCookieOld = await endSession(request);
  const first = listTenantsForUser(user.id)[0];
  // Issue 33: with two-factor on (or required and not set up) the password only opens a pending session;
  // /login/2fa asks for the second factor (or the enrolment) and signs in.
  const pendingStep = signInStep(user.id) ?? undefined;
  const cookie = await createSession(request, user.id, { selectedTenantId: first?.tenantId ?? null, ip, pendingStep });
  if (pendingStep) return secondStepRedirect(user.redirectTo, [setCookieOld, cookie]);
  audit({ action: "auth.login", userId: user.id, tenantId: first?.tenantId ?? null, ip });
  const headers = new Headers();
  headers.append("Set-Cookie", setCookieOld);
  headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(user.redirectTo), { headers });
}

/** To the sign-in's second step (issue 33), keeping where the person was going. */
function secondStepRedirect(redirectTo: string | undefined, cookies: string[]) {
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return redirect(`/login/2fa?redirectTo=${encodeURIComponent(safeRedirectPath(redirectTo))}`, { headers });
}

/** The catalogue's session-expiry message (app/lib/errors.ts), where a form was sent after the session ended. */
function SessionExpiredNotice() {
  const t = errorToast(new SessionExpiredError());
  return (
    <div role="status" className="mt-4 rounded-md bg-warn-light p-3 text-sm text-warn" data-testid="session-expired">
      <p className="font-semibold">{t.title}</p>
      <p>{t.description}</p>
    </div>
  );
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <PublicChrome>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Sign in to Rampart</h1>
        {params.get("expired") === "1" ? <SessionExpiredNotice /> : null}
        {params.get("reset") === "1" ? (
          <p role="status" className="mt-4 rounded-md bg-ok-light p-3 text-sm text-ok" data-testid="reset-done">
            Your password was changed and every session signed out. Sign in with the new password.
          </p>
        ) : null}
        {params.get("deleted") === "1" ? (
          <p role="status" className="mt-4 rounded-md bg-ok-light p-3 text-sm text-ok" data-testid="account-deleted">
            Your account was deleted and you were signed out everywhere.
          </p>
        ) : null}
        <SsoNoticeBanner code={params.get("sso")} />
        <Form method="post" className="card mt-6 space-y-4" noValidate>
          {errors.form ? (
            <p role="alert" className="rounded-md bg-danger-light p-3 text-sm text-danger" data-testid="form-error">
              {errors.form}
            </p>
          ) : null}
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <FormField
            id="email"
            name="email"
            type="email"
            label="E-mail"
            autoComplete="email"
            required
            defaultValue={actionData?.email}
            error={errors.email}
          />
          <FormField
            id="password"
            name="password"
            type="password"
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? "Signing in..." : "Sign in"}
          </button>
        </Form>
        <SignInOptions email={params.get("email")} redirectTo={params.get("redirectTo")} />
        <p className="mt-4 text-sm">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <p className="mt-2 text-sm text-ink-muted">
          New to Rampart? <Link to="/signup">Create an account</Link>
        </p>
      </main>
    </PublicChrome>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
