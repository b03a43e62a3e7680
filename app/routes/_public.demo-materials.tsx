import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Bullets, MarketingPage, Section } from "~/components/marketing/page";
import { DEMO_BANNER_TEXT, DEMO_PAGES, demoPage } from "~/modules/demo/pages";
import { APP_ROUTES } from "~/lib/app-routes";
import { isInDevelopment } from "~/modules/marketing/module-status";
import { seo } from "~/modules/marketing/seo";

/** Modules whose findings the simulated data includes; any still in development is named on the page (route table). */
const SIMULATED_MODULES = [
  "/dark-web-monitoring",
  "/phishing",
  "/vulnerability",
  "/privacy",
  "/logs",
  "/compliance-monitoring",
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Demo materials",
      description:
        "A guided tour of Rampart's demo: what each demo page shows, what the simulated data contains, and a ten-minute script for presenting it.",
      path: "/demo-materials",
    },
    matches,
  );

export default function DemoMaterials() {
  const simulatedOnly = APP_ROUTES.filter((r) => SIMULATED_MODULES.includes(r.path) && r.inDevelopment).map(
    (r) => r.label,
  );
  return (
    <MarketingPage
      eyebrow="Demo"
      title="Demo materials"
      lead="Rampart's demo is the real product screens fed with simulated data, so what you show is what a customer sees. No sign-in is needed. Use this page to prepare a walkthrough."
    >
      <Section title="The demo pages">
        <ul className="space-y-3">
          {DEMO_PAGES.map((p) => (
            <li key={p.path} className="card">
              <p className="font-semibold">
                <Link to={p.path}>{p.title}</Link>
              </p>
              <p className="mt-1 text-sm leading-6 text-ink-muted">{p.description}</p>
            </li>
          ))}
        </ul>
        <p>
          Every demo page carries the banner <q>{DEMO_BANNER_TEXT}</q>.
        </p>
      </Section>

      <Section title="About the simulated data">
        <Bullets
          items={[
            <>
              It is produced by a deterministic generator: the same numbers, names and findings appear every time, so a
              walkthrough can be rehearsed.
            </>,
            <>
              It uses only reserved example names (<code>example.com</code>, <code>example.org</code> and the{" "}
              <code>.test</code> domain) and generated people such as <code>user42@example.com</code>. It contains no
              real person's data.
            </>,
            <>
              It covers every kind of finding: breached and clean identities, detected and quarantined phishing, open
              and remediated vulnerabilities, pending and completed privacy requests, sign-in anomalies, compliance
              controls in progress and compliant, with low, medium and high severities.
              {simulatedOnly.length > 0 ? (
                <>
                  {" "}
                  Some of these come from modules that are still in development ({simulatedOnly.join(", ")}): in the
                  demo they show what those modules are being built to do, while a real organization's pages for them
                  store nothing yet and say so.
                </>
              ) : null}
            </>,
            <>
              Sample values include a security score of 87 and a HIPAA compliance score of 94. These are simulated and
              say nothing about any real organization.
            </>,
          ]}
        />
      </Section>

      <Section title="A ten-minute walkthrough">
        <ol className="list-decimal space-y-3 pl-6">
          <li>
            <strong>{demoPage("/demo/dashboard").nav} (2 minutes).</strong> Start at{" "}
            <Link to="/demo/dashboard">the dashboard</Link>: the security score, active threats and the risk trend.
            Point out that every severity is written as a word as well as a colour, and that each chart has a table.
          </li>
          <li>
            <strong>{demoPage("/demo/dark-web").nav} (2 minutes).</strong> Open{" "}
            <Link to="/demo/dark-web">dark web monitoring</Link>, pick a breached identity and show its evidence: which
            breach, when, and what leaked. Explain that real addresses are stored only as keyed hashes.
          </li>
          <li>
            <strong>{demoPage("/demo/phishing").nav} (3 minutes).</strong> In{" "}
            <Link to="/demo/phishing">the phishing analyzer</Link>, open a high-risk message and read the rationale
            lines aloud: a lookalike domain, a mismatched reply address, a link whose text and target differ. Then show
            a low-risk one.
          </li>
          <li>
            <strong>{demoPage("/demo/executive").nav} (2 minutes).</strong> Finish at{" "}
            <Link to="/demo/executive">the executive dashboard</Link>: overall risk, compliance by framework and
            response time, the view leadership gets.
            {isInDevelopment("/compliance-monitoring")
              ? " Say that the compliance figures are simulated: until the Compliance module lands, a real organization's executive screen says compliance is not tracked instead of showing a score."
              : null}
          </li>
          <li>
            <strong>Next step (1 minute).</strong> Show <Link to="/pricing">pricing</Link> and the 14-day trial, or the
            public <Link to="/breach-check">breach check</Link> for the audience to try with their own address.
          </li>
        </ol>
      </Section>

      <Section title="Questions people often ask">
        <Bullets
          items={[
            <>
              <em>Where does breach data come from?</em> The operator of a Rampart service imports it; see the{" "}
              <Link to="/dark-web-threat-intelligence">dark web guide</Link>.
            </>,
            <>
              <em>Does Rampart see my passwords?</em> No: password checks use k-anonymity. See the{" "}
              <Link to="/trust">trust page</Link>.
            </>,
            <>
              <em>Which plan do I need?</em> The <Link to="/pricing">pricing page</Link> lists every feature per plan.
            </>,
          ]}
        />
      </Section>
    </MarketingPage>
  );
}
