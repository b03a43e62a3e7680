/**
 * /verify-domain/<token>: the confirmation link mailed to security@, postmaster@ or hostmaster@ a watched domain
 * (issue 32). The recipient needs no account. Opening the link only shows what would be confirmed (mail scanners
 * open links); the button confirms, once.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PublicChrome } from "~/components/public-chrome";
import { RouteErrorBoundary } from "~/components/error-screens";
import { clientIp } from "~/lib/request.server";
import { confirmDomainByMail, pendingMailConfirmation } from "~/modules/breach";
import { getTenant } from "~/modules/tenants";

export const meta: MetaFunction = () => [
  { title: "Confirm a domain · Rampart" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

const INVALID =
  "This confirmation link does not work: it was used already, has expired, or was replaced by a newer one.";

export async function loader({ params }: LoaderFunctionArgs) {
  const pending = pendingMailConfirmation(params.token ?? "");
  if (!pending) return { valid: false as const };
  const organization = getTenant(pending.tenantId)?.name ?? "An organization";
  return { valid: true as const, domain: pending.domain, organization };
}

export async function action({ params, context }: ActionFunctionArgs) {
  const done = confirmDomainByMail(params.token ?? "", { ip: clientIp(context) });
  if (!done) return data({ confirmed: null, error: INVALID }, { status: 400 });
  return { confirmed: done.domain, error: null };
}

export default function VerifyDomain() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  return (
    <PublicChrome>
      <main id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-2xl font-bold">Confirm a domain</h1>
        {result?.confirmed ? (
          <p role="status" className="card mt-6 text-sm" data-testid="domain-confirmed">
            Thank you: {result.confirmed} is confirmed. The organization now sees the breaches of its addresses.
          </p>
        ) : !loaded.valid || result?.error ? (
          <p role="alert" className="card mt-6 text-sm text-danger" data-testid="form-error">
            {result?.error ?? INVALID}
          </p>
        ) : (
          <Form method="post" className="card mt-6 space-y-4">
            <p className="text-sm">
              <strong>{loaded.organization}</strong> asks to see the data breaches of addresses at{" "}
              <strong>{loaded.domain}</strong>. Confirm only if you run this domain and agree.
            </p>
            <button type="submit" className="btn-primary w-full" disabled={pending}>
              {pending ? "Confirming..." : `Confirm ${loaded.domain}`}
            </button>
          </Form>
        )}
      </main>
    </PublicChrome>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
