import { Link } from "@remix-run/react";
import { AlertTriangle, Scale, ShieldCheck } from "lucide-react";
import { APP_ROUTES } from "~/lib/app-routes";
import { lowestPlanWith, PLAN_DISPLAY_NAME } from "~/lib/plans";
import type { Industry } from "~/modules/marketing";
import { MarketingPage } from "./page";

/** One industry's threats, regulations and the modules that address them. */
export function IndustryPage({ industry }: { industry: Industry }) {
  return (
    <MarketingPage eyebrow={`Industry: ${industry.name}`} title={industry.title} lead={industry.lead}>
      <section aria-labelledby="threats" className="mb-12">
        <h2 id="threats" className="mb-4 flex items-center gap-2 text-xl font-semibold">
          <AlertTriangle className="h-5 w-5 text-warn" aria-hidden="true" /> Main threats
        </h2>
        <dl className="space-y-4">
          {industry.threats.map((t) => (
            <div key={t.name}>
              <dt className="font-semibold">{t.name}</dt>
              <dd className="mt-1 leading-7 text-ink-muted">{t.detail}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="regulations" className="mb-12">
        <h2 id="regulations" className="mb-4 flex items-center gap-2 text-xl font-semibold">
          <Scale className="h-5 w-5 text-brand" aria-hidden="true" /> Regulations and standards
        </h2>
        <dl className="space-y-4">
          {industry.regulations.map((r) => (
            <div key={r.name}>
              <dt className="font-semibold">{r.name}</dt>
              <dd className="mt-1 leading-7 text-ink-muted">{r.detail}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-ink-muted">
          This is a summary to help you find what applies to you, not legal advice.
        </p>
      </section>
      <section aria-labelledby="modules">
        <h2 id="modules" className="mb-4 flex items-center gap-2 text-xl font-semibold">
          <ShieldCheck className="h-5 w-5 text-ok" aria-hidden="true" /> How Rampart helps
        </h2>
        <ul className="space-y-3">
          {industry.modules.map((m) => {
            const route = APP_ROUTES.find((r) => r.path === m.path);
            const plan = route?.feature ? PLAN_DISPLAY_NAME[lowestPlanWith(route.feature)] : "Free";
            return (
              <li key={m.path} className="card">
                <p className="font-semibold">
                  <Link to={m.path}>{route?.label ?? m.path}</Link>
                  <span className="ml-2 text-sm font-normal text-ink-muted">({plan} plan and higher)</span>
                </p>
                <p className="mt-1 text-sm leading-6 text-ink-muted">{m.why}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </MarketingPage>
  );
}
