import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { PublicChrome } from "~/components/public-chrome";
import { FormField } from "~/components/form-field";
import { RouteErrorBoundary } from "~/components/error-screens";
import { readForm } from "~/lib/http.server";
import { clientIp } from "~/lib/request.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import {
  createSession,
  endSession,
  getPendingSession,
  getSession,
  type PendingSession,
} from "~/modules/accounts/session.server";
import {
  checkSecondStep,
  confirmRequiredEnrolment,
  endSessionsOf,
  EnrolmentPanel,
  pendingEnrolment,
  RecoveryCodes,
  startEnrolment,
  WRONG_SECOND_FACTOR,
  WRONG_CODE,
} from "~/modules/accounts";
import { organizationsRequiringTwoFactor } from "~/modules/tenants";
import { audit } from "~/modules/audit";

/**
 * The sign-in's second step (issue 33): after a correct password, a person with two-factor sign-in gives a
 * code from their app or a recovery code; a person whose organization requires two-factor and who has none
 * sets it up here first. Until then the session is pending and opens no page or API. Works without JavaScript.
 */
export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Rampart" }];

export const INTENTS = ["verify", "confirm-enrol"] as const;
const Intent = z.enum(INTENTS);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const pending = await getPendingSession(request);
  if (!pending) throw redirect((await getSession(request)) ? redirectTo : "/login");
  if (pending.pendingStep === "second-factor")
    return { step: "second-factor" as const, enrolment: null, requiredBy: [] };
  // Enrolment the organization requires: a secret is made on the first visit and kept until confirmed.
  let enrolment = await pendingEnrolment(pending.userId);
  if (!enrolment) {
    await startEnrolment(pending.userId);
    enrolment = await pendingEnrolment(pending.userId);
  }
  return {
    step: "enrol" as const,
    enrolment: enrolment ? { secret: enrolment.secret, qrDataUrl: enrolment.qrDataUrl } : null,
    requiredBy: organizationsRequiringTwoFactor(pending.userId),
  };
}

/** The pending session becomes a signed-in one under a new id (no fixation); every other session ends with it. */
async function signIn(request: Request, pending: PendingSession, ip: string, method: string) {
  const cleared = await endSession(request);
  const cookie = await createSession(request, pending.userId, { selectedTenantId: pending.selectedTenantId, ip });
  audit({ action: "auth.login", userId: pending.userId, tenantId: pending.selectedTenantId, ip, detail: { method } });
  const headers = new Headers();
  headers.append("Set-Cookie", cleared);
  headers.append("Set-Cookie", cookie);
  return headers;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ip = clientIp(context);
  const form = await readForm(request);
  const pending = await getPendingSession(request);
  // The pending session expired or was used: start again from the password.
  if (!pending) throw redirect("/login?expired=1");
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success || intent.data !== (pending.pendingStep === "enrol" ? "confirm-enrol" : "verify"))
    return data({ errors: { form: "Unknown action" } as Record<string, string>, recoveryCodes: null }, { status: 400 });
  const code = String(form.get("code") ?? "").slice(0, 64);
  // The enrolment form (a shared panel) has no field for it: the form posts to this URL, which carries it.
  const redirectTo = safeRedirectPath(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
  const user = { id: pending.userId, email: pending.email };
  const meta = { ip, tenantId: pending.selectedTenantId };
  const refused = (reason: "wrong" | "limited", retryAfterSeconds?: number) =>
    data(
      {
        errors: {
          code:
            reason === "limited" ? "Too many requests" : intent.data === "verify" ? WRONG_SECOND_FACTOR : WRONG_CODE,
        },
        recoveryCodes: null,
      },
      {
        status: reason === "limited" ? 429 : 400,
        headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
      },
    );
  if (!code.trim())
    return data({ errors: { code: "Enter the code.", form: "" }, recoveryCodes: null }, { status: 400 });

  if (intent.data === "verify") {
    const r = await checkSecondStep(user, code, meta);
    if (r.ok === false) return refused(r.reason, r.reason === "limited" ? r.retryAfterSeconds : undefined);
    throw redirect(redirectTo, { headers: await signIn(request, pending, ip, r.ok) });
  }
  const r = await confirmRequiredEnrolment(user, code, meta);
  if (r.ok === false) return refused(r.reason, r.reason === "limited" ? r.retryAfterSeconds : undefined);
  // A two-factor change ends every other session (issue 33); this one is replaced by a signed-in one.
  endSessionsOf(pending.userId, pending.idHash);
  return data(
    { errors: {} as Record<string, string>, recoveryCodes: r.recoveryCodes, continueTo: redirectTo },
    {
      headers: await signIn(request, pending, ip, "enrolment"),
    },
  );
}

export default function SecondStep() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const codes = result?.recoveryCodes;
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <PublicChrome>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Two-factor sign-in</h1>
        {errors.form ? (
          <p role="alert" className="mt-4 rounded-md bg-danger-light p-3 text-sm text-danger" data-testid="form-error">
            {errors.form}
          </p>
        ) : null}
        {codes ? (
          <div className="card mt-6 space-y-4">
            <p role="status" className="text-sm text-ok" data-testid="two-factor-on">
              Two-factor sign-in is on. You are signed in.
            </p>
            <RecoveryCodes codes={codes} />
            <Link
              to={safeRedirectPath(result && "continueTo" in result ? result.continueTo : redirectTo)}
              className="btn-primary inline-block"
            >
              Continue
            </Link>
          </div>
        ) : d.step === "enrol" ? (
          <div className="card mt-6 space-y-4">
            <p className="text-sm" data-testid="enrolment-required">
              {d.requiredBy.length > 0 ? `${d.requiredBy.join(", ")} requires` : "Your organization requires"}{" "}
              two-factor sign-in. Set it up to continue.
            </p>
            {d.enrolment ? (
              <EnrolmentPanel enrolment={d.enrolment} intent="confirm-enrol" error={errors.code} busy={busy} />
            ) : null}
          </div>
        ) : (
          <Form method="post" className="card mt-6 space-y-4" noValidate>
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <p className="text-sm text-ink-muted">
              Enter the 6-digit code from your authenticator app, or one of your recovery codes.
            </p>
            <FormField
              id="code"
              name="code"
              label="Code"
              autoComplete="one-time-code"
              autoFocus
              maxLength={64}
              required
              error={errors.code}
            />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Checking..." : "Verify"}
            </button>
          </Form>
        )}
        <p className="mt-4 text-sm">
          <Link to="/login">Start over</Link>
        </p>
      </main>
    </PublicChrome>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
