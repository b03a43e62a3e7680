import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckCircle2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { MarketingPage, Note } from "~/components/marketing/page";
import { PLAN_DISPLAY_NAME } from "~/lib/plans";
import { hasSessionCookie, sessionCookieName, sessionOverHttps } from "~/modules/accounts/session.server";
import { getTenantContext } from "~/modules/tenants";
import { seo } from "~/modules/marketing/seo";
import { privatePage } from "~/lib/public-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Authentication debug",
      description:
        "Your request's authentication state for troubleshooting sign-in: session, expiry, selected organization, effective plan and cookie flags.",
      path: "/auth-debug",
      noindex: true,
    },
    matches,
  );

// Per-request state: never cached, never indexed.
// Rendered from this request's own cookies and scheme: never a shared copy.
export const handle = privatePage;

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" });

/**
 * What a person needs to troubleshoot sign-in, and nothing an attacker could
 * use: no session id, no hash, no secret, no other user's data. The cookie
 * flags are the ones session.server.ts sets (HttpOnly, SameSite=Lax, Secure
 * over HTTPS), derived for this request.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const https = sessionOverHttps(request);
  const cookieSent = hasSessionCookie(request);
  const ctx = await getTenantContext(request);
  return {
    checkedAt: new Date().toISOString(),
    https,
    cookieSent,
    cookie: { name: sessionCookieName(https), httpOnly: true, sameSite: "Lax", secure: https, path: "/" },
    session: ctx
      ? {
          email: ctx.user.email,
          startedAt: new Date(ctx.session.createdAt).toISOString(),
          expiresAt: new Date(ctx.session.expiresAt).toISOString(),
          organizations: ctx.tenants.length,
          tenant: ctx.tenant ? { name: ctx.tenant.displayName, role: ctx.tenant.role } : null,
          plan: PLAN_DISPLAY_NAME[ctx.plan],
          effectivePlan: PLAN_DISPLAY_NAME[ctx.effectivePlan],
          trial: ctx.trial?.status ?? "none",
        }
      : null,
  };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 py-3 sm:grid-cols-[14rem_1fr]">
      <dt className="font-medium text-ink">{label}</dt>
      <dd className="text-ink-muted">{children}</dd>
    </div>
  );
}

function YesNo({ value, yes = "Yes", no = "No" }: { value: boolean; yes?: string; no?: string }) {
  return value ? (
    <span className="inline-flex items-center gap-1 text-ok">
      <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
      {yes}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-ink">
      <XCircle className="h-4 w-4 text-ink-muted" aria-hidden="true" />
      {no}
    </span>
  );
}

const when = (iso: string) => `${iso.replace("T", " ").slice(0, 19)} UTC`;

export default function AuthDebug() {
  const d = useLoaderData<typeof loader>();
  const s = d.session;
  return (
    <MarketingPage
      eyebrow="Troubleshooting"
      title="Authentication debug"
      lead="The authentication state of this request, as the server sees it. It never shows session ids, hashes or secrets, so it is safe to copy into a support request."
    >
      <section aria-labelledby="state-title" className="card">
        <h2 id="state-title" className="text-lg font-semibold">
          This request
        </h2>
        <dl className="mt-2 text-sm" data-testid="auth-state">
          <Row label="Signed in">
            <YesNo value={s !== null} yes="Signed in" no="Signed out" />
          </Row>
          <Row label="Session cookie sent">
            <YesNo value={d.cookieSent} />
          </Row>
          {s ? (
            <>
              <Row label="Account">{s.email}</Row>
              <Row label="Session started">{when(s.startedAt)}</Row>
              <Row label="Session expires">{when(s.expiresAt)}</Row>
              <Row label="Selected organization">
                {s.tenant ? `${s.tenant.name} (your role: ${s.tenant.role})` : "None yet"}
              </Row>
              <Row label="Organizations">{s.organizations}</Row>
              <Row label="Plan">{s.plan}</Row>
              <Row label="Effective plan">
                {s.effectivePlan}
                {s.trial === "active" ? " (raised by an active trial)" : ""}
              </Row>
              <Row label="Trial">{s.trial}</Row>
            </>
          ) : null}
          <Row label="Connection">{d.https ? "HTTPS" : "HTTP (not encrypted)"}</Row>
          <Row label="Checked at">{when(d.checkedAt)}</Row>
        </dl>
      </section>

      <section aria-labelledby="cookie-title" className="card mt-6">
        <h2 id="cookie-title" className="text-lg font-semibold">
          Session cookie flags
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          The attributes the server sets on <code>{d.cookie.name}</code> for a request like this one.
        </p>
        <dl className="mt-2 text-sm" data-testid="cookie-flags">
          <Row label="HttpOnly">
            <YesNo value={d.cookie.httpOnly} yes="Yes: scripts cannot read it" />
          </Row>
          <Row label="SameSite">{d.cookie.sameSite}: not sent with other sites' forms or scripts</Row>
          <Row label="Secure">
            <YesNo value={d.cookie.secure} yes="Yes: sent over HTTPS only" no="No: this request came over plain HTTP" />
          </Row>
          <Row label="Path">{d.cookie.path}</Row>
        </dl>
      </section>

      <section aria-labelledby="help-title" className="mt-8">
        <h2 id="help-title" className="text-lg font-semibold">
          Reading this page
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 leading-7">
          <li>
            <strong>Signed out, cookie sent</strong>: your browser has a session cookie, but it belongs to a session
            that has expired or been signed out, or it was signed with a secret the server no longer has.{" "}
            <Link to="/login?redirectTo=/auth-debug">Sign in again</Link>.
          </li>
          <li>
            <strong>Signed out, no cookie sent</strong>: your browser did not keep the cookie. Check that cookies are
            allowed for this site. If the site is served over HTTPS through a proxy, the operator must enable trusted
            forwarded headers (see the <Link to="/docs/operations">operations guide</Link>); otherwise the server cannot
            tell the connection is secure.
          </li>
          <li>
            <strong>Signed in, but a page says you need another plan</strong>: compare the effective plan above with the
            plan the page names, and check which organization is selected.
          </li>
        </ul>
        <Note label="Privacy">
          This page shows only your own session. It is not indexed by search engines and not cached.
        </Note>
      </section>
    </MarketingPage>
  );
}
