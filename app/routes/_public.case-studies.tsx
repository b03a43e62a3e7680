import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { MarketingPage, Note } from "~/components/marketing/page";
import { APP_ROUTES, appRoute } from "~/lib/app-routes";
import { InDevelopmentBadge } from "~/modules/marketing/components/in-development";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Scenarios",
      description:
        "Illustrative scenarios, step by step: a payment-change phishing e-mail, a staff address in a newly imported breach, and a customer's request for a copy of their data.",
      path: "/case-studies",
    },
    matches,
  );

/** `uses`: the app modules the steps rely on; one still in development gets a note saying so (read from the route table). */
type Scenario = {
  id: string;
  title: string;
  who: string;
  situation: string;
  steps: string[];
  outcome: string;
  uses: string[];
  modules: { to: string; label: string }[];
};

const SCENARIOS: Scenario[] = [
  {
    id: "payment-change",
    title: 'A supplier\'s "new bank details" e-mail',
    who: "A fictional five-person accounting practice on the Free plan.",
    situation:
      "An e-mail that appears to come from a regular supplier says their bank has changed and asks for this month's invoice to be paid to a new account, today.",
    steps: [
      "The office manager pastes the message source into the phishing analyzer before doing anything.",
      "The analyzer rates it high risk. Its rationale lists: the sender's domain is one letter away from the supplier's real domain; replies go to a free mail address; DMARC is not aligned for the displayed domain; the text asks for an urgent payment change.",
      "The manager calls the supplier on the number from a previous invoice. The supplier has not changed banks.",
      "The message is marked quarantined, and the practice adopts a rule: no bank detail changes without a phone call.",
    ],
    outcome: "No payment is sent, and the reasons are written down in a form the whole team can understand.",
    uses: ["/phishing"],
    modules: [
      { to: "/phishing", label: "Phishing Analyzer" },
      { to: "/phishing-defense", label: "Phishing defence guide" },
    ],
  },
  {
    id: "new-breach",
    title: "A staff address turns up in a newly imported breach",
    who: "A fictional software company of forty people on the Pro plan, watching its verified domain.",
    situation:
      "The operator imports a newly published breach of a project-management service. One developer's work address is in it, with a password hash.",
    steps: [
      `${appRoute("/dark-web-monitoring").label} marks the developer's identity as breached and raises one alert; identities already known to be exposed raise nothing new.`,
      "The identity's evidence shows the breach, its date and the data classes: e-mail addresses and passwords.",
      `The developer confirms they reused that password on an internal tool, changes both and turns on an authenticator app; ${appRoute("/password").label} confirms the new password is not in the breach range store.`,
      "The exposure is marked resolved, and so is the alert in Security Alerts.",
    ],
    outcome:
      "The reused password is changed before it can be replayed, and the open list again shows only what needs action.",
    uses: ["/dark-web-monitoring", "/password", "/alerts"],
    modules: [
      { to: "/dark-web-threat-intelligence", label: "Dark web guide" },
      { to: "/password", label: "Password Analyzer" },
    ],
  },
  {
    id: "access-request",
    title: "A customer asks for a copy of their data",
    who: "A fictional online shop selling to customers in the EU and California.",
    situation: "A customer in Germany e-mails asking for all the personal data the shop holds about them.",
    steps: [
      "The request is recorded in Privacy Guard on the day it arrives, as an access request under the GDPR; its due date is set one month later.",
      "The team uses its data inventory to collect the order history, account details and newsletter records.",
      "The request shows as pending, and stands out as its due date approaches.",
      "The answer is sent with a copy of the data and the required information; the request is marked completed with the date.",
    ],
    outcome:
      "The request is answered inside the deadline, with a record that shows when it arrived and when it was completed.",
    uses: ["/privacy"],
    modules: [
      { to: "/privacy", label: "Privacy Guard" },
      { to: "/privacy-compliance", label: "Privacy compliance guide" },
    ],
  },
];

export default function CaseStudies() {
  return (
    <MarketingPage
      eyebrow="Scenarios"
      title="How Rampart is used: illustrative scenarios"
      lead="Three walk-throughs of common situations and what Rampart's modules do in each. Where a scenario relies on a module that is still in development, it says so."
    >
      <Note label="About these scenarios">
        <strong>These are illustrative scenarios, not customer stories.</strong> The organizations and people in them
        are fictional, and no figures here describe real results. They show how the product works, step by step.
      </Note>
      <nav aria-label="Scenarios on this page" className="mb-10">
        <ul className="list-disc space-y-1 pl-6">
          {SCENARIOS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {SCENARIOS.map((s) => (
        <article key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="card mb-8">
          <p className="text-xs font-semibold uppercase tracking-wide text-warn">Illustrative scenario</p>
          <h2 id={`${s.id}-title`} className="mt-1 text-xl font-semibold">
            {s.title}
          </h2>
          <p className="mt-2 text-sm text-ink-muted">{s.who}</p>
          <InDevelopmentNote paths={s.uses} />
          <h3 className="mt-4 font-semibold">The situation</h3>
          <p className="mt-1 leading-7">{s.situation}</p>
          <h3 className="mt-4 font-semibold">What happens</h3>
          <ol className="mt-1 list-decimal space-y-2 pl-6 leading-7">
            {s.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <h3 className="mt-4 font-semibold">The outcome</h3>
          <p className="mt-1 leading-7">{s.outcome}</p>
          <p className="mt-4 text-sm">
            Related:{" "}
            {s.modules.map((m, i) => (
              <span key={m.to}>
                {i > 0 ? " · " : ""}
                <Link to={m.to}>{m.label}</Link>
              </span>
            ))}
          </p>
        </article>
      ))}
    </MarketingPage>
  );
}

/** Says which of a scenario's modules are in development, so the steps read as what they are built to do, not what works today. */
function InDevelopmentNote({ paths }: { paths: string[] }) {
  const pending = APP_ROUTES.filter((r) => paths.includes(r.path) && r.inDevelopment);
  if (pending.length === 0) return null;
  const names = pending.map((r) => r.label).join(" and ");
  return (
    <p className="mt-3 rounded-card border border-warn/40 bg-warn-light px-3 py-2 text-sm text-ink">
      <InDevelopmentBadge className="mr-2" />
      {names} {pending.length === 1 ? "is" : "are"} in development and store{pending.length === 1 ? "s" : ""} nothing
      yet. The steps below show what {pending.length === 1 ? "it is" : "they are"} being built to do; until then, a
      shared spreadsheet or ticket queue that records the dates can carry the same steps.
    </p>
  );
}
