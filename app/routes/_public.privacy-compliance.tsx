import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { whenBuilt } from "~/modules/marketing/module-status";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Privacy compliance deadlines",
      description:
        "What GDPR and CCPA deadlines mean in practice: one month for data subject requests, 72 hours for breach notification, 45 days for CCPA requests, and how to meet them.",
      path: "/privacy-compliance",
    },
    matches,
  );

export default function PrivacyCompliance() {
  return (
    <MarketingPage
      eyebrow="Guide"
      title="Privacy compliance: the deadlines that matter"
      lead="Privacy laws give people rights over their data and give organizations deadlines to respect them. Missing a deadline is one of the easiest ways to get into trouble, and one of the easiest to prevent. This is a practical summary, not legal advice."
    >
      <Section title="GDPR (EU) and UK GDPR">
        <Bullets
          items={[
            <>
              <strong>Data subject requests: one month.</strong> Requests to access, correct, delete or port personal
              data, or to object to processing, must be answered without undue delay and at the latest within one month
              of receipt. For complex or numerous requests the period can be extended by two further months, but you
              must tell the person within the first month and explain why.
            </>,
            <>
              <strong>Access requests are free</strong> in most cases, and the answer includes a copy of the data, the
              purposes, the recipients, how long it is kept and where it came from.
            </>,
            <>
              <strong>Breach notification: 72 hours.</strong> A personal data breach must be reported to the supervisory
              authority without undue delay and, where feasible, within 72 hours of becoming aware of it, unless it is
              unlikely to result in a risk to people. If the notification is later, it must say why.
            </>,
            <>
              <strong>Telling the people affected</strong>: when a breach is likely to result in a high risk to them,
              without undue delay, in clear language, with what they can do to protect themselves.
            </>,
            <>
              <strong>Records</strong>: keep a record of every breach, even those you do not report, with the facts, the
              effects and what you did.
            </>,
          ]}
        />
      </Section>

      <Section title="CCPA / CPRA (California)">
        <Bullets
          items={[
            <>
              <strong>Requests to know, delete or correct: 45 calendar days.</strong> The period can be extended once by
              another 45 days when reasonably necessary, if you tell the consumer within the first 45 days.
            </>,
            <>
              <strong>Confirm receipt within 10 business days</strong> of a request to know, delete or correct, and say
              how you will handle it.
            </>,
            <>
              <strong>Opt-out of sale or sharing</strong>: honour it as soon as feasibly possible and no later than 15
              business days, including opt-out preference signals such as Global Privacy Control.
            </>,
            <>
              <strong>Verification</strong>: verify the identity of the person making a request to know, delete or
              correct, in proportion to the sensitivity of the data, without asking for more data than you need.
            </>,
          ]}
        />
      </Section>

      <Section title="Other deadlines worth knowing">
        <Bullets
          items={[
            <>
              <strong>HIPAA right of access (US healthcare)</strong>: 30 days to provide access to a person's health
              records, with one 30-day extension.
            </>,
            <>
              <strong>HIPAA breach notification</strong>: affected individuals without unreasonable delay and no later
              than 60 days after discovery.
            </>,
            <>
              <strong>US state breach laws</strong>: every state has one, with different deadlines and thresholds; some
              require notice within 30 or 45 days.
            </>,
          ]}
        />
      </Section>

      <Section title="How to meet them every time">
        <Bullets
          items={[
            <>
              Log every request on the day it arrives, with the date received and the due date computed from the law
              that applies.
            </>,
            <>
              Know where personal data lives (a simple inventory of systems and what they hold), so that an access or
              deletion request is a checklist, not a search.
            </>,
            <>
              Have a breach procedure with named people and the 72-hour clock written on it; the clock starts when you
              become aware, not when you have finished investigating.
            </>,
            <>Keep evidence: when you answered, what you sent, what you deleted.</>,
          ]}
        />
        <p>
          Rampart's <Link to="/privacy">Privacy Guard</Link>{" "}
          {whenBuilt(
            "/privacy",
            "records each request with its due date (one month under the GDPR, 45 days under the CCPA) and keeps pending requests in view until they are completed.",
            "is in development: it will record each request with its due date (one month under the GDPR, 45 days under the CCPA) and keep pending requests in view until they are completed. Until it lands, a shared spreadsheet or ticket queue with the received and due dates does the job.",
          )}{" "}
          Rampart's <Link to="/incident-response">Incident Response</Link> module{" "}
          {whenBuilt(
            "/incident-response",
            "keeps the timeline you need for breach notification.",
            "is in development: it will keep the timeline you need for breach notification.",
          )}
        </p>
      </Section>
    </MarketingPage>
  );
}
