import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { APP_ROUTES } from "~/lib/app-routes";
import { InDevelopmentAside } from "~/modules/marketing/components/in-development";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "About Rampart",
      description:
        "What Rampart is, who it is for, and the principles it is built on: exact findings, explained verdicts, privacy by design and a server you can run yourself.",
      path: "/about",
    },
    matches,
  );

export default function About() {
  // Read from the route table, so this page stays true as modules land.
  const modules = APP_ROUTES.filter((r) => (r.sidebar && r.path !== "/settings") || r.inDevelopment);
  const working = modules.filter((r) => !r.inDevelopment).map((r) => r.label);
  const inDevelopment = modules.filter((r) => r.inDevelopment).map((r) => r.label);
  return (
    <MarketingPage
      eyebrow="About"
      title="About Rampart"
      lead="Rampart is a security-posture product for individuals and organizations. It brings breach monitoring, phishing analysis and password checks into one place, keeps your alerts and security events in view, and turns the findings into a short list of what to do next."
    >
      <Section title="Who it is for">
        <Bullets
          items={[
            <>
              <strong>Individuals</strong> who want to know when their addresses appear in a breach and whether a
              message is safe to act on. The Free plan covers this.
            </>,
            <>
              <strong>Small teams</strong> without a dedicated security person, who need the essentials done well:
              passwords, alerts, a timeline of security events, and devices
              <InDevelopmentAside path="/endpoint-security" />.
            </>,
            <>
              <strong>Organizations with a security function</strong> that need incident response
              <InDevelopmentAside path="/incident-response" />, compliance evidence
              <InDevelopmentAside path="/compliance-monitoring" />, an executive view and several organizations under
              one roof.
            </>,
          ]}
        />
      </Section>

      <Section title="What works today">
        <p>
          <strong>Working today:</strong> {working.join(", ")}.
        </p>
        {inDevelopment.length > 0 ? (
          <p>
            <strong>In development:</strong> {inDevelopment.join(", ")}. Their pages say what each module is for and
            that it stores nothing yet; no figure is invented for them outside the clearly marked{" "}
            <Link to="/demo">demo</Link>.
          </p>
        ) : null}
      </Section>

      <Section title="What we believe">
        <Bullets
          items={[
            <>
              <strong>A finding must be explained.</strong> Every verdict comes with the reasons a person can check:
              which header failed, which link misleads, which breach and when.
            </>,
            <>
              <strong>Numbers must be real.</strong> Outside the clearly marked demo, every figure Rampart shows is
              computed from your own data. An empty state says what to do next instead of showing invented numbers.
            </>,
            <>
              <strong>A security product must not become a privacy risk.</strong> Passwords are checked by k-anonymity,
              breached addresses are stored as keyed hashes, suspicious messages are never rendered. The{" "}
              <Link to="/trust">trust page</Link> lists exactly what is stored and for how long.
            </>,
            <>
              <strong>Calm beats alarming.</strong> Severity is written out, not only coloured; alerts are raised once
              per cause; the interface works by keyboard and on a phone.
            </>,
          ]}
        />
      </Section>

      <Section title="How it is built">
        <p>
          Rampart is a web application built with Remix and React on Node.js, with its data in a single SQLite database.
          It runs as one server process, so an operator can host it on a small machine, keep the data where they choose,
          and back it up by copying a file. Pages work without JavaScript; JavaScript makes them faster, never required.
          The <Link to="/docs/operations">operations guide</Link> explains how to run it.
        </p>
        <p>
          The checks follow public standards rather than secret sauce: NIST SP 800-63B for passwords, the SPF, DKIM,
          DMARC and ARC RFCs for e-mail authentication, and the Have I Been Pwned breach and Pwned Passwords range
          models for breach data.
        </p>
      </Section>

      <Section title="Get in touch">
        <p>
          Questions, feedback or a security report: see the <Link to="/contact">contact page</Link>.
        </p>
      </Section>
    </MarketingPage>
  );
}
