import { data, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { CheckCircle2, Mail, ShieldAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { MarketingPage } from "~/components/marketing/page";
import { STATUS_MESSAGE } from "~/lib/errors";
import { hydratedDocument } from "~/lib/hydration";
import { useHydrated } from "~/lib/use-hydrated";
import { clientIp } from "~/lib/request.server";
import { HONEYPOT_FIELD, type ContactField } from "~/modules/contact/contact";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

// Hydrated, unlike the rest of the public site: pending state and field focus on errors (app/lib/hydration.ts).
export const handle = hydratedDocument;

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Contact",
      description:
        "Write to the Rampart team about the product, your plan or the privacy of your data. Security reports go to our security contact.",
      path: "/contact",
    },
    matches,
  );

// A document POST (no JavaScript) carries the action's Retry-After on the page answer too.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const result = submitContactMessage(form, clientIp(context));
  switch (result.status) {
    case "sent":
      return { sent: true as const };
    case "invalid":
      return data(
        { sent: false as const, fieldErrors: result.fieldErrors, values: result.values, formError: null },
        { status: 400 },
      );
    case "rate-limited":
      return data(
        {
          sent: false as const,
          fieldErrors: {},
          values: result.values,
          formError: `${STATUS_MESSAGE[429]}. You can send up to 5 messages an hour; please try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
  }
}

const FIELDS: {
  name: ContactField;
  label: string;
  type: "text" | "email" | "textarea";
  autoComplete: string;
  hint?: string;
}[] = [
  { name: "name", label: "Your name", type: "text", autoComplete: "name" },
  {
    name: "email",
    label: "E-mail address",
    type: "email",
    autoComplete: "email",
    hint: "We only use it to answer you.",
  },
  {
    name: "message",
    label: "Message",
    type: "textarea",
    autoComplete: "off",
    hint: "At least 10 characters. Please do not include passwords or other secrets.",
  },
];

export default function Contact() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact");
  const root = useRouteLoaderData<{ securityContact?: string }>("root");
  const securityContact = root?.securityContact ?? "security@rampart.example.com";
  const errors: Partial<Record<ContactField, string>> = actionData && !actionData.sent ? actionData.fieldErrors : {};
  const values = actionData && !actionData.sent ? actionData.values : undefined;
  const formError = actionData && !actionData.sent ? actionData.formError : null;
  const sent = actionData?.sent === true;
  const formRef = useRef<HTMLFormElement>(null);
  // Marks the form once React has hydrated it (the end-to-end tests wait for it before testing the JavaScript path).
  const hydrated = useHydrated();
  const statusRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) {
      formRef.current?.reset();
      statusRef.current?.focus();
    }
  }, [sent, actionData]);

  return (
    <MarketingPage
      eyebrow="Contact"
      title="Contact the Rampart team"
      lead="Questions about the product, your plan, or how we handle your data: write to us and a person will answer by e-mail."
    >
      <div className="grid gap-10 md:grid-cols-[1fr_16rem]">
        <div>
          {sent ? (
            <div
              ref={statusRef}
              tabIndex={-1}
              role="status"
              className="mb-6 flex gap-3 rounded-card border border-ok/40 bg-ok-light p-4 text-ok"
            >
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
              <p>Thank you. Your message has been sent; we will answer by e-mail.</p>
            </div>
          ) : null}
          {formError ? (
            <div
              role="alert"
              className="mb-6 flex gap-3 rounded-card border border-danger/40 bg-danger-light p-4 text-danger"
            >
              <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
              <p>{formError}</p>
            </div>
          ) : null}
          <Form
            ref={formRef}
            method="post"
            noValidate
            className="space-y-5"
            aria-label="Contact form"
            data-hydrated={hydrated ? "true" : undefined}
          >
            {FIELDS.map((f) => {
              const error = errors[f.name];
              const describedBy =
                [error ? `${f.name}-error` : null, f.hint ? `${f.name}-hint` : null].filter(Boolean).join(" ") ||
                undefined;
              const common = {
                id: f.name,
                name: f.name,
                required: true,
                autoComplete: f.autoComplete,
                defaultValue: values?.[f.name] ?? "",
                "aria-invalid": error ? true : undefined,
                "aria-describedby": describedBy,
                className: "input",
              };
              return (
                <div key={f.name}>
                  <label htmlFor={f.name} className="label">
                    {f.label}
                  </label>
                  {f.type === "textarea" ? (
                    <textarea {...common} rows={7} maxLength={5000} />
                  ) : (
                    <input {...common} type={f.type} maxLength={f.type === "email" ? 254 : 100} />
                  )}
                  {f.hint ? (
                    <p id={`${f.name}-hint`} className="mt-1 text-sm text-ink-muted">
                      {f.hint}
                    </p>
                  ) : null}
                  {error ? (
                    <p id={`${f.name}-error`} className="field-error">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
            {/* Honeypot: people never see or reach it; a bot that fills it is answered as if sent, and nothing is kept. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
              <input
                id={HONEYPOT_FIELD}
                name={HONEYPOT_FIELD}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
            <button type="submit" className="btn-primary" disabled={pending}>
              <Mail className="h-4 w-4" aria-hidden="true" />
              {pending ? "Sending..." : "Send message"}
            </button>
          </Form>
        </div>
        <aside aria-labelledby="other-ways" className="text-sm leading-6 text-ink-muted">
          <h2 id="other-ways" className="mb-2 text-base font-semibold text-ink">
            Reporting a vulnerability?
          </h2>
          <p>
            Please write to <a href={`mailto:${securityContact}`}>{securityContact}</a> instead of using this form, so
            your report reaches the people who can act on it.
          </p>
          <h2 className="mb-2 mt-6 text-base font-semibold text-ink">What happens to your message</h2>
          <p>
            We store your name, e-mail address, message and the network address it came from, to answer you and to stop
            abuse of the form. See the <a href="/privacy-policy">privacy policy</a>.
          </p>
        </aside>
      </div>
    </MarketingPage>
  );
}
