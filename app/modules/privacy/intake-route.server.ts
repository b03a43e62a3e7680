/**
 * Loader and action of the public request form, /privacy-request/<slug>.
 * A slug with no form (unknown, or the form turned off) is a 404 page.
 */
import { data } from "@remix-run/node";
import { STATUS_MESSAGE } from "~/lib/errors";
import { clientIp } from "~/lib/request.server";
import { JURISDICTION_LIST } from "./deadlines";
import { intakeFor, submitIntake, type IntakeValues } from "./intake.server";

function formOrNotFound(slug: string) {
  const form = intakeFor(slug);
  if (!form) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return form;
}

export async function intakeLoader(slug: string) {
  const form = formOrNotFound(slug);
  return {
    organization: form.name,
    defaultJurisdiction: form.jurisdiction,
    jurisdictions: JURISDICTION_LIST.filter((j) => j.id !== "custom").map((j) => ({
      id: j.id,
      label: `${j.region} (${j.label})`,
    })),
  };
}

export type IntakeActionData =
  | { received: true; reference: string | null; requestedAt: string | null }
  | { received: false; fieldErrors: Record<string, string>; values: IntakeValues; formError: string | null };

export async function intakeAction(request: Request, slug: string, context: unknown) {
  const form = formOrNotFound(slug);
  const body = await request.formData().catch(() => new FormData());
  const result = submitIntake(form, body, clientIp(context));
  switch (result.status) {
    case "received":
      return data<IntakeActionData>({ received: true, reference: result.reference, requestedAt: result.requestedAt });
    case "invalid":
      return data<IntakeActionData>(
        { received: false, fieldErrors: result.fieldErrors, values: result.values, formError: null },
        { status: 400 },
      );
    case "rate-limited":
      return data<IntakeActionData>(
        {
          received: false,
          fieldErrors: {},
          values: result.values,
          formError: `${STATUS_MESSAGE[429]}. Please try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
  }
}
