import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { isInDevelopment } from "~/modules/marketing/module-status";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Privacy policy",
      description:
        "What personal data Rampart collects, why, how long it is kept, which cookies it sets (two, both necessary), and your rights.",
      path: "/privacy-policy",
    },
    matches,
  );

export default function PrivacyPolicy() {
  const root = useRouteLoaderData<{ securityContact?: string }>("root");
  const contact = root?.securityContact ?? "security@rampart.example.com";
  return (
    <MarketingPage
      eyebrow="Legal"
      title="Privacy policy"
      lead="This policy explains what personal data this Rampart service collects, why, and what you can do about it. Last updated 22 November 2026."
    >
      <Section title="Who is responsible">
        <p>
          This Rampart service is run by its operator, who is the controller of the personal data described here. You
          can reach the operator through the <Link to="/contact">contact page</Link> or, for security and privacy
          matters, at <a href={`mailto:${contact}`}>{contact}</a>.
        </p>
      </Section>

      <Section title="What we collect and why">
        <Bullets
          items={[
            <>
              <strong>Your account</strong>: your e-mail address and a scrypt hash of your password (never the password
              itself), to let you sign in. Legal basis: performance of our contract with you.
            </>,
            <>
              <strong>Your sessions</strong>: when each session started, when it was last used and expires, and the
              network address and browser description it was created from, so that you can recognise and end your
              sessions. The session id itself is stored only as a hash.
            </>,
            <>
              <strong>Your organizations' data</strong>: what you and your colleagues put into Rampart: watched e-mail
              addresses and domains, analysed e-mails (as text; the raw message is not kept),{" "}
              {isInDevelopment("/privacy") ? "" : "privacy requests, "}breach exposures, alerts and members. It is used
              only to provide the modules to that organization.
            </>,
            <>
              <strong>Security records</strong>: an audit log of security-relevant actions (such as sign-ins, member
              changes and trials) with the network address, and failed sign-in attempts for 15 minutes, to protect
              accounts from guessing. Legal basis: our legitimate interest in keeping the service and your account
              secure.
            </>,
            <>
              <strong>Contact messages</strong>: the name, e-mail address and message you send through the contact form,
              and the network address it came from, to answer you and to stop abuse of the form.
            </>,
            <>
              <strong>Request logs</strong>: method, path (without the query string), status, duration and network
              address of each request, to operate and secure the service. No cookies, request bodies or passwords are
              logged.
            </>,
          ]}
        />
      </Section>

      <Section title="What we do not collect">
        <Bullets
          items={[
            <>
              Passwords you check in the password analyzer or the breach check: your browser sends only the first five
              characters of their SHA-1 hash, and the server never stores or logs them.
            </>,
            <>
              E-mail addresses you type into the public breach check: they are hashed to look them up and not stored or
              logged.
            </>,
            <>Addresses from imported breach data: stored only as a keyed hash beside their domain.</>,
            <>No advertising, analytics or tracking services, and no third-party scripts or fonts.</>,
          ]}
        />
      </Section>

      <Section title="Cookies">
        <p>Rampart sets two cookies, both strictly necessary, so no consent banner is needed:</p>
        <Bullets
          items={[
            <>
              <code>rampart_session</code> (<code>__Host-rampart_session</code> over HTTPS): keeps you signed in. HttpOnly, SameSite=Lax, Secure over HTTPS; it expires
              after 30 days and is deleted when you sign out.
            </>,
            <>
              <code>rampart_sidebar</code>: remembers whether you prefer the sidebar expanded, collapsed or hidden. It
              holds only that word and lasts a year.
            </>,
          ]}
        />
      </Section>

      <Section title="How long we keep it">
        <p>
          Account data is kept while your account exists. Sessions end when you sign out or after 30 days. Failed
          sign-in records are deleted after 15 minutes. An organization's data is deleted with the organization. The{" "}
          <Link to="/trust">trust page</Link> lists retention in detail.
        </p>
      </Section>

      <Section title="Who we share it with">
        <p>
          Nobody, except where the law requires it. Rampart makes no requests to third-party services on your behalf
          when you use it; the operator's hosting provider stores the data on the operator's behalf.
        </p>
      </Section>

      <Section title="Your rights">
        <p>
          Depending on where you live (for example under the GDPR or the CCPA), you can ask for a copy of your personal
          data, its correction or deletion, and object to or restrict its processing. Write to us through the{" "}
          <Link to="/contact">contact page</Link>. We answer within one month (45 days for California residents), and
          you may complain to your data protection authority.
        </p>
      </Section>

      <Section title="Changes">
        <p>
          We will update the date at the top of this page when this policy changes, and tell account holders by e-mail
          about significant changes.
        </p>
      </Section>
    </MarketingPage>
  );
}
