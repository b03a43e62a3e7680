import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { TRIAL_DAYS } from "~/lib/plans";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Terms of service",
      description:
        "The terms for using this Rampart service: accounts, organizations, plans and the free trial, your data, acceptable use and liability.",
      path: "/terms",
    },
    matches,
  );

export default function Terms() {
  return (
    <MarketingPage
      eyebrow="Legal"
      title="Terms of service"
      lead="These terms apply when you use this Rampart service, which is provided by its operator. Last updated 22 November 2026."
    >
      <Section title="1. Your account">
        <Bullets
          items={[
            <>
              You need an account to use the signed-in parts of Rampart. Give an e-mail address you control, and keep
              your password to yourself.
            </>,
            <>
              You are responsible for what happens under your account. Tell us at once through the{" "}
              <Link to="/contact">contact page</Link> if you think someone else has used it.
            </>,
            <>You may close your account at any time by contacting us.</>,
          ]}
        />
      </Section>

      <Section title="2. Organizations and members">
        <p>
          Data in Rampart belongs to an organization. Owners decide who is a member and with which role, and may remove
          members. An organization always keeps at least one owner. By inviting someone you confirm that they may see
          the organization's data.
        </p>
      </Section>

      <Section title="3. Plans and the free trial">
        <Bullets
          items={[
            <>
              Each organization has a plan (Free, Pro, Business or Enterprise) that decides which modules it can use and
              how many organizations its members may create. The <Link to="/pricing">pricing page</Link> lists what each
              plan includes.
            </>,
            <>
              Each organization may run one free trial of {TRIAL_DAYS} days, during which it has every Enterprise
              module. When the trial ends the organization returns to its plan; data stored during the trial is kept.
            </>,
            <>Prices and payment terms for paid plans are agreed with the operator.</>,
          ]}
        />
      </Section>

      <Section title="4. Your data">
        <p>
          What you put into Rampart remains yours. We use it only to provide the service to you and your organization,
          as described in the <Link to="/privacy-policy">privacy policy</Link>. You must have the right to submit it:
          for example, only analyse e-mails you received or are responsible for, and only watch addresses and domains
          you own or are authorised to monitor.
        </p>
      </Section>

      <Section title="5. Acceptable use">
        <p>
          You agree to follow the <Link to="/acceptable-use">acceptable use policy</Link>. We may suspend access that
          breaks it, after telling you where we can.
        </p>
      </Section>

      <Section title="6. What Rampart does and does not promise">
        <Bullets
          items={[
            <>
              Rampart helps you find and act on security risks. It does not guarantee that you will not be attacked or
              breached, and its findings do not replace your own judgement or professional advice.
            </>,
            <>
              Breach monitoring covers only the breach data imported into this service; absence of a finding does not
              mean your data has never leaked.
            </>,
            <>
              We work to keep the service available and secure, but provide it as it is, without warranties beyond those
              the law requires.
            </>,
            <>
              To the extent the law allows, the operator is not liable for indirect or consequential losses arising from
              use of the service.
            </>,
          ]}
        />
      </Section>

      <Section title="7. Changes and ending">
        <p>
          We may change these terms; significant changes will be announced by e-mail to account holders before they take
          effect. You may stop using Rampart at any time. We may end the service with reasonable notice, and will give
          you the opportunity to obtain your data first.
        </p>
      </Section>
    </MarketingPage>
  );
}
