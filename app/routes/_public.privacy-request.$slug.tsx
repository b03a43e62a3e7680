/**
 * /privacy-request/<tenant-slug>: the public form where anyone asks an organization about their personal data
 * (when its owners or admins turned the form on). A static document: the form is a plain post.
 */
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { IntakePage } from "~/modules/privacy/components/intake-page";
import { JURISDICTION_LIST } from "~/modules/privacy";
import { intakeFor, submitIntake, type IntakeValues } from "~/modules/privacy/intake.server";
import { STATUS_MESSAGE } from "~/lib/errors";
import { clientIp } from "~/lib/request.server";
import { privatePage } from "~/lib/public-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Privacy request to ${data.organization}` : "Privacy request" },
  { name: "robots", content: "noindex" },
];

// The organization can turn the form off or rename itself at any moment: never held by a CDN.
export const handle = privatePage;

export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** A slug with no form (unknown, or the form turned off) is a 404 page. */
function formOrNotFound(slug: string) {
  const form = intakeFor(slug);
  if (!form) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return form;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const form = formOrNotFound(params.slug ?? "");
  return {
    organization: form.name,
    defaultJurisdiction: form.jurisdiction,
    jurisdictions: JURISDICTION_LIST.filter((j) => j.id !== "custom").map((j) => ({
      id: j.id,
      label: `${j.region} (${j.label})`,
    })),
  };
}

type IntakeActionData =
  | { received: true; reference: string | null; requestedAt: string | null }
  | { received: false; fieldErrors: Record<string, string>; values: IntakeValues; formError: string | null };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = formOrNotFound(params.slug ?? "");
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

export default function Page() {
  return <IntakePage />;
}
