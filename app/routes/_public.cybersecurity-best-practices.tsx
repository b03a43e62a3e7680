import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { whenBuilt } from "~/modules/marketing/module-status";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Cybersecurity best practices",
      description:
        "Concrete, current security practices for people and small organizations: passwords per NIST SP 800-63B, phishing-resistant MFA, updates, backups and least privilege.",
      path: "/cybersecurity-best-practices",
    },
    matches,
  );

export default function BestPractices() {
  return (
    <MarketingPage
      eyebrow="Guide"
      title="Cybersecurity best practices"
      lead="The handful of habits that stop most attacks on people and small organizations, in the order we would do them. Each one is concrete enough to finish this week."
    >
      <Section title="1. Passwords: long, unique, and checked against breaches">
        <p>
          The current NIST guideline for passwords, SP 800-63B, replaced the old complexity rules with simpler, stronger
          ones:
        </p>
        <Bullets
          items={[
            <>
              At least 15 characters for a password used on its own, at least 8 when it is combined with a second
              factor. Passphrases of several random words work well.
            </>,
            <>
              No composition rules (a capital, a digit, a symbol): they make passwords harder to remember, not harder to
              guess.
            </>,
            <>
              No scheduled changes. Change a password when there is evidence it was compromised, for example when it
              appears in a breach.
            </>,
            <>
              Refuse passwords that are common or already known from breaches. You can check one without sending it
              anywhere on our <Link to="/breach-check">breach check</Link>.
            </>,
            <>
              Use a password manager so every account gets its own password; reuse is what turns one breach into many.
            </>,
          ]}
        />
        <p>
          More in <Link to="/blog/nist-800-63b-password-rules">What NIST SP 800-63B actually asks of passwords</Link>.
        </p>
      </Section>

      <Section title="2. Multi-factor authentication, phishing-resistant where you can">
        <Bullets
          items={[
            <>
              Turn on multi-factor authentication first for e-mail, then for banking, cloud storage, your domain
              registrar and admin consoles. E-mail comes first because it resets every other password.
            </>,
            <>
              Prefer passkeys or hardware security keys (FIDO2/WebAuthn): they are bound to the real site, so a
              lookalike phishing page cannot use them.
            </>,
            <>
              An authenticator app is the next best choice. SMS codes are better than nothing but can be intercepted
              through SIM swapping.
            </>,
            <>
              Be wary of sign-in prompts you did not start. Repeated push prompts are an attack ("MFA fatigue"): deny
              them and change your password.
            </>,
          ]}
        />
      </Section>

      <Section title="3. Updates">
        <Bullets
          items={[
            <>
              Turn on automatic updates for operating systems, browsers and phones. Most exploited vulnerabilities have
              had a fix available for months.
            </>,
            <>
              Patch anything reachable from the internet (VPNs, firewalls, mail servers, websites and their plug-ins)
              first; attackers scan for them within days of a disclosure.
            </>,
            <>Replace devices and software that no longer receive security updates.</>,
            <>
              Keep a list of the software your projects depend on and check it for known vulnerabilities, for example
              with your package manager's audit command (<code>npm audit</code>, <code>pip-audit</code>) or the OSV
              database.{" "}
              {whenBuilt(
                "/vulnerability",
                "Rampart's vulnerability scan does this for dependency files.",
                "Rampart's vulnerability scan, which will do this for dependency files, is in development.",
              )}
            </>,
          ]}
        />
      </Section>

      <Section title="4. Backups you have tested">
        <Bullets
          items={[
            <>
              Follow the 3-2-1 rule: three copies of important data, on two different kinds of storage, one of them
              off-site.
            </>,
            <>
              Keep at least one copy offline or immutable, so ransomware that reaches your network cannot encrypt or
              delete it.
            </>,
            <>
              Restore from a backup at least once a quarter. A backup you have never restored is a hope, not a backup.
            </>,
          ]}
        />
      </Section>

      <Section title="5. Least privilege">
        <Bullets
          items={[
            <>Use a normal account for daily work and a separate administrator account only when needed.</>,
            <>
              Give each person the access their role needs, review it when roles change, and remove it the day someone
              leaves.
            </>,
            <>
              Do not share accounts. Shared logins make it impossible to know who did what and to revoke one person's
              access.
            </>,
          ]}
        />
      </Section>

      <Section title="6. E-mail and phishing">
        <Bullets
          items={[
            <>
              Publish SPF, DKIM and DMARC for your domains and move DMARC towards <code>p=reject</code>, so others
              cannot send mail as you.
            </>,
            <>
              Agree a rule that payment details are never changed on the strength of an e-mail alone: confirm by phone
              using a number you already had.
            </>,
            <>
              Make it easy to report a suspicious message and thank people who do. See the{" "}
              <Link to="/phishing-defense">phishing defence guide</Link>.
            </>,
          ]}
        />
      </Section>

      <Section title="7. Devices">
        <Bullets
          items={[
            <>
              Encrypt laptop and phone storage (BitLocker, FileVault, or the default encryption of modern phones) and
              require a screen lock.
            </>,
            <>Keep the built-in firewall and anti-malware protection switched on.</>,
            <>Know how to lock and wipe a lost device remotely before you need to.</>,
          ]}
        />
      </Section>

      <Section title="8. Know what you will do when something happens">
        <Bullets
          items={[
            <>
              Write down who to call, how to disconnect an affected machine, and where the backups and account recovery
              codes are kept.
            </>,
            <>
              Know your notification deadlines in advance: for example 72 hours to the supervisory authority under the
              GDPR. See <Link to="/privacy-compliance">privacy compliance</Link>.
            </>,
            <>Afterwards, write down what happened and what you changed, while it is fresh.</>,
          ]}
        />
      </Section>
    </MarketingPage>
  );
}
