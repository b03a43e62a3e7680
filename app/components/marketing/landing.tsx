import { Link } from "@remix-run/react";
import { Bug, EyeOff, Globe, KeyRound, Lock, Mail, ServerCog, ShieldCheck, Users } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { appRoute } from "~/lib/app-routes";
import { hasFeature, PLANS, PLAN_DISPLAY_NAME, PLAN_SUMMARY } from "~/lib/plans";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * The modules the landing page presents: name and one line come from the route map (app/lib/app-routes.ts), the one
 * source the sidebar, teasers and pricing read, so the home page cannot describe a module differently.
 */
const moduleCard = (path: string, icon: Icon, to = path) => {
  const route = appRoute(path);
  return { icon, title: route.label, text: route.purpose, to };
};

/** The team modules, named from the route map, with the lowest plan that has them all (from the plan table). */
function teamCard(paths: string[]) {
  const routes = paths.map(appRoute);
  const plan = PLANS.find((p) => routes.every((r) => !r.feature || hasFeature(p, r.feature))) ?? "enterprise";
  const names = routes.map((r) => r.label);
  return {
    icon: Users,
    title: "Built for teams",
    text: `Organizations with members and roles, and ${names.slice(0, -1).join(", ")} and ${names.at(-1)} from the ${PLAN_DISPLAY_NAME[plan]} plan.`,
    to: "/pricing",
  };
}

const MODULES: { icon: Icon; title: string; text: string; to: string }[] = [
  moduleCard("/dark-web-monitoring", Globe, "/dark-web-threat-intelligence"),
  moduleCard("/phishing", Mail),
  moduleCard("/password", KeyRound),
  moduleCard("/privacy", EyeOff),
  moduleCard("/vulnerability", Bug),
  teamCard(["/incident-response", "/compliance-monitoring", "/executive"]),
];

const PRINCIPLES: { icon: Icon; title: string; text: string }[] = [
  {
    icon: Lock,
    title: "Your secrets stay yours",
    text: "Passwords are checked by k-anonymity, breached e-mail addresses are stored only as keyed hashes, and suspicious messages are never rendered as HTML.",
  },
  {
    icon: ShieldCheck,
    title: "Explained, not just scored",
    text: "Every verdict comes with the reasons behind it, in words a person can check, and severity is always written out as well as coloured.",
  },
  {
    icon: ServerCog,
    title: "Yours to run",
    text: "Rampart runs as one Node process with one SQLite file. Your operator controls where the data lives, how long it is kept and what breach data is loaded.",
  },
];

/** The landing page for signed-out visitors (the `/` route renders it inside the public chrome). */
export function Landing() {
  return (
    <main id="main" tabIndex={-1} className="[&_a:not([class*=btn])]:underline">
      <section
        aria-labelledby="hero-title"
        className="border-b border-slate-200 bg-gradient-to-b from-brand-light/60 to-white"
      >
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">
            Security monitoring for people and organizations
          </p>
          <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            Know when your accounts leak, which e-mails to distrust, and what to fix first.
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-ink-muted">
            Rampart watches your e-mail addresses and domains against breach data, analyses suspicious messages, checks
            passwords without ever seeing them, and turns the findings into a short list of next steps for you or your
            team.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/signup" className="btn-primary px-5 py-3 text-base no-underline">
              Start free
            </Link>
            <Link to="/demo" className="btn-secondary px-5 py-3 text-base no-underline">
              See the demo
            </Link>
            <Link to="/breach-check" className="btn-secondary px-5 py-3 text-base no-underline">
              Check an e-mail address
            </Link>
          </div>
          <p className="mt-4 text-sm text-ink-muted">
            The Free plan needs no card. Every organization can try every module for 14 days.
          </p>
        </div>
      </section>

      <section aria-labelledby="modules-title" className="lazy-render mx-auto max-w-6xl px-4 py-16">
        <h2 id="modules-title" className="text-2xl font-bold tracking-tight">
          What Rampart does
        </h2>
        <p className="mt-2 max-w-2xl text-ink-muted">
          The modules people come to a security product for first, all on the Free plan, with more as your team grows.
        </p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {MODULES.map(({ icon: Icon, title, text, to }) => (
            <li key={title} className="card flex flex-col">
              <Icon className="h-6 w-6 text-brand" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-ink-muted">{text}</p>
              <Link to={to} className="mt-4 text-sm font-medium">
                More about {title.toLowerCase()}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="principles-title" className="lazy-render border-y border-slate-200 bg-surface-muted">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="principles-title" className="text-2xl font-bold tracking-tight">
            How it is built
          </h2>
          <ul className="mt-8 grid gap-8 md:grid-cols-3">
            {PRINCIPLES.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Icon className="h-6 w-6 text-brand" aria-hidden="true" />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-ink-muted">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8 text-sm">
            <Link to="/trust">Read exactly how Rampart stores passwords, sessions and breach data</Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="plans-title" className="lazy-render mx-auto max-w-6xl px-4 py-16">
        <h2 id="plans-title" className="text-2xl font-bold tracking-tight">
          Plans that grow with you
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <li key={plan} className="card">
              <h3 className="font-semibold">{PLAN_DISPLAY_NAME[plan]}</h3>
              <p className="mt-2 text-sm leading-6 text-ink-muted">{PLAN_SUMMARY[plan]}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/pricing" className="btn-primary no-underline">
            Compare plans
          </Link>
          <Link to="/docs/user-guide" className="btn-secondary no-underline">
            Read the user guide
          </Link>
        </div>
      </section>
    </main>
  );
}
