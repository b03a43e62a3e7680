/**
 * The public request form (/privacy-request/<slug>): a person asks an
 * organization about their personal data without an account, and is shown a
 * reference number. The honeypot field is hidden from people (off screen,
 * aria-hidden, out of the tab order).
 */
import { Form, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/use-action-result";
import { CheckCircle2, ShieldAlert } from "~/components/ui/icons";
import { FormField } from "~/components/form-field";
import { MarketingPage } from "~/components/marketing/page";
import { INTAKE_HONEYPOT_FIELD } from "../intake-fields";
import { REQUEST_TYPES, TYPE_LABEL } from "../types";
import { SelectField } from "~/components/select-field";

type LoaderData = { organization: string; defaultJurisdiction: string; jurisdictions: { id: string; label: string }[] };
type ActionData =
  | { received: true; reference: string | null; requestedAt: string | null }
  | { received: false; fieldErrors: Record<string, string>; values: Record<string, string>; formError: string | null };

const TYPE_HELP: Record<string, string> = {
  access: "Access: a copy of the personal data held about you",
  deletion: "Deletion: erase your personal data",
  correction: "Correction: fix inaccurate data",
  portability: "Portability: your data in a machine-readable format",
  objection: "Objection / opt-out: stop a use of your data, or its sale or sharing",
  restriction: "Restriction: limit how your data is used",
};

export function IntakePage() {
  const { organization, defaultJurisdiction, jurisdictions } = useLoaderData<LoaderData>();
  const action = useActionResult<ActionData>();
  const errors = action && !action.received ? action.fieldErrors : {};
  const values = action && !action.received ? action.values : undefined;
  return (
    <MarketingPage
      eyebrow="Privacy request"
      title={`Ask ${organization} about your personal data`}
      lead="Use this form to access, delete, correct or move the personal data this organization holds about you, or to object to or restrict its use. No account is needed."
    >
      {action?.received ? (
        <div
          role="status"
          className="flex gap-3 rounded-card border border-ok/40 bg-ok-light p-4 text-ok"
          data-testid="intake-received"
        >
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">Your request has been received.</p>
            {action.reference ? (
              <p className="mt-1">
                Your reference number is <strong data-testid="intake-reference">{action.reference}</strong>. Keep it:{" "}
                {organization} may ask you to confirm your identity before answering.
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          {action && !action.received && action.formError ? (
            <div
              role="alert"
              className="mb-6 flex gap-3 rounded-card border border-danger/40 bg-danger-light p-4 text-danger"
            >
              <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
              <p>{action.formError}</p>
            </div>
          ) : null}
          <Form method="post" noValidate className="space-y-5" aria-label="Privacy request form">
            <FormField
              id="subjectName"
              name="subjectName"
              label="Your name"
              autoComplete="name"
              maxLength={200}
              required
              defaultValue={values?.subjectName}
              error={errors.subjectName}
            />
            <FormField
              id="subjectEmail"
              name="subjectEmail"
              type="email"
              label="Your e-mail address"
              autoComplete="email"
              maxLength={254}
              required
              defaultValue={values?.subjectEmail}
              error={errors.subjectEmail}
              hint="The answer is sent here."
            />
            <SelectField
              id="type"
              label="What are you asking for?"
              options={REQUEST_TYPES.map((t) => [t, TYPE_HELP[t] ?? TYPE_LABEL[t]])}
              defaultValue={values?.type || "access"}
              error={errors.type}
            />
            <SelectField
              id="jurisdiction"
              label="Where do you live?"
              options={jurisdictions.map((j) => [j.id, j.label])}
              defaultValue={values?.jurisdiction || defaultJurisdiction}
              error={errors.jurisdiction}
              hint="It decides how quickly the law says you must get an answer."
            />
            <div>
              <label htmlFor="details" className="label">
                Details (optional)
              </label>
              <textarea
                id="details"
                name="details"
                rows={4}
                maxLength={3000}
                className="input"
                defaultValue={values?.details}
                aria-invalid={errors.details ? true : undefined}
                aria-describedby={errors.details ? "details-error" : undefined}
              />
              {errors.details ? (
                <p id="details-error" className="field-error">
                  {errors.details}
                </p>
              ) : null}
            </div>
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor={INTAKE_HONEYPOT_FIELD}>Leave this field empty</label>
              <input
                id={INTAKE_HONEYPOT_FIELD}
                name={INTAKE_HONEYPOT_FIELD}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
            <button type="submit" className="btn-primary">
              Send request
            </button>
          </Form>
        </>
      )}
    </MarketingPage>
  );
}
