import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Acceptable use policy",
      description:
        "What you may and may not do with Rampart: monitor only what you are authorised to, no attacks or bulk look-ups, and how to report vulnerabilities responsibly.",
      path: "/acceptable-use",
    },
    matches,
  );

export default function AcceptableUse() {
  const root = useRouteLoaderData<{ securityContact?: string }>("root");
  const contact = root?.securityContact ?? "security@rampart.example.com";
  return (
    <MarketingPage
      eyebrow="Legal"
      title="Acceptable use policy"
      lead="Rampart is a defensive tool. These rules keep it that way and protect the people whose data passes through it. Last updated 22 November 2026."
    >
      <Section title="You may">
        <Bullets
          items={[
            <>Check your own e-mail addresses and passwords, and those you are responsible for at work.</>,
            <>Watch domains your organization controls, once the operator has verified them.</>,
            <>
              Analyse e-mails you received, or that were reported to you as the person responsible for your
              organization's security.
            </>,
            <>Use the API within your plan for your organization's own tooling.</>,
          ]}
        />
      </Section>

      <Section title="You may not">
        <Bullets
          items={[
            <>
              Look up other people's e-mail addresses without their permission, or use breach results to contact,
              profile or harass anyone.
            </>,
            <>
              Query the breach check, the password range API or any other endpoint in bulk or automatically beyond
              normal use, or try to get around rate limits.
            </>,
            <>
              Use Rampart to plan or carry out attacks, send phishing, or test systems you are not authorised to test.
            </>,
            <>Upload malware except inside e-mails you are analysing, or content you have no right to share.</>,
            <>
              Try to access another organization's data, another person's account, or parts of the service your plan or
              role does not include.
            </>,
            <>
              Interfere with the service, for example by overloading it or probing it for vulnerabilities outside the
              rules below.
            </>,
          ]}
        />
      </Section>

      <Section title="Reporting vulnerabilities">
        <p>
          We welcome reports of security problems in Rampart. Write to <a href={`mailto:${contact}`}>{contact}</a> with
          enough detail to reproduce the problem. While investigating:
        </p>
        <Bullets
          items={[
            <>Use only accounts and organizations you created yourself; never access or change other people's data.</>,
            <>
              Do not run denial-of-service tests, automated scanning at volume, or social engineering against the
              operator's staff.
            </>,
            <>Give us reasonable time to fix the problem before you publish it.</>,
          ]}
        />
        <p>
          If you act in good faith within these rules, we will not pursue you for your research. See also the{" "}
          <Link to="/trust">trust page</Link>.
        </p>
      </Section>

      <Section title="Enforcement">
        <p>
          We may suspend or remove access that breaks this policy, and report illegal activity to the authorities.
          Questions: <Link to="/contact">contact us</Link>.
        </p>
      </Section>
    </MarketingPage>
  );
}
