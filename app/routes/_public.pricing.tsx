import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Star } from "lucide-react";
import { MarketingPage } from "~/components/marketing/page";
import {
  BUSINESS_PRICING_BANNER,
  FEATURES,
  featuresNewIn,
  ORGANIZATION_LIMIT,
  PLANS,
  PLAN_DISPLAY_NAME,
  PLAN_FEATURES,
  PLAN_SUMMARY,
  TRIAL_DAYS,
  planRank,
  type Plan,
} from "~/lib/plans";
import { getTenantContext, openUpgradeRequests } from "~/modules/tenants";
import { allows } from "~/modules/permissions";
import { verificationBlock } from "~/modules/accounts";
import { InDevelopmentBadge } from "~/modules/marketing/components/in-development";
import { featureName, isFeatureInDevelopment } from "~/modules/marketing/module-status";
import { seo } from "~/modules/marketing/seo";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Pricing",
      description:
        "Rampart's Free, Pro, Business and Enterprise plans: the modules in each, how many organizations they allow, and a 14-day trial of every module.",
      path: "/pricing",
    },
    matches,
  );

/** What the trial box shows: owners can start the one trial their organization has. */
type TrialOffer =
  | { kind: "signed-out" }
  | { kind: "can-start"; tenantName: string }
  | { kind: "active"; tenantName: string; endsAt: string | null }
  | { kind: "used"; tenantName: string }
  | { kind: "not-owner"; tenantName: string }
  | { kind: "unverified"; message: string }
  | { kind: "no-tenant" };

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await getTenantContext(request);
  let trial: TrialOffer;
  if (!ctx) trial = { kind: "signed-out" };
  else if (!ctx.tenant) trial = { kind: "no-tenant" };
  else {
    const tenantName = ctx.tenant.displayName;
    const status = ctx.trial?.status ?? "none";
    if (status === "active") trial = { kind: "active", tenantName, endsAt: ctx.trial?.endsAt ?? null };
    else if (status === "expired") trial = { kind: "used", tenantName };
    else if (ctx.tenant.role !== "owner") trial = { kind: "not-owner", tenantName };
    else {
      // Trials wait for a verified address (trials.server.ts checks again when one starts).
      const unverified = verificationBlock(ctx.user.id, "trial");
      trial = unverified ? { kind: "unverified", message: unverified } : { kind: "can-start", tenantName };
    }
  }
  return { trial, currentPlan: ctx?.tenant ? ctx.tenant.plan : null, quote: quoteOffer(ctx) };
}

/**
 * How a paid plan's card asks for a quote (issue 32: a "request a quote" must reach the operator). An owner's
 * request is an upgrade request of the organization, the same one the upgrade wall stores (listed in the operator
 * console, mailed to operators when SMTP is set); a signed-out visitor signs in first or writes through /contact,
 * whose messages are stored too.
 */
type QuoteOffer =
  | { kind: "signed-out" }
  | { kind: "no-tenant" }
  | { kind: "not-owner"; tenantName: string }
  | { kind: "can-request"; tenantName: string; requested: Plan[] };

function quoteOffer(ctx: Awaited<ReturnType<typeof getTenantContext>>): QuoteOffer {
  if (!ctx) return { kind: "signed-out" };
  if (!ctx.tenant) return { kind: "no-tenant" };
  const tenantName = ctx.tenant.displayName;
  // The /upgrade action's own check: asking for a plan commits the organization.
  if (!allows(ctx.tenant.role, ["organization", "manage"])) return { kind: "not-owner", tenantName };
  return { kind: "can-request", tenantName, requested: openUpgradeRequests(ctx.tenant.id) };
}

