import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { PublicChrome } from "~/components/public-chrome";
import { FormField } from "~/components/form-field";
import { RouteErrorBoundary } from "~/components/error-screens";
import { readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { getSession } from "~/modules/accounts/session.server";
import { EmailSchema, fieldErrors } from "~/modules/accounts/validation";
import { RESET_REQUESTED_MESSAGE, requestPasswordReset } from "~/modules/accounts/password-reset.server";
import { linkOrigin, NO_PUBLIC_URL_MESSAGE } from "~/lib/public-origin.server";

export const meta: MetaFunction = () => [{ title: "Forgot your password · Rampart" }];

const ForgotSchema = z.object({ email: EmailSchema });

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getSession(request)) throw redirect("/settings");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "").slice(0, 300);
  const parsed = ForgotSchema.safeParse({ email: form.get("email") });
  if (!parsed.success)
    return data(
      { errors: fieldErrors(parsed.error) as Record<string, string>, email, sent: false, message: "" },
      { status: 400 },
    );
  // The same answer for every well-formed address; the mail (if any) goes out after it. Links in mail use the
  // configured public address only, never the request's Host: without one nothing is mailed, to anyone.
  const origin = linkOrigin();
  requestPasswordReset(parsed.data.email, origin, { ip: clientIp(context) });
  return data({
    errors: {} as Record<string, string>,
    email: "",
    sent: true,
    message: origin ? RESET_REQUESTED_MESSAGE : NO_PUBLIC_URL_MESSAGE,
  });
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <PublicChrome>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Forgot your password?</h1>
        {actionData?.sent ? (
          <p role="status" className="card mt-6 text-sm" data-testid="reset-requested">
            {actionData.message}
          </p>
        ) : (
          <Form method="post" className="card mt-6 space-y-4" noValidate>
            <p className="text-sm text-ink-muted">Enter your account's e-mail address and we will send you a link.</p>
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
            <button type="submit" className="btn-primary w-full" disabled={pending}>
              {pending ? "Sending..." : "Send the reset link"}
            </button>
          </Form>
        )}
        <p className="mt-4 text-sm text-ink-muted">
          Remembered it? <Link to="/login">Sign in</Link>
        </p>
      </main>
    </PublicChrome>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
