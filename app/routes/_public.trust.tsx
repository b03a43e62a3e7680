import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { trustFacts } from "~/modules/marketing/trust-facts.server";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Trust and security",
      description:
        "How Rampart stores passwords and sessions, keeps organizations apart, protects pages with security headers, handles breach data and retains data.",
      path: "/trust",
    },
    matches,
  );

/*
 * Keep this page true as the code changes. Each section names the file that
 * implements it; when you change one of those files, re-read its section here.
 */
export async function loader() {
  return trustFacts();
}

export default function Trust() {
  const { sessionDays, maxPerPair, maxPerEmail, maxPerIp, windowMinutes } = useLoaderData<typeof loader>();
  return (
    <MarketingPage
      eyebrow="Trust"
      title="How Rampart protects your data"
      lead="A security product has to be the hardest thing in the room to break. This page describes the practices Rampart's code actually follows, with the place in the code where each one lives, so you can check them."
    >
      <Section title="Passwords">
        <Bullets
          items={[
            <>
              Account passwords are hashed with <strong>scrypt</strong> (RFC 7914) using a cost of N = 2<sup>15</sup>, r
              = 8, p = 1, a 16-byte random salt per password and a 64-byte key, and compared in constant time. The
              parameters are stored with each hash so they can be raised later.{" "}
              <Src path="app/modules/accounts/password-hash.server.ts" />
            </>,
            <>
              A sign-in for an unknown e-mail address costs the same time as a real one, so response times do not reveal
              who has an account.
            </>,
            <>
              After {maxPerPair} failed sign-ins for one e-mail address from one network address, {maxPerEmail} for one
              e-mail address from anywhere, or {maxPerIp} from one network address, within {windowMinutes} minutes,
              further attempts are refused until the window ends: someone guessing from their own network locks out only
              themselves. Each attempt is counted before the password is checked, so parallel attempts cannot exceed the
              limit, and the counts are kept in the database so they survive restarts.{" "}
              <Src path="app/modules/accounts/accounts.server.ts" />
            </>,
            <>
              New passwords follow NIST SP 800-63B: at least 8 characters (15 recommended), no composition rules, and
              breached or very weak passwords refused.
            </>,
          ]}
        />
      </Section>

      <Section title="Sessions and cookies">
        <Bullets
          items={[
            <>
              Sessions live on the server. The cookie carries only a random 256-bit session id, signed with the server's
              secret; the database stores the <strong>SHA-256 of that id</strong>, never the id itself, so a copy of the
              database does not hand out live sessions. <Src path="app/modules/accounts/session.server.ts" />
            </>,
            <>
              The cookie is <code>HttpOnly</code> (scripts cannot read it), <code>SameSite=Lax</code> (other sites'
              forms and scripts cannot send it) and <code>Secure</code> whenever the site is served over HTTPS.
            </>,
            <>
              Every sign-in, password change and accepted invitation creates a new session id and ends the old one.
              Roles and plans are read from the database on every request, never kept in the session. Signing out
              deletes the session row, so the old cookie stops working at once.
            </>,
            <>
              Sessions expire after {sessionDays} days, extended while you keep using Rampart. In Settings you can sign
              out every other session.
            </>,
            <>
              State-changing requests from other sites are refused before the request is read, by checking the{" "}
              <code>Origin</code> and <code>Sec-Fetch-Site</code> headers. <Src path="server/guards.ts" />
            </>,
          ]}
        />
      </Section>

      <Section title="Keeping organizations apart">
        <Bullets
          items={[
            <>
              Every table holding an organization's data carries its organization id, and every query function in the
              code takes that id as a required argument: there is no way in the code to list another organization's rows
              by accident.
            </>,
            <>
              Every page and API request resolves the signed-in user, the selected organization and its plan on the
              server, and checks membership, role and plan feature before reading anything. An organization id you do
              not belong to is refused exactly like one that does not exist.{" "}
              <Src path="app/modules/tenants/tenant-context.server.ts" />
            </>,
            <>Plan limits are enforced on the server; hiding a menu item is only a convenience.</>,
          ]}
        />
      </Section>

      <Section title="Security headers">
        <Bullets
          items={[
            <>
              A <strong>Content Security Policy</strong> on every response allows scripts only from Rampart itself and
              inline scripts carrying a fresh random nonce per request; no <code>unsafe-inline</code> or{" "}
              <code>unsafe-eval</code> for scripts. Plugins are blocked, forms may only post to Rampart, and no other
              site may frame its pages. <Src path="server/security-headers.ts" />
            </>,
            <>
              <code>X-Content-Type-Options: nosniff</code>,{" "}
              <code>Referrer-Policy: strict-origin-when-cross-origin</code>, <code>X-Frame-Options: DENY</code>,
              cross-origin opener and resource policies, and a <code>Permissions-Policy</code> that turns off camera,
              microphone, geolocation, payment and USB.
            </>,
            <>
              <code>Strict-Transport-Security</code> (one year, including subdomains) whenever the site is served over
              HTTPS.
            </>,
            <>
              Fonts, scripts and styles are served by Rampart itself: no third-party CDN, analytics or tracking
              requests.
            </>,
            <>
              The public site, the demo and the teaser pages run none of the application's code in your browser: they
              are plain documents, and their only script logs page-load timings to your own browser's console, sending
              them nowhere. Pages that need scripts (sign-in, the contact form, the breach check and everything after
              sign-in) load them from Rampart. <Src path="app/lib/hydration.ts" />
            </>,
          ]}
        />
      </Section>

      <Section title="Breach data and password checks">
        <Bullets
          items={[
            <>
              E-mail addresses found in imported breach data are stored only as an <strong>HMAC-SHA-256</strong> of the
              normalised address, with a key of its own kept in the data directory (never the session secret), beside
              the address's domain so domain watchlists work. The address itself is never stored.{" "}
              <Src path="app/modules/breach/match.ts" />
            </>,
            <>
              The public breach check hashes the address you type the same way and looks the hash up; the address is
              neither stored nor logged.
            </>,
            <>
              Passwords are checked against breaches by <strong>k-anonymity</strong>: your browser sends only the first
              five characters of the password's SHA-1 hash, and the answer is padded with decoy entries. Without
              JavaScript the server does the same lookup and never stores, logs or returns the password.{" "}
              <Link to="/blog/k-anonymity-password-checks">How k-anonymity works</Link>.
            </>,
            <>
              Suspicious e-mails are analysed as text: their HTML is never rendered, and links are shown as text with
              their real targets.
            </>,
          ]}
        />
      </Section>

      <Section title="Data retention">
        <Bullets
          items={[
            <>Sessions: until you sign out or {sessionDays} days without use, whichever comes first.</>,
            <>
              Failed sign-in records: {windowMinutes} minutes, the length of the lock-out window; older records are
              deleted.
            </>,
            <>Passwords you check in the password analyzer or the breach check: not kept at all.</>,
            <>
              Analysed e-mails: the raw message is not kept. The text-only view, the sender, subject and the analysis
              are stored in your organization so you can review them.
            </>,
            <>
              Your organization's data (watchlists, findings, alerts, members) is deleted with the organization: every
              such table is tied to it with a cascading delete.
            </>,
            <>
              Request logs record the method, path (never the query string), status, duration and network address; never
              cookies, request bodies or authorization headers.
            </>,
            <>Messages sent through the contact form: kept so that the operator can answer them.</>,
          ]}
        />
        <p>
          Rampart runs as one server process with one SQLite database file, so your operator decides where the data
          lives and how backups are kept. See the <Link to="/docs/operations">operations guide</Link> and our{" "}
          <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </Section>

      <Section title="Reporting a vulnerability">
        <p>
          If you find a security problem in Rampart, please write to the security contact listed on the{" "}
          <Link to="/contact">contact page</Link>. Please do not test against other people's accounts or data, and give
          us reasonable time to fix the problem before publishing it. See also the{" "}
          <Link to="/acceptable-use">acceptable use policy</Link>.
        </p>
      </Section>
    </MarketingPage>
  );
}

function Src({ path }: { path: string }) {
  return (
    <span className="text-sm text-ink-muted [overflow-wrap:anywhere]">
      (<code>{path}</code>)
    </span>
  );
}
