/**
 * /breach-check: the public breach check. An e-mail address is looked up in
 * the imported breach catalogue (by its HMAC; never stored or logged); a
 * password is checked by k-anonymity against /api/pwned/range/{prefix} in the
 * browser, or by the action on the server when JavaScript is off.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckCircle2, Info, KeyRound, Mail, ShieldAlert } from "lucide-react";
import { useState, type FormEvent } from "react";
import { MarketingPage } from "~/components/marketing/page";
import { STATUS_MESSAGE } from "~/lib/errors";
import { hydratedDocument } from "~/lib/hydration";
import { privatePage } from "~/lib/public-page";
import { useHydrated } from "~/lib/use-hydrated";
import { clientIp } from "~/lib/request.server";
import { catalogueSize } from "~/modules/breach/breach.server";
import { runBreachCheck } from "~/modules/breach/check.server";
import { BreachCard } from "~/modules/breach/components/breach-card";
import { NO_BREACH_DATA as NO_DATA_MESSAGE } from "~/modules/breach/validation";
import { seo } from "~/modules/marketing/seo";
import { BreachDataUnavailable, pwnedCount } from "~/modules/password/k-anonymity";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

// Hydrated, unlike the rest of the public site: the password is hashed in the browser (app/lib/hydration.ts).
// Not public: it shows the breach catalogue's size, which an import changes at any moment.
export const handle = { ...hydratedDocument, ...privatePage };

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Breach check",
      description:
        "Check whether your e-mail address appears in a known data breach, and whether a password has been leaked, without it leaving your browser.",
      path: "/breach-check",
    },
    matches,
  );

export async function loader(_args: LoaderFunctionArgs) {
  return { breachCount: catalogueSize() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const outcome = await runBreachCheck(form, clientIp(context));
  switch (outcome.kind) {
    case "rate-limited":
      return data(
        { kind: "rate-limited" as const, message: `${STATUS_MESSAGE[429]}. Please wait a moment and try again.` },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "invalid":
      return data(
        {
          kind: "invalid" as const,
          intent: outcome.intent,
          fieldErrors: outcome.fieldErrors,
          email: outcome.intent === "email" ? String(form.get("email") ?? "").slice(0, 254) : "",
        },
        { status: 400 },
      );
    case "email":
      // The address goes back only to refill the field of the page that sent it.
      return {
        kind: "email" as const,
        result: outcome.result,
        email: String(form.get("email") ?? "")
          .trim()
          .slice(0, 254),
      };
    case "password":
      return outcome.verdict.status === "checked"
        ? { kind: "password" as const, count: outcome.verdict.count, notChecked: null }
        : { kind: "password" as const, count: 0, notChecked: outcome.verdict.message };
  }
}

type PasswordResult = { count: number } | { error: string } | { notChecked: string } | null;

function PasswordVerdict({ result }: { result: PasswordResult }) {
  const intl = useFormat();
  if (!result) return null;
  if ("error" in result) {
    return (
      <p
        role="alert"
        className="mt-4 flex gap-2 rounded-card border border-danger/40 bg-danger-light p-3 text-sm text-danger"
      >
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {result.error}
      </p>
    );
  }
  if ("notChecked" in result) {
    // No breach data on this server: neutral, never "not found" (issue 30).
    return (
      <p className="mt-4 flex gap-2 rounded-card bg-surface-sunken p-3 text-sm" data-testid="password-result">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {result.notChecked}
      </p>
    );
  }
  return result.count > 0 ? (
    <div
      className="mt-4 flex gap-2 rounded-card border border-danger/40 bg-danger-light p-3 text-sm text-danger"
      data-testid="password-result"
    >
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        <strong>Breached password.</strong> It has appeared {intl.formatNumber(result.count)} time
        {result.count === 1 ? "" : "s"} in data breaches. Do not use it: change it wherever you use it and turn on
        multi-factor authentication.
      </p>
    </div>
  ) : (
    <div
      className="mt-4 flex gap-2 rounded-card border border-ok/40 bg-ok-light p-3 text-sm text-ok"
      data-testid="password-result"
    >
      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        <strong>Not found</strong> in the breached passwords we hold. That does not make it strong: use a long, unique
        password from a password manager.
      </p>
    </div>
  );
}

export default function BreachCheck() {
  const intl = useFormat();
  const { breachCount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [clientPassword, setClientPassword] = useState<PasswordResult>(null);
  // Marks the password form once its in-browser check is wired (the end-to-end tests wait for it).
  const hydrated = useHydrated();
  const [hashing, setHashing] = useState(false);

  const emailErrors = actionData?.kind === "invalid" && actionData.intent === "email" ? actionData.fieldErrors : {};
  const passwordErrors =
    actionData?.kind === "invalid" && actionData.intent === "password" ? actionData.fieldErrors : {};
  const [clientPasswordError, setClientPasswordError] = useState<string | null>(null);
  const emailResult = actionData?.kind === "email" ? actionData.result : null;
  const emailValue = actionData && "email" in actionData ? actionData.email : "";
  const rateLimited = actionData?.kind === "rate-limited" ? actionData.message : null;
  const serverPassword: PasswordResult =
    actionData?.kind === "password"
      ? actionData.notChecked
        ? { notChecked: actionData.notChecked }
        : { count: actionData.count }
      : null;
  const passwordResult = clientPassword ?? serverPassword;
  const passwordError = clientPasswordError ?? passwordErrors.password;

  // With JavaScript the password never leaves the browser: only the first five
  // hex characters of its SHA-1 go to the range API. Without it, the form posts.
  async function onPasswordSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("password") as HTMLInputElement | null;
    const password = input?.value ?? "";
    setClientPassword(null);
    if (!password) {
      setClientPasswordError("Enter a password to check");
      input?.focus();
      return;
    }
    setClientPasswordError(null);
    setHashing(true);
    try {
      setClientPassword({ count: await pwnedCount(password) });
    } catch (error) {
      if (error instanceof BreachDataUnavailable) setClientPassword({ notChecked: error.message });
      else
        setClientPassword({
          error: error instanceof Error ? error.message : "The breach check could not be completed.",
        });
    } finally {
      setHashing(false);
    }
  }

  return (
    <MarketingPage
      eyebrow="Free breach check"
      title="Has your data been in a breach?"
      lead="Check an e-mail address against the breaches we hold, and a password against known leaked passwords. We do not keep what you type here."
      width="wide"
    >
      {rateLimited ? (
        <div
          role="alert"
          className="mb-6 flex gap-3 rounded-card border border-danger/40 bg-danger-light p-4 text-danger"
        >
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p>{rateLimited}</p>
        </div>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="email-check-heading" className="space-y-4">
          <div className="card">
            <h2 id="email-check-heading" className="flex items-center gap-2 text-xl font-semibold">
              <Mail className="h-5 w-5 text-brand" aria-hidden="true" />
              Check an e-mail address
            </h2>
            {breachCount === 0 ? (
              <p className="mt-3 flex gap-2 rounded-card bg-surface-sunken p-3 text-sm" data-testid="no-breach-data">
                <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                {NO_DATA_MESSAGE}
              </p>
            ) : (
              <p className="mt-1 text-sm text-ink-muted">
                Searched against {intl.formatNumber(breachCount)} breach{breachCount === 1 ? "" : "es"}. Sensitive
                breaches and spam lists are never shown here.
              </p>
            )}
            <Form method="post" noValidate className="mt-4 space-y-3" aria-label="E-mail breach check">
              <input type="hidden" name="intent" value="email" />
              <div>
                <label htmlFor="email" className="label">
                  E-mail address
                </label>
                <input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  maxLength={254}
                  defaultValue={emailValue}
                  className="input"
                  aria-invalid={emailErrors.email ? true : undefined}
                  aria-describedby={emailErrors.email ? "email-error" : undefined}
                />
                {emailErrors.email ? (
                  <p id="email-error" className="field-error">
                    {emailErrors.email}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn-primary" disabled={submittingIntent === "email"}>
                {submittingIntent === "email" ? "Checking..." : "Check e-mail"}
              </button>
            </Form>
          </div>
          <div aria-live="polite" data-testid="email-result">
            {emailResult?.state === "no-data" ? (
              <p className="card text-sm">{NO_DATA_MESSAGE}</p>
            ) : emailResult?.state === "clean" ? (
              <div className="card flex gap-3 border-ok/40 bg-ok-light text-ok">
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
                <p>
                  <strong>Good news: no breach found.</strong> This address is not in any of the{" "}
                  {intl.formatNumber(emailResult.breachCount)} breach
                  {emailResult.breachCount === 1 ? "" : "es"} we can show publicly.
                </p>
              </div>
            ) : emailResult?.state === "exposed" ? (
              <div className="space-y-4">
                <div className="card flex gap-3 border-danger/40 bg-danger-light text-danger">
                  <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
                  <p>
                    <strong>
                      Found in {emailResult.breaches.length} breach{emailResult.breaches.length === 1 ? "" : "es"}.
                    </strong>{" "}
                    Here is what was exposed and what to do about it.
                  </p>
                </div>
                {emailResult.breaches.map((b) => (
                  <BreachCard key={b.name} breach={b} />
                ))}
              </div>
            ) : null}
          </div>
        </section>

        <section aria-labelledby="password-check-heading">
          <div className="card">
            <h2 id="password-check-heading" className="flex items-center gap-2 text-xl font-semibold">
              <KeyRound className="h-5 w-5 text-brand" aria-hidden="true" />
              Check a password
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              Your browser computes the password&apos;s SHA-1 hash and sends only its first five characters; the match
              is made on your device (k-anonymity, as Pwned Passwords does it). Without JavaScript the form sends the
              password to our server over this connection, which checks it and forgets it.
            </p>
            <Form
              method="post"
              noValidate
              className="mt-4 space-y-3"
              aria-label="Password breach check"
              onSubmit={onPasswordSubmit}
              autoComplete="off"
              data-hydrated={hydrated ? "true" : undefined}
            >
              <input type="hidden" name="intent" value="password" />
              <div>
                <label htmlFor="password" className="label">
                  Password
                </label>
                <input
                  id="password"
                  name="password"
                  type="password"
                  autoComplete="off"
                  required
                  maxLength={1024}
                  className="input"
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? "password-error" : undefined}
                />
                {passwordError ? (
                  <p id="password-error" className="field-error">
                    {passwordError}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn-primary" disabled={hashing || submittingIntent === "password"}>
                {hashing || submittingIntent === "password" ? "Checking..." : "Check password"}
              </button>
            </Form>
            <div aria-live="polite">
              <PasswordVerdict result={passwordResult} />
            </div>
          </div>
        </section>
      </div>
    </MarketingPage>
  );
}
