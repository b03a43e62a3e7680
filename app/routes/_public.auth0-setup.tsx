import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Info } from "lucide-react";
import { Bullets, MarketingPage, Note, Section } from "~/components/marketing/page";
import { hasFeature, lowestPlanWith, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { getTenantContext, requireUser } from "~/modules/tenants";
import { siteOrigin } from "~/lib/public-origin.server";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Connect an identity provider",
      description:
        "How single sign-on with an identity provider such as Auth0 relates to Rampart, what works today, and how to prepare your provider.",
      path: "/auth0-setup",
      noindex: true,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const ctx = await getTenantContext(request);
  return {
    origin: siteOrigin(request),
    tenantName: ctx?.tenant?.displayName ?? null,
    hasSso: ctx?.tenant ? hasFeature(ctx.effectivePlan, "ssoSupport") : false,
  };
}

export default function Auth0Setup() {
  const { origin, tenantName, hasSso } = useLoaderData<typeof loader>();
  const ssoPlan = PLAN_DISPLAY_NAME[lowestPlanWith("ssoSupport")];
  return (
    <MarketingPage
      eyebrow="Identity provider"
      title="Connect an identity provider"
      lead="Single sign-on lets your team sign in to Rampart with the accounts your organization already manages, in Auth0 or another OpenID Connect provider, so that joining, leaving and multi-factor rules are enforced in one place."
    >
      <Note label="Current status">
        <p className="flex gap-2">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
          <span>
            This version of Rampart signs people in with an e-mail address and a password only; it does not yet accept
            sign-in through an identity provider. Single sign-on is part of the {ssoPlan} plan (the <em>SSO support</em>{" "}
            feature)
            {tenantName
              ? hasSso
                ? `, which ${tenantName}'s plan includes`
                : `, which ${tenantName}'s current plan does not include`
              : ""}
            . This page says what you can do today and how to prepare your provider.
          </span>
        </p>
      </Note>

      <Section title="What you can do today">
        <Bullets
          items={[
            <>
              Use a password manager and a unique password of 15 characters or more for your Rampart account; Rampart
              refuses breached and very weak passwords.
            </>,
            <>
              Invite colleagues from <Link to="/settings">Settings</Link> with the least role they need (member unless
              they administer the organization), and remove people when they leave: removal takes effect on their next
              request.
            </>,
            <>
              Use <Link to="/auth-debug">the authentication debug page</Link> to see the state of your own session when
              sign-in misbehaves.
            </>,
          ]}
        />
      </Section>

      <Section title="Preparing Auth0">
        <p>
          If you plan to connect Auth0 once single sign-on is available, you can set up the application in advance. In
          the Auth0 dashboard:
        </p>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            Under <strong>Applications</strong>, create an application of the type{" "}
            <strong>Regular Web Application</strong>: Rampart renders its pages on the server and can keep a client
            secret.
          </li>
          <li>
            Note the <strong>Domain</strong>, <strong>Client ID</strong> and <strong>Client Secret</strong> from the
            application's settings. Keep the secret in your secrets store, never in a ticket or chat.
          </li>
          <li>
            Add your Rampart address, <code>{origin}</code>, to <strong>Allowed Web Origins</strong> and{" "}
            <strong>Allowed Logout URLs</strong>. The callback address will be given in the operations guide when the
            connection ships.
          </li>
          <li>
            Under <strong>Security → Multi-factor Auth</strong>, require a second factor, preferably WebAuthn security
            keys or passkeys, or an authenticator app rather than SMS.
          </li>
          <li>
            Enable only the connections your staff should use (for example your corporate directory), and turn off
            public sign-up for the application.
          </li>
        </ol>
      </Section>

      <Section title="Other OpenID Connect providers">
        <p>
          Microsoft Entra ID, Okta, Google Workspace and Keycloak all offer OpenID Connect. The same preparation
          applies: a confidential web application, its issuer URL, client ID and client secret, your Rampart origin as
          an allowed origin, and multi-factor authentication required by policy.
        </p>
      </Section>

      <Section title="Questions">
        <p>
          If single sign-on is a requirement for you, <Link to="/contact">tell us</Link> which provider you use; it
          helps us decide what to support first.
        </p>
      </Section>
    </MarketingPage>
  );
}