/** A paid plan's call to action: ask for a quote as the organization, or sign in / write to us. */
function QuoteAction({
  plan,
  quote,
  currentPlan,
  primary,
}: {
  plan: Plan;
  quote: QuoteOffer;
  currentPlan: Plan | null;
  primary: boolean;
}) {
  const button = `${primary ? "btn-primary" : "btn-secondary"} w-full no-underline`;
  const name = PLAN_DISPLAY_NAME[plan];
  if (quote.kind === "signed-out")
    return (
      <div className="space-y-2 text-center">
        <Link to="/login?redirectTo=%2Fpricing" className={button}>
          Sign in to request a quote for {name}
        </Link>
        <p className="text-sm text-ink-muted">
          No account? <Link to="/contact">Write to us</Link> about {name}.
        </p>
      </div>
    );
  if (quote.kind === "no-tenant")
    return (
      <Link to="/contact" className={button}>
        Contact us about {name}
      </Link>
    );
  if (currentPlan && planRank(plan) <= planRank(currentPlan)) return null;
  if (quote.kind === "not-owner")
    return <p className="text-sm text-ink-muted">Ask an owner of {quote.tenantName} to request a quote.</p>;
  if (quote.requested.includes(plan))
    return (
      <p role="status" className="text-sm text-ok" data-testid={`quote-requested-${plan}`}>
        Quote requested for {quote.tenantName}: the people who run this Rampart server will get back to you.
      </p>
    );
  return (
    <Form method="post" action="/upgrade">
      <input type="hidden" name="intent" value="request-plan" />
      <input type="hidden" name="plan" value={plan} />
      <input type="hidden" name="source" value="pricing" />
      <input type="hidden" name="redirectTo" value="/pricing" />
      <button type="submit" className={button}>
        Request a quote for {name}
      </button>
    </Form>
  );
}

const limitText = (plan: Plan) => {
  const limit = ORGANIZATION_LIMIT[plan];
  return limit === null ? "∞" : String(limit);
};

