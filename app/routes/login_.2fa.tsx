import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { startAuthentication } from "@simplewebauthn/browser";
import { z } from "zod";
import { PublicChrome } from "~/components/public-chrome";
import { FormField } from "~/components/form-field";
import { RouteErrorBoundary } from "~/components/error-screens";
import { DomainError } from "~/lib/errors";
import { useHydrated } from "~/lib/use-hydrated";
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
  checkPasskeySecondStep,
  checkSecondStep,
  confirmRequiredEnrolment,
  endSessionsOf,
  EnrolmentPanel,
  hasTwoFactor,
  pendingEnrolment,
  RecoveryCodes,
  startEnrolment,
  WRONG_SECOND_FACTOR,
  WRONG_CODE,
} from "~/modules/accounts";
import { organizationsRequiringTwoFactor } from "~/modules/tenants";
import { audit } from "~/modules/audit";
import { hasPasskey, passkeySecondFactorOptions } from "~/modules/sso";

/**
 * The sign-in's second step (issue 33): after a correct password, a person with two-factor sign-in gives a
 * code from their app or a recovery code; a person whose organization requires two-factor and who has none
 * sets it up here first. Until then the session is pending and opens no page or API. Works without JavaScript,
 * except "Use a passkey" (a person with a passkey may use it as the second factor: the WebAuthn ceremony is
 * script, the code form beside it is not).
 */
export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Rampart" }];

/**
 * After a required enrolment the action answers with the recovery codes, shown once; the session is now a full one,
 * so revalidating this page's loader would redirect away before they are read. They stay until "Continue".
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "recoveryCodes" in actionResult && actionResult.recoveryCodes
    ? false
    : defaultShouldRevalidate;

export const INTENTS = ["verify", "confirm-enrol", "passkey-options", "passkey"] as const;
const Intent = z.enum(INTENTS);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const pending = await getPendingSession(request);
  if (!pending) throw redirect((await getSession(request)) ? redirectTo : "/login");
  if (pending.pendingStep === "second-factor")
    return {
      step: "second-factor" as const,
      enrolment: null,
      requiredBy: [],
      codes: hasTwoFactor(pending.userId),
      passkey: hasPasskey(pending.userId),
    };
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
    codes: false,
    passkey: false,
  };
}

export const PASSKEY_NOT_ACCEPTED = "That passkey did not confirm it is you. Try again.";

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
  const allowed = pending.pendingStep === "enrol" ? ["confirm-enrol"] : ["verify", "passkey-options", "passkey"];
  if (!intent.success || !allowed.includes(intent.data))
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
  if (intent.data === "passkey-options") {
    try {
      const passkeyOptions = await passkeySecondFactorOptions(pending.userId, request.url);
      return data({ errors: {} as Record<string, string>, recoveryCodes: null, passkeyOptions });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return data({ errors: { passkey: error.message }, recoveryCodes: null }, { status: error.status });
    }
  }
  if (intent.data === "passkey") {
    let response: unknown = null;
    try {
      response = JSON.parse(String(form.get("response") ?? "null"));
    } catch {
      // Not JSON: verified as nothing below, which refuses it like a wrong passkey.
    }
    const input = { challengeId: String(form.get("challengeId") ?? ""), response };
    let r;
    try {
      r = await checkPasskeySecondStep(user, input, request.url, meta);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return data({ errors: { passkey: error.message }, recoveryCodes: null }, { status: error.status });
    }
    if (r.ok === false)
      return data(
        {
          errors: { passkey: r.reason === "limited" ? "Too many requests" : PASSKEY_NOT_ACCEPTED },
          recoveryCodes: null,
        },
        {
          status: r.reason === "limited" ? 429 : 400,
          headers: r.reason === "limited" ? { "Retry-After": String(r.retryAfterSeconds) } : undefined,
        },
      );
    throw redirect(redirectTo, { headers: await signIn(request, pending, ip, r.ok) });
  }
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
          <>
            {d.passkey ? <PasskeySecondStep redirectTo={redirectTo} codesToo={d.codes} /> : null}
            {d.codes || !d.passkey ? (
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
            ) : null}
          </>
        )}
        <p className="mt-4 text-sm">
          <Link to="/login">Start over</Link>
        </p>
      </main>
    </PublicChrome>
  );
}

/**
 * "Use a passkey": asks this route for options (the person's own credentials, a challenge bound to the pending
 * session), runs the browser's WebAuthn ceremony, and posts the answer back; a success redirects like a code.
 */
function PasskeySecondStep({ redirectTo, codesToo }: { redirectTo: string; codesToo: boolean }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const [ceremonyError, setCeremonyError] = useState<string | null>(null);
  const [inCeremony, setInCeremony] = useState(false);
  const handled = useRef<string | null>(null);
  const result = fetcher.data;
  // The options' JSON type does not survive the loader-data serialization typing: it is the library's own shape.
  const offered = (result && "passkeyOptions" in result ? result.passkeyOptions : null) as {
    challengeId: string;
    options: Parameters<typeof startAuthentication>[0]["optionsJSON"];
  } | null;
  useEffect(() => {
    if (!offered || handled.current === offered.challengeId) return;
    handled.current = offered.challengeId;
    setInCeremony(true);
    startAuthentication({ optionsJSON: offered.options })
      .then((response) =>
        fetcher.submit(
          { intent: "passkey", challengeId: offered.challengeId, response: JSON.stringify(response), redirectTo },
          { method: "post" },
        ),
      )
      .catch((e: Error) =>
        setCeremonyError(
          e.name === "NotAllowedError" || e.name === "AbortError"
            ? "The passkey request was cancelled or timed out."
            : e.message,
        ),
      )
      .finally(() => setInCeremony(false));
  }, [offered, fetcher, redirectTo]);
  const serverError = result?.errors && "passkey" in result.errors ? result.errors.passkey : null;
  const error = ceremonyError ?? serverError;
  const busy = inCeremony || fetcher.state !== "idle";
  return (
    <div className="card mt-6 space-y-3" data-hydrated={hydrated ? "true" : undefined}>
      <p className="text-sm text-ink-muted">
        {codesToo ? "Use one of your passkeys, or enter a code below." : "Confirm it is you with one of your passkeys."}
      </p>
      <button
        type="button"
        className="btn-primary w-full"
        disabled={!hydrated || busy}
        data-testid="passkey-second-factor"
        onClick={() => {
          setCeremonyError(null);
          fetcher.submit({ intent: "passkey-options", redirectTo }, { method: "post" });
        }}
      >
        {busy ? "Waiting for your passkey..." : "Use a passkey"}
      </button>
      {!hydrated ? (
        <p className="text-xs text-ink-muted" data-testid="passkey-needs-js">
          Passkeys need JavaScript in this browser.{" "}
          {codesToo ? "Turn it on, or enter a code below." : "Turn it on to finish signing in."}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
