import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Dark web threat intelligence",
      description:
        "What happens to stolen credentials, what breach data can and cannot tell you, how Rampart's dark web monitoring matches it without storing addresses, and what to do when you are exposed.",
      path: "/dark-web-threat-intelligence",
    },
    matches,
  );

export default function DarkWeb() {
  return (
    <MarketingPage
      eyebrow="Guide"
      title="Dark web threat intelligence, plainly"
      lead="When a service is breached, its users' e-mail addresses and passwords are copied, traded and eventually published. Knowing that your addresses appear in such data, and acting on it quickly, prevents the attacks that follow."
    >
      <Section title="What happens to stolen credentials">
        <Bullets
          items={[
            <>
              <strong>Breaches</strong>: an attacker copies a service's user database. Passwords may be stored as
              hashes, but weak hashes and common passwords are cracked quickly.
            </>,
            <>
              <strong>Combolists</strong>: e-mail and password pairs from many breaches are merged into lists and traded
              or shared on forums and messaging channels.
            </>,
            <>
              <strong>Infostealer logs</strong>: malware on a personal or work computer collects saved browser passwords
              and session cookies and sends them to the attacker, who sells them in bulk.
            </>,
            <>
              <strong>Credential stuffing</strong>: the pairs are replayed automatically against many other services.
              Every reused password turns one breach into many.
            </>,
          ]}
        />
      </Section>

      <Section title="What breach data can and cannot tell you">
        <Bullets
          items={[
            <>
              It can tell you that an address appeared in a specific breach, when the breach happened, and which kinds
              of data leaked (passwords, phone numbers, addresses...).
            </>,
            <>
              It cannot tell you that nobody has your data: absence from known breaches only means absence from the
              breaches that have been collected.
            </>,
            <>
              A breach being listed does not mean your account at that service was used by an attacker, but it does mean
              the password you used there must be treated as public.
            </>,
          ]}
        />
      </Section>

      <Section title="How Rampart's dark web monitoring works">
        <p>
          Rampart does not crawl criminal forums. It matches your organization's watchlist against breach data that the
          operator of your Rampart service imports, in the same breach model as Have I Been Pwned: each breach with its
          name, date, domain, count, data classes and flags (verified, fabricated, sensitive, retired, spam list).
        </p>
        <Bullets
          items={[
            <>You watch e-mail addresses and, once the operator has verified that you control them, whole domains.</>,
            <>
              Each watched identity shows whether it is breached or clean, in how many breaches, and the evidence: which
              breach, when, and what leaked.
            </>,
            <>
              When a new breach is imported, only identities that are newly exposed raise an alert, so you are not told
              the same thing twice.
            </>,
            <>
              Sensitive breaches are only shown for verified domains, so nobody can learn that someone else's address is
              in one.
            </>,
            <>
              Exposed addresses are stored only as a keyed hash (HMAC) beside their domain, never as the address itself.
              See the <Link to="/trust">trust page</Link>.
            </>,
          ]}
        />
        <p>
          Anyone can try the public <Link to="/breach-check">breach check</Link> for one address without an account; it
          shows the non-sensitive breaches the address appears in.
        </p>
      </Section>

      <Section title="What to do when an address is exposed">
        <Bullets
          items={[
            <>
              Change the password of the breached service and of every other service where the same password was used,
              starting with e-mail.
            </>,
            <>Turn on multi-factor authentication for those accounts, preferably passkeys or an authenticator app.</>,
            <>
              If phone numbers or postal addresses leaked, expect targeted phishing and phone scams that quote them to
              sound credible.
            </>,
            <>
              If the exposure came from an infostealer, clean or rebuild the infected computer before changing passwords
              on it, and sign out every session.
            </>,
            <>
              For work accounts, tell your security contact: an exposed staff password is a way into the organization.
            </>,
            <>
              Mark the exposure as resolved in Rampart once done, so the open list shows only what still needs action.
            </>,
          ]}
        />
      </Section>
    </MarketingPage>
  );
}
