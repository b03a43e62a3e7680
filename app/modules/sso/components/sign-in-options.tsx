/**
 * The sign-in page's other ways in (issue 33 part B), kept apart from its password form: "Continue with single
 * sign-on" (a plain GET form to /login/sso: works without JavaScript) and "Sign in with a passkey" (the WebAuthn
 * ceremony, which needs JavaScript: the page says so when it is off), and the notice after an SSO attempt came back.
 */
import { useState } from "react";
import { Form } from "@remix-run/react";
import { startAuthentication } from "@simplewebauthn/browser";
import { FormField } from "~/components/form-field";
import { useHydrated } from "~/lib/use-hydrated";
import { ssoNotice } from "../messages";

export function SsoNoticeBanner({ code }: { code: string | null }) {
  const text = ssoNotice(code);
  return text ? (
    <p role="alert" className="mt-4 rounded-md bg-warn-light p-3 text-sm text-warn" data-testid="sso-notice">
      {text}
    </p>
  ) : null;
}

export function SignInOptions({ email, redirectTo }: { email?: string | null; redirectTo?: string | null }) {
  return (
    <section aria-labelledby="other-sign-in" className="card mt-6 space-y-4">
      <h2 id="other-sign-in" className="text-base font-semibold">
        Other ways to sign in
      </h2>
      <Form method="get" action="/login/sso" className="space-y-3" data-testid="sso-form">
        <FormField
          id="sso-email"
          name="email"
          type="email"
          label="Work address"
          autoComplete="email"
          required
          defaultValue={email ?? undefined}
          hint="Your e-mail address at work. If your organization uses single sign-on, you sign in with its identity provider."
        />
        <button type="submit" className="btn-secondary w-full">
          Continue with single sign-on
        </button>
      </Form>
      <PasskeySignIn redirectTo={redirectTo} />
    </section>
  );
}

async function postJson(url: string, body: unknown): Promise<{ ok: boolean; status: number; data: unknown }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // no body
  }
  return { ok: res.ok, status: res.status, data };
}

function PasskeySignIn({ redirectTo }: { redirectTo?: string | null }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const start = await postJson("/api/passkeys/sign-in", { step: "options" });
      if (!start.ok)
        throw new Error((start.data as { message?: string })?.message ?? "Passkey sign-in is unavailable.");
      const { challengeId, options } = start.data as { challengeId: string; options: never };
      const response = await startAuthentication({ optionsJSON: options });
      const done = await postJson("/api/passkeys/sign-in", {
        step: "verify",
        challengeId,
        response,
        redirectTo: redirectTo ?? undefined,
      });
      if (!done.ok) throw new Error((done.data as { message?: string })?.message ?? "The passkey did not sign you in.");
      window.location.assign((done.data as { redirectTo: string }).redirectTo);
    } catch (e) {
      const name = (e as Error).name;
      setError(
        name === "NotAllowedError" || name === "AbortError"
          ? "The passkey request was cancelled or timed out."
          : (e as Error).message,
      );
      setBusy(false);
    }
  }
  return (
    <div data-hydrated={hydrated ? "true" : undefined}>
      <button
        type="button"
        className="btn-secondary w-full"
        onClick={signIn}
        disabled={!hydrated || busy}
        data-testid="passkey-sign-in"
      >
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </button>
      {!hydrated ? (
        <p className="mt-1 text-xs text-ink-muted" data-testid="passkey-needs-js">
          Passkeys need JavaScript in this browser. Turn it on, or sign in with your password or single sign-on.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="field-error mt-2">
          {error}
        </p>
      ) : null}
    </div>
  );
}