function TrialBox({ trial }: { trial: TrialOffer }) {
  const intl = useFormat();
  return (
    <section
      aria-labelledby="trial-title"
      className="card mb-12 flex flex-col gap-4 md:flex-row md:items-center md:justify-between"
    >
      <div>
        <h2 id="trial-title" className="text-lg font-semibold">
          Try every module free for {TRIAL_DAYS} days
        </h2>
        <p className="mt-1 text-sm leading-6 text-ink-muted">
          {trial.kind === "active"
            ? `The trial of ${trial.tenantName} is active${trial.endsAt ? ` until ${intl.formatDate(trial.endsAt)}` : ""}: every Enterprise module is open.`
            : trial.kind === "used"
              ? `${trial.tenantName} has already used its trial. Contact us to change its plan.`
              : trial.kind === "not-owner"
                ? `Only an owner of ${trial.tenantName} can start its trial.`
                : trial.kind === "unverified"
                  ? trial.message
                  : trial.kind === "no-tenant"
                    ? "Create an organization first, then start its trial."
                    : "During the trial your organization has every Enterprise module. Afterwards it returns to its plan; nothing you stored is deleted. One trial per organization."}
        </p>
      </div>
      {trial.kind === "signed-out" ? (
        <Link to="/signup" className="btn-primary shrink-0 no-underline">
          Start free
        </Link>
      ) : trial.kind === "can-start" ? (
        <Form method="post" action="/settings" className="shrink-0">
          <input type="hidden" name="intent" value="start-trial" />
          <button type="submit" className="btn-primary">
            Start the {TRIAL_DAYS}-day trial for {trial.tenantName}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export default function Pricing() {
  const { trial, currentPlan, quote } = useLoaderData<typeof loader>();
  return (
    <MarketingPage
      width="wide"
      eyebrow="Pricing"
      title="Plans and pricing"
      lead={
        <>
          Every plan is generated from the same plan table the application enforces, so what you see here is exactly
          what each plan unlocks. Features marked <em>In development</em> come with the plan but are not built yet:
          their pages say so and store nothing. Prices for paid plans are set by the operator of your Rampart service:
          request a quote on a plan below, or <Link to="/contact">contact us</Link>.
        </>
      }
    >
      <TrialBox trial={trial} />

      <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan, i) => {
          const count = PLAN_FEATURES[plan].size;
          // Each card lists what its plan adds to the one before; the comparison below lists everything.
          const below = i > 0 ? PLANS[i - 1] : null;
          const added = featuresNewIn(plan);
          const business = plan === "business";
          return (
            <li
              key={plan}
              // Four long cards: on a phone only the first is on screen, so the rest render when scrolled to.
              className={`card lazy-render flex flex-col [contain-intrinsic-block-size:auto_44rem] ${business ? "border-2 border-brand" : ""}`}
              aria-labelledby={`plan-${plan}`}
              data-testid={`plan-${plan}`}
            >
              {business ? (
                <p className="-mx-5 -mt-5 mb-4 flex items-center justify-center gap-1 rounded-t-card bg-brand px-3 py-2 text-center text-sm font-semibold text-white">
                  <Star className="h-4 w-4" aria-hidden="true" />
                  {BUSINESS_PRICING_BANNER}
                </p>
              ) : null}
              <h2 id={`plan-${plan}`} className="text-xl font-bold">
                {PLAN_DISPLAY_NAME[plan]}
                {currentPlan === plan ? (
                  <span className="ml-2 rounded bg-ok-light px-2 py-0.5 align-middle text-xs font-semibold text-ok">
                    Your plan
                  </span>
                ) : null}
              </h2>
              <p className="mt-2 text-lg font-semibold">{plan === "free" ? "No charge" : "Price on request"}</p>
              <p className="mt-2 text-sm leading-6 text-ink-muted">{PLAN_SUMMARY[plan]}</p>
              <p className="mt-4 text-sm font-medium">
                Organizations: <span data-testid={`limit-${plan}`}>{limitText(plan)}</span>
                {ORGANIZATION_LIMIT[plan] === null ? <span className="sr-only"> (unlimited)</span> : null}
              </p>
              <h3 className="mt-4 text-sm font-semibold">{count} features</h3>
              {below ? (
                <p className="mt-2 text-sm text-ink-muted">Everything in {PLAN_DISPLAY_NAME[below]}, plus:</p>
              ) : null}
              <ul className="mt-2 flex-1 space-y-1 text-sm">
                {added.map((f) => (
                  <li key={f} className="flex gap-2">
                    <span className="icon-check mt-0.5 shrink-0 text-ok" aria-hidden="true" />
                    <span>
                      {featureName(f)}
                      {isFeatureInDevelopment(f) ? <InDevelopmentBadge /> : null}
                    </span>
                  </li>
                ))}
              </ul>
              <div className="mt-6">
                {plan === "free" ? (
                  <Link to="/signup" className="btn-secondary w-full no-underline">
                    Start free
                  </Link>
                ) : (
                  <QuoteAction plan={plan} quote={quote} currentPlan={currentPlan} primary={business} />
                )}
              </div>
            </li>
          );
        })}
      </ul>

      <section
        aria-labelledby="compare-title"
        className="lazy-render -mx-2 mt-16 px-2 [contain-intrinsic-block-size:auto_64rem]"
      >
        <h2 id="compare-title" className="text-2xl font-bold">
          Compare every feature
        </h2>
        <div className="relative mt-6 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="compare-title">
          <table className="w-full min-w-[36rem] border-collapse text-sm">
            <caption className="sr-only">Features included in each plan</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 text-left">
                  Feature
                </th>
                {PLANS.map((plan) => (
                  <th key={plan} scope="col" className="px-2 py-2 text-center">
                    {PLAN_DISPLAY_NAME[plan]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  Organizations
                </th>
                {PLANS.map((plan) => (
                  <td key={plan} className="px-2 py-2 text-center">
                    {limitText(plan)}
                    {ORGANIZATION_LIMIT[plan] === null ? <span className="sr-only"> (unlimited)</span> : null}
                  </td>
                ))}
              </tr>
              {FEATURES.map((f) => (
                <tr key={f} className="border-b border-slate-200">
                  <th scope="row" className="py-2 pr-4 text-left font-normal">
                    {featureName(f)}
                    {isFeatureInDevelopment(f) ? <InDevelopmentBadge /> : null}
                  </th>
                  {PLANS.map((plan) => (
                    <td key={plan} className="px-2 py-2 text-center">
                      {PLAN_FEATURES[plan].has(f) ? (
                        <>
                          <span className="icon-check text-ok" aria-hidden="true" />
                          <span className="sr-only">Included</span>
                        </>
                      ) : (
                        <>
                          <span className="icon-minus text-ink-faint" aria-hidden="true" />
                          <span className="sr-only">Not included</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </MarketingPage>
  );
}
