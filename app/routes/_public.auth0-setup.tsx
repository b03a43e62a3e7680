import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Info } from "lucide-react";
import { Bullets, MarketingPage, Note, Section } from "~/components/marketing/page";
import { FormField } from "~/components/form-field";
import { readForm } from "~/lib/http.server";
import { hasFeature, lowestPlanWith, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { rateLimit } from "~/lib/rate-limit.server";
import { getTenantContext, requireUser } from "~/modules/tenants";
import { appOrigin, CALLBACK_PATH, testDiscovery, type DiscoveryReport } from "~/modules/sso";
import { DomainError } from "~/lib/errors";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Connect an identity provider",
      description:
        "How to connect Okta, Microsoft Entra ID, Google Workspace, Keycloak or Auth0 to Rampart with OpenID Connect, and test the connection before saving it.",
      path: "/auth0-setup",
      noindex: true,
    },
    matches,
  );

// Each test is one outbound discovery request (through the SSRF guard): a few a minute per person.
const TEST_LIMIT = { limit: 10, windowMs: 60 * 1000 };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const ctx = await getTenantContext(request);
  const origin = appOrigin(request.url);
  return {
    redirectUri: origin ? origin + CALLBACK_PATH : null,
    origin,
    tenantName: ctx?.tenant?.displayName ?? null,
    hasSso: ctx?.tenant ? hasFeature(ctx.effectivePlan, "ssoSupport") : false,
  };
}

type TestResult = { issuer: string; report?: DiscoveryReport; error?: string };

/** "Test connection": runs OpenID Connect discovery for the entered issuer and reports what it found. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireUser(request);
  const form = await readForm(request);
  const issuer = String(form.get("issuer") ?? "").trim();
  const limited = rateLimit(`sso-test:${user.id}`, TEST_LIMIT.limit, TEST_LIMIT.windowMs);
  if (!limited.allowed)
    return data<TestResult>(
      { issuer, error: "Too many tests in a minute: wait a moment and try again." },
      { status: 429 },
    );
  try {
    return data<TestResult>({ issuer, report: await testDiscovery(issuer) });
  } catch (error) {
    if (error instanceof DomainError) return data<TestResult>({ issuer, error: error.message }, { status: 400 });
    throw error;
  }
}

function Report({ report }: { report: DiscoveryReport }) {
  const rows: [string, string][] = [
    ["Issuer", report.issuer],
    ["Authorization endpoint", report.authorizationEndpoint ?? "not announced"],
    ["Token endpoint", report.tokenEndpoint ?? "not announced"],
    ["UserInfo endpoint", report.userinfoEndpoint ?? "not announced"],
    ["Signing keys (JWKS)", report.jwksUri ?? "not announced"],
    ["Scopes", report.scopes.join(", ") || "not announced"],
    ["Claims", report.claims.join(", ") || "not announced"],
    [
      "PKCE methods",
      report.pkceMethods.length
        ? `${report.pkceMethods.join(", ")}${report.supportsS256 ? "" : " (S256 missing: Rampart sends S256)"}`
        : "not announced (Rampart sends S256; most providers accept it anyway)",
    ],
  ];
  return (
    <div role="status" className="mt-4 rounded-md bg-ok-light p-3 text-sm" data-testid="discovery-report">
      <p className="font-semibold text-ok">The provider answered discovery.</p>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export default function Auth0Setup() {
  const { redirectUri, tenantName, hasSso } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as TestResult | undefined;
  const ssoPlan = PLAN_DISPLAY_NAME[lowestPlanWith("ssoSupport")];
  return (
    <MarketingPage
      eyebrow="Identity provider"
      title="Connect an identity provider"
      lead="Single sign-on lets your team sign in to Rampart with the accounts your organization already manages (Okta, Microsoft Entra ID, Google Workspace, Keycloak, Auth0 or any OpenID Connect provider), so that joining, leaving and multi-factor rules are enforced in one place."
    >
      <Note label="Your plan">
        <p className="flex gap-2">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
          <span>
            Single sign-on is part of the {ssoPlan} plan and above
            {tenantName
              ? hasSso
                ? `, which ${tenantName}'s plan includes: connect it under Settings → Single sign-on.`
                : `, which ${tenantName}'s current plan does not include.`
              : "."}
          </span>
        </p>
      </Note>

      <Section title="1. Register Rampart with your provider">
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            Create a <strong>web application</strong> (confidential client, authorization code flow) in your provider.
          </li>
          <li>
            Set its redirect (callback) URI to{" "}
            {redirectUri ? (
              <code data-testid="guide-redirect-uri">{redirectUri}</code>
            ) : (
              <em>your Rampart address followed by /login/sso/callback</em>
            )}
            .
          </li>
          <li>
            Allow the scopes <code>openid</code>, <code>email</code> and <code>profile</code>; to map groups to roles,
            add a <code>groups</code> claim to the ID token.
          </li>
          <li>Note the issuer URL, the client ID and the client secret. Keep the secret in your secrets store.</li>
        </ol>
      </Section>

      <Section title="2. Issuer URLs by provider">
        <Bullets
          items={[
            <>
              <strong>Okta</strong>: <code>https://your-org.okta.com</code> (org server) or{" "}
              <code>https://your-org.okta.com/oauth2/default</code> (custom authorization server; needed for a groups
              claim).
            </>,
            <>
              <strong>Microsoft Entra ID</strong>: <code>https://login.microsoftonline.com/&lt;tenant-id&gt;/v2.0</code>
              .
            </>,
            <>
              <strong>Google Workspace</strong>: <code>https://accounts.google.com</code> (no groups claim: use the
              default role).
            </>,
            <>
              <strong>Keycloak</strong>: <code>https://keycloak.example.com/realms/&lt;realm&gt;</code>.
            </>,
            <>
              <strong>Auth0</strong>: <code>https://your-tenant.eu.auth0.com/</code> (with the trailing slash).
            </>,
          ]}
        />
      </Section>

      <Section title="3. Test the connection">
        <p>Rampart fetches the provider&apos;s discovery document and reports what it announces. Nothing is saved.</p>
        <Form method="post" className="mt-3 space-y-3" data-testid="test-connection">
          <FormField
            id="issuer"
            name="issuer"
            label="Issuer URL"
            placeholder="https://login.example.com"
            defaultValue={result?.issuer}
            error={result?.error}
            required
          />
          <button type="submit" className="btn-primary">
            Test connection
          </button>
        </Form>
        {result?.report ? <Report report={result.report} /> : null}
      </Section>

      <Section title="4. Connect it to your organization">
        <p>
          Owners and admins enter the issuer, client ID and secret, and the organization&apos;s verified e-mail domains
          under <Link to="/settings/sso">Settings → Single sign-on</Link>. People then choose{" "}
          <strong>Continue with single sign-on</strong> on the sign-in page with their work e-mail. An owner can then
          require single sign-on; that owner keeps password sign-in as the break-glass account.
        </p>
      </Section>
    </MarketingPage>
  );
}
