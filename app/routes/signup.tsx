import { readForm } from "~/lib/http.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { FormField } from "~/components/form-field";
import { RouteErrorBoundary } from "~/components/error-screens";
import { clientIp } from "~/lib/request.server";
import { createSession, getSession } from "~/lib/session.server";
import { LIMITS, rateLimit } from "~/lib/rate-limit.server";
import { createUser, EmailTakenError } from "~/modules/accounts/accounts.server";
import { fieldErrors, SignupSchema } from "~/modules/accounts/validation";
import { checkNewPassword } from "~/modules/accounts/new-password.server";
import { audit } from "~/modules/audit/audit.server";
import { sendVerificationMail } from "~/modules/accounts";
import { linkOrigin } from "~/lib/public-origin.server";

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
      { errors: { form: "Too many requests" } as Record<string, string>, email },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  const parsed = SignupSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error) as Record<string, string>, email }, { status: 400 });
  const verdict = await checkNewPassword(parsed.data.password, [parsed.data.email]);
  if (verdict) return data({ errors: { password: verdict } as Record<string, string>, email }, { status: 400 });
  try {
    const { user, tenantId } = await createUser(parsed.data.email, parsed.data.password, { ip });
    const cookie = await createSession(request, user.id, { selectedTenantId: tenantId, ip });
    audit({ action: "auth.login", userId: user.id, tenantId, ip, detail: { via: "signup" } });
    // The account works at once; the mail goes out after the answer (the shell's banner says what is waiting for it).
    sendVerificationMail(user.id, linkOrigin(), { ip });
    return redirect("/dashboard", { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      return data({ errors: { email: error.message } as Record<string, string>, email }, { status: 400 });
    }
    throw error;
  }
}

export default function Signup() {
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  return (
    <PublicChrome>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Create your Rampart account</h1>
        <p className="mt-2 text-sm text-ink-muted">
          Free plan, no card. Your first organization, “Personal”, is created for you.
        </p>
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
        <p className="mt-4 text-sm text-ink-muted">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </main>
    </PublicChrome>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
