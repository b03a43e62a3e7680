import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Check } from "lucide-react";
import { MarketingPage } from "~/components/marketing/page";
import { APP_ROUTES } from "~/lib/app-routes";
import {
  FEATURES,
  FEATURE_LABEL,
  hasFeature,
  lowestPlanWith,
  PLAN_DISPLAY_NAME,
  type Feature,
  type Plan,
} from "~/lib/plans";
import { getTenantContext, requireUser } from "~/modules/tenants";
import { InDevelopmentBadge } from "~/modules/marketing/components/in-development";
import { isFeatureInDevelopment } from "~/modules/marketing/module-status";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Features",
      description:
        "Every Rampart module, what it does, and the lowest plan that includes it, read from the same plan table the application enforces.",
      path: "/features",
      noindex: true,
    },
    matches,
  );

/** Plan features that are capabilities rather than pages, with what each gives. */
const PLATFORM: { feature: Feature; text: string }[] = [
  {
    feature: "adminDashboard",
    text: "The admin area for owners and admins: the organization's audit trail, alert rules, notification channels (e-mail, webhooks, the bell), escalation policies and the organization's settings.",
  },
  {
    feature: "realtimeAlerts",
    text: "Alerts raised the moment dark web monitoring finds a new exposure or the phishing analyzer rates a message high risk, shown in Security Alerts and on the dashboard.",
  },
  {
    feature: "apiAccess",
    text: "API keys for your own scripts and tools. Today the JSON API described in the API reference answers the signed-in browser on every plan.",
  },
  {
    feature: "ssoSupport",
    text: "Sign-in through your organization's identity provider. Today Rampart signs people in with an e-mail address and a password only; the identity provider set-up page says how to prepare.",
  },
  {
    feature: "customIntegrations",
    text: "Connections to your own tools beyond the built-in modules. Rampart connects to no outside tool yet; the JSON API is there for your own scripts.",
  },
  { feature: "premiumSupport", text: "Priority answers from the team that runs your Rampart service." },
  {
    feature: "multiAccountManagement",
    text: "One overview in the admin area of every organization you belong to, with its plan, effective plan and your role.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const ctx = await getTenantContext(request);
  return {
    effectivePlan: (ctx?.tenant ? ctx.effectivePlan : null) as Plan | null,
    tenantName: ctx?.tenant?.displayName ?? null,
  };
}

export default function Features() {
  const { effectivePlan, tenantName } = useLoaderData<typeof loader>();
  const modules = APP_ROUTES.filter((r) => r.path !== "/settings");
  const planOf = (feature: Feature | null): Plan => (feature ? lowestPlanWith(feature) : "free");
  const included = (feature: Feature | null) =>
    effectivePlan !== null && (feature === null || hasFeature(effectivePlan, feature));
  return (
    <MarketingPage
      width="wide"
      eyebrow="Features"
      title="Every module and the plan it needs"
      lead={
        <>
          Read from the same route and plan tables the application enforces. Modules and features marked{" "}
          <em>In development</em> are part of their plans but not built yet; such a module's page says so and stores
          nothing.
          {effectivePlan && tenantName ? (
            <>
              {" "}
              {tenantName} is on the <strong>{PLAN_DISPLAY_NAME[effectivePlan]}</strong> plan (effective); the last
              column shows what it includes.
            </>
          ) : null}{" "}
          <Link to="/pricing">Compare plans</Link>.
        </>
      }
    >
      <section aria-labelledby="modules-title">
        <h2 id="modules-title" className="mb-4 text-xl font-semibold">
          Modules
        </h2>
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-labelledby="modules-title">
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <caption className="sr-only">Each module, what it does and the lowest plan that includes it</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className="py-2 pr-4">
                  Module
                </th>
                <th scope="col" className="py-2 pr-4">
                  What it does
                </th>
                <th scope="col" className="py-2 pr-4">
                  Lowest plan
                </th>
                {effectivePlan ? (
                  <th scope="col" className="py-2">
                    In your plan
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {modules.map((r) => (
                <tr
                  key={r.path}
                  className="border-b border-slate-200 align-top"
                  data-testid={`module-${r.path.slice(1)}`}
                >
                  <th scope="row" className="py-3 pr-4 text-left font-semibold">
                    <Link to={r.path}>{r.label}</Link>
                    {r.inDevelopment ? (
                      <span className="ml-2 inline-block rounded-full bg-warn-light px-2 py-0.5 text-xs font-semibold text-ink">
                        In development
                      </span>
                    ) : null}
                  </th>
                  <td className="py-3 pr-4 leading-6 text-ink-muted">{r.purpose}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{PLAN_DISPLAY_NAME[planOf(r.feature)]}</td>
                  {effectivePlan ? (
                    <td className="py-3">
                      {included(r.feature) ? (
                        <span className="inline-flex items-center gap-1 text-ok">
                          <Check className="h-4 w-4" aria-hidden="true" />
                          Included
                        </span>
                      ) : (
                        "Upgrade needed"
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="platform-title" className="mt-12">
        <h2 id="platform-title" className="mb-4 text-xl font-semibold">
          Platform features
        </h2>
        <ul className="grid gap-4 md:grid-cols-2">
          {PLATFORM.map(({ feature, text }) => (
            <li key={feature} className="card">
              <p className="font-semibold">
                {FEATURE_LABEL[feature]}{" "}
                <span className="text-sm font-normal text-ink-muted">
                  ({PLAN_DISPLAY_NAME[lowestPlanWith(feature)]} plan and higher)
                </span>
                {isFeatureInDevelopment(feature) ? <InDevelopmentBadge /> : null}
              </p>
              <p className="mt-1 text-sm leading-6 text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-ink-muted">
          {FEATURES.length} plan features in all; the pricing page lists them per plan.
        </p>
      </section>
    </MarketingPage>
  );
}
