import { readForm } from "~/lib/http.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { FormField } from "~/components/form-field";
import { RouteErrorBoundary } from "~/components/error-screens";
import { clientIp } from "~/lib/request.server";
import { getSession } from "~/modules/accounts/session.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { signUp, signUpReceivedMessage } from "~/modules/accounts/sign-up.server";
import { fieldErrors, SignupSchema } from "~/modules/accounts/validation";
import { checkNewPassword } from "~/modules/accounts/new-password.server";

export const meta: MetaFunction = () => [
  { title: "Create your account · Rampart" },
  { name: "description", content: "Create a free Rampart account: breach monitoring, phishing analysis and more." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSession(request)) throw redirect("/dashboard");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ip = clientIp(context);
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  const limited = rateLimit(`signup:${ip}`, LIMITS.signup.limit, LIMITS.signup.windowMs);
  if (!limited.allowed) {
    return data(
      { errors: { form: "Too many requests" } as Record<string, string>, email, done: null },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const parsed = SignupSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error) as Record<string, string>, email, done: null }, { status: 400 });
  const verdict = await checkNewPassword(parsed.data.password, [parsed.data.email]);
  if (verdict)
    return data({ errors: { password: verdict } as Record<string, string>, email, done: null }, { status: 400 });
  // The same answer, after the same work, whether or not the address has an account (signUp): nobody is signed
  // in here, and the mail (a verification link, or a notice to the existing owner) goes out after the answer.
  await signUp(parsed.data.email, parsed.data.password, { ip });
  return data({
    errors: {} as Record<string, string>,
    email: "",
    done: signUpReceivedMessage(parsed.data.email.trim().toLowerCase()),
  });
}

export default function Signup() {
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  // Where to go after signing in (an invitation link, issue 32): kept through sign-up to the sign-in page.
  const redirectTo = useSearchParams()[0].get("redirectTo");
  const loginHref = redirectTo?.startsWith("/") ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login";
  return (
    <PublicChrome>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Create your Rampart account</h1>
        <p className="mt-2 text-sm text-ink-muted">
          Free plan, no card. Your first organization, “Personal”, is created for you.
        </p>
        {actionData?.done ? (
          <div className="card mt-6 space-y-4">
            <p role="status" className="text-sm" data-testid="signup-done">
              {actionData.done}
            </p>
            <Link to={loginHref} className="btn-primary block w-full text-center no-underline">
              Continue to sign in
            </Link>
          </div>
        ) : (
          <Form method="post" className="card mt-6 space-y-4" noValidate>
            {errors.form ? (
              <p role="alert" className="rounded-md bg-danger-light p-3 text-sm text-danger" data-testid="form-error">
                {errors.form}
              </p>
            ) : null}
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
              autoComplete="new-password"
              required
              minLength={8}
              error={errors.password}
              hint="At least 8 characters; a long passphrase of 15 or more is best. No rules about symbols."
            />
            <button type="submit" className="btn-primary w-full" disabled={pending}>
              {pending ? "Creating account..." : "Create account"}
            </button>
          </Form>
        )}
        <p className="mt-4 text-sm text-ink-muted">
          Already have an account? <Link to={loginHref}>Sign in</Link>
        </p>
      </main>
    </PublicChrome>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
