/**
 * The two pieces of two-factor sign-in that two pages show (issue 33): the enrolment panel (the QR code drawn
 * on the server, the secret in text for apps that cannot scan, and the confirming code) and the recovery codes,
 * shown once. Used by settings → Security and by the sign-in's enrolment step (/login/2fa). Plain forms: they
 * work without JavaScript.
 */
import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";

export function EnrolmentPanel({
  enrolment,
  intent,
  error,
  busy,
}: {
  enrolment: { secret: string; qrDataUrl: string };
  intent: string;
  error?: string;
  busy?: boolean;
}) {
  // Groups of four characters are easier to type into an app by hand.
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;
  return (
    <div className="space-y-3" data-testid="two-factor-enrolment">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open an authenticator app (1Password, Google Authenticator, Authy, Microsoft Authenticator...).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app shows to turn two-factor sign-in on.</li>
      </ol>
      <img
        src={enrolment.qrDataUrl}
        alt="QR code for your authenticator app; the same key is written below"
        width={192}
        height={192}
        className="rounded-md border border-slate-200 bg-white p-2"
      />
      <p className="text-sm">
        Key:{" "}
        <code className="break-all font-mono" data-testid="two-factor-secret" data-secret={enrolment.secret}>
          {grouped}
        </code>
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <div className="min-w-0 flex-1">
          <FormField
            id="enrol-code"
            name="code"
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={10}
            error={error}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          Turn on two-factor sign-in
        </button>
      </Form>
    </div>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-md border border-warn bg-warn-light p-3 text-sm" data-testid="recovery-codes">
      <p className="font-semibold">Save your recovery codes now: they are shown only this once.</p>
      <p className="mt-1">
        Each code signs you in once if you lose your device. Keep them in a password manager or on paper.
      </p>
      <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
