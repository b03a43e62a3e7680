import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Phishing defence",
      description:
        "How to recognise a phishing e-mail, what to do when you have clicked, and the controls that protect a whole organization: DMARC, phishing-resistant MFA and payment verification.",
      path: "/phishing-defense",
    },
    matches,
  );

export default function PhishingDefense() {
  return (
    <MarketingPage
      eyebrow="Guide"
      title="Phishing defence"
      lead="Phishing is still the most common way attackers get in: a message that persuades someone to hand over a password, open a file or send money. Here is how to recognise it, and how to make it fail even when someone is fooled."
    >
      <Section title="The signs of a phishing message">
        <Bullets
          items={[
            <>
              <strong>Urgency or fear</strong>: "your account will be closed in 24 hours", "unpaid invoice", "unusual
              sign-in detected". Pressure is there to stop you thinking.
            </>,
            <>
              <strong>A request for credentials, codes or payment</strong>: real services do not ask you to confirm your
              password or read out a one-time code by e-mail, chat or phone.
            </>,
            <>
              <strong>A sender that does not add up</strong>: the display name says your bank or your CEO but the
              address is elsewhere, the domain is a lookalike (<code>rnicrosoft.com</code>, <code>paypa1.com</code>,
              extra words like <code>-secure-login</code>), or replies go to a different address than the sender.
            </>,
            <>
              <strong>Links that go somewhere else</strong>: the text shows one address, the real target (hover or
              long-press to see it) another; link shorteners or raw IP addresses hide the destination.
            </>,
            <>
              <strong>Unexpected attachments</strong>: HTML files, archives with passwords, Office documents asking you
              to "enable content", or names like <code>invoice.pdf.exe</code>.
            </>,
            <>
              <strong>A change of routine</strong>: new bank details for a known supplier, a gift-card request from a
              manager, a document shared by someone who never shares documents.
            </>,
          ]}
        />
        <p>
          Spelling mistakes are no longer a reliable sign: many phishing messages are now well written. Judge the
          request, not the grammar.
        </p>
      </Section>

      <Section title="What to do with a suspicious message">
        <Bullets
          items={[
            <>
              Do not click, reply or open attachments. Report it the way your organization asks (a report button, or
              forwarding to your security contact).
            </>,
            <>
              Check the claim through a channel you already trust: type the site's address yourself, or call a number
              from a previous invoice or the back of your card.
            </>,
            <>
              If you want the technical view, paste its source into Rampart's{" "}
              <Link to="/phishing">phishing analyzer</Link>: it re-checks SPF, DKIM and DMARC and lists every signal it
              finds.
            </>,
          ]}
        />
      </Section>

      <Section title="If you already clicked or entered a password">
        <Bullets
          items={[
            <>
              Change the password at once from the real site, and anywhere else you used it. Sign out other sessions if
              the service offers it.
            </>,
            <>
              Turn on multi-factor authentication, and check the account's recovery e-mail, phone number and
              mail-forwarding rules for changes.
            </>,
            <>If you opened a file, disconnect the device from the network and tell your IT or security contact.</>,
            <>If you sent money, call your bank immediately: transfers can sometimes be recalled within hours.</>,
            <>Tell someone. Reporting quickly matters more than embarrassment; attackers count on silence.</>,
          ]}
        />
      </Section>

      <Section title="Controls that protect the whole organization">
        <Bullets
          items={[
            <>
              <strong>Phishing-resistant MFA</strong> (passkeys, FIDO2 security keys): a stolen password alone is no
              longer enough, and a lookalike site cannot relay the second factor.
            </>,
            <>
              <strong>SPF, DKIM and DMARC</strong> on your own domains, with DMARC at <code>p=quarantine</code> or{" "}
              <code>p=reject</code>, so nobody can send mail that passes as you. Read our{" "}
              <Link to="/blog/spf-dkim-dmarc-explained">explanation of the three checks</Link>.
            </>,
            <>
              <strong>A payment verification rule</strong>: no change of bank details and no urgent transfer without
              confirmation by phone on a known number, whoever seems to ask.
            </>,
            <>
              <strong>External sender warnings</strong> in your mail system, and blocking of risky attachment types
              (executables, scripts, macro-enabled documents from outside).
            </>,
            <>
              <strong>Short, regular training</strong> that shows real examples and makes reporting easy, rather than
              punishing people who click in tests.
            </>,
          ]}
        />
      </Section>
    </MarketingPage>
  );
}
