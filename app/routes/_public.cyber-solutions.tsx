import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Briefcase, EyeOff, Globe, Mail, Siren } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { MarketingPage } from "~/components/marketing/page";
import { APP_ROUTES } from "~/lib/app-routes";
import { lowestPlanWith, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { ModuleStatusBadge } from "~/modules/marketing/components/in-development";
import { whenBuilt } from "~/modules/marketing/module-status";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Cyber security solutions",
      description:
        "Rampart by need: protect identities from breaches, stop phishing, meet privacy deadlines, respond to incidents and report to leadership, with the plan each needs.",
      path: "/cyber-solutions",
    },
    matches,
  );

/**
 * `how` says only what works today; modules still in development appear in
 * the list with the route table's badge and purpose (whenBuilt and the badge
 * read app-routes.ts, so the page stays true as modules land).
 */
type Solution = {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  problem: string;
  how: string;
  paths: string[];
  guide?: { to: string; label: string };
};

const SOLUTIONS: Solution[] = [
  {
    icon: Globe,
    title: "Protect identities from breaches",
    problem: "Passwords leaked from other services are replayed against yours.",
    how: "Watch your addresses and domains against breach data, get one alert per new exposure, and check passwords against the breach range store by k-anonymity.",
    paths: ["/dark-web-monitoring", "/password", "/alerts"],
    guide: { to: "/dark-web-threat-intelligence", label: "Dark web guide" },
  },
  {
    icon: Mail,
    title: "Stop phishing before it costs you",
    problem: "A convincing e-mail asks for a password or a payment.",
    how: "Analyse suspicious messages with re-verified SPF, DKIM and DMARC, lookalike-domain and link checks, and a rationale anyone can read, then mark what you have dealt with as quarantined.",
    paths: ["/phishing", "/training-management"],
    guide: { to: "/phishing-defense", label: "Phishing defence guide" },
  },
  {
    icon: EyeOff,
    title: "Meet privacy deadlines",
    problem: "Access and deletion requests have legal deadlines that are easy to miss.",
    how: whenBuilt(
      "/privacy",
      "Record each request with its GDPR or CCPA due date and keep pending requests in view.",
      "The privacy compliance guide sets out the GDPR, CCPA and HIPAA deadlines and how to meet them every time. Privacy Guard, which will record each request against its deadline, is in development.",
    ),
    paths: ["/privacy", "/compliance-monitoring"],
    guide: { to: "/privacy-compliance", label: "Privacy compliance guide" },
  },
  {
    icon: Siren,
    title: "Respond when something happens",
    problem: "Alerts arrive from many places and nobody owns the response.",
    how: "One timeline of your organization's security events (sign-ins, member and plan changes), every alert in one list to acknowledge and resolve, and one indicator search (an address, a domain, a hash) across stored events, analysed messages with their Received headers, alerts, case observables and watchlists.",
    paths: ["/security", "/alerts", "/threat-hunting", "/logs", "/incident-response", "/emergency-access"],
  },
  {
    icon: Briefcase,
    title: "Report to leadership",
    problem: "The board asks how exposed you are, and the answer is a spreadsheet.",
    how: whenBuilt(
      "/compliance-monitoring",
      "Risk, compliance and response figures computed from your own stored findings, and a count of what Rampart has done for you.",
      "Overall risk, open critical and high findings, the risk trend and the time from alert to resolution, computed from your own stored findings, and a count of what Rampart has done for you. Compliance scores wait for the Compliance module, which is in development; until then the screen says so instead of showing a number.",
    ),
    paths: ["/executive", "/usage"],
  },
];

export default function CyberSolutions() {
  return (
    <MarketingPage
      width="wide"
      eyebrow="Solutions"
      title="Security solutions by need"
      lead="Start from the problem you have. Each solution lists the Rampart modules that address it, the lowest plan that includes each, and which of them are still in development."
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {SOLUTIONS.map(({ icon: Icon, title, problem, how, paths, guide }) => (
          <li key={title} className="card">
            <Icon className="h-6 w-6 text-brand" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold">{title}</h2>
            <p className="mt-2 text-sm font-medium text-ink">{problem}</p>
            <p className="mt-2 text-sm leading-6 text-ink-muted">{how}</p>
            <ul className="mt-4 space-y-1 text-sm">
              {paths.map((p) => {
                const r = APP_ROUTES.find((x) => x.path === p);
                if (!r) return null;
                return (
                  <li key={p}>
                    <Link to={p}>{r.label}</Link>{" "}
                    <span className="text-ink-muted">
                      ({PLAN_DISPLAY_NAME[r.feature ? lowestPlanWith(r.feature) : "free"]} and higher)
                    </span>
                    <ModuleStatusBadge path={p} />
                    {r.inDevelopment ? <span className="block text-ink-muted">{r.purpose}</span> : null}
                  </li>
                );
              })}
            </ul>
            {guide ? (
              <p className="mt-4 text-sm">
                Read the <Link to={guide.to}>{guide.label.toLowerCase()}</Link>.
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-10">
        <Link to="/pricing" className="btn-primary no-underline">
          Compare plans
        </Link>
      </p>
    </MarketingPage>
  );
}
