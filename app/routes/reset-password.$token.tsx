import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { PublicChrome } from "~/components/public-chrome";
import { FormField } from "~/components/form-field";
import { RouteErrorBoundary } from "~/components/error-screens";
import { readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { checkNewPassword } from "~/modules/accounts/new-password.server";
import { fieldErrors, NewPasswordSchema, RESET_INVALID_MESSAGE } from "~/modules/accounts/validation";
import { resetPassword, resetTokenUser } from "~/modules/accounts/password-reset.server";

export const meta: MetaFunction = () => [
  { title: "Choose a new password · Rampart" },
  // The token is in the URL: keep it out of search engines and other sites' Referer (same-origin: the form's own post still carries its Origin).
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  return { valid: resetTokenUser(params.token ?? "") !== null };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const owner = resetTokenUser(token);
  if (!owner) return data({ errors: { form: RESET_INVALID_MESSAGE } as Record<string, string> }, { status: 400 });
  const form = await readForm(request);
  const parsed = z.object({ password: NewPasswordSchema }).safeParse({ password: form.get("password") });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as Record<string, string> }, { status: 400 });
  const verdict = await checkNewPassword(parsed.data.password, [owner.email]);
  if (verdict) return data({ errors: { password: verdict } as Record<string, string> }, { status: 400 });
  if (!(await resetPassword(token, parsed.data.password, { ip: clientIp(context) })))
    return data({ errors: { form: RESET_INVALID_MESSAGE } as Record<string, string> }, { status: 400 });
  return redirect("/login?reset=1");
}

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <PublicChrome>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Choose a new password</h1>
        {!valid || errors.form ? (
          <div className="card mt-6 space-y-2">
            <p role="alert" className="text-sm text-danger" data-testid="form-error">
              {errors.form ?? RESET_INVALID_MESSAGE}
            </p>
            <Link to="/forgot-password" className="text-sm">
              Ask for a new link
            </Link>
          </div>
        ) : (
          <Form method="post" className="card mt-6 space-y-4" noValidate>
            <FormField
              id="password"
              name="password"
              type="password"
              label="New password"
              autoComplete="new-password"
              required
              hint="At least 8 characters; a few unrelated words make a strong one. Every signed-in device is signed out."
              error={errors.password}
            />
            <button type="submit" className="btn-primary w-full" disabled={pending}>
              {pending ? "Saving..." : "Set the new password"}
            </button>
          </Form>
        )}
      </main>
    </PublicChrome>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
