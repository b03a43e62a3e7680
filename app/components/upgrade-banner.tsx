import { Form, Link, useLocation } from "@remix-run/react";
import { Lock } from "~/components/ui/icons";
import {
  PLAN_DISPLAY_NAME,
  TRIAL_DAYS,
  lowestPlanWith,
  upgradeBannerDetail,
  upgradeRequiredText,
  type Feature,
} from "~/lib/plans";

/**
 * The wall a page shows when the effective plan lacks its feature (docs/product.md §2, §6; issue 32): it names
 * the module and what it does, offers the organization's trial in place when this person may start it ("Try it
 * free for 14 days", back on the same page once it runs), and asks the operator for the plan (stored for the
 * operator console) instead of sending people to a page that cannot sell anything.
 */
export function UpgradeBanner({
  feature,
  module,
  trialEligible = false,
  canRequest = false,
}: {
  feature: Feature;
  module?: { label: string; purpose: string } | null;
  trialEligible?: boolean;
  canRequest?: boolean;
}) {
  const location = useLocation();
  const plan = lowestPlanWith(feature);
  const planName = PLAN_DISPLAY_NAME[plan];
  const here = location.pathname;
  const requested = new URLSearchParams(location.search).get("upgrade-requested") === plan;
  // The page's main landmark: a gated page renders only this (issue 32).
  return (
    <main id="main">
      <section
        className="card mx-auto mt-8 max-w-2xl border-brand/40"
        aria-labelledby="upgrade-title"
        data-testid="upgrade-banner"
      >
        <div className="flex items-start gap-4">
          <Lock className="mt-1 h-6 w-6 shrink-0 text-brand" aria-hidden="true" />
          <div>
            {module ? (
              <p className="text-sm font-medium text-brand" data-testid="upgrade-module">
                {module.label}
              </p>
            ) : null}
            <h1 id="upgrade-title" className="text-lg font-semibold">
              {upgradeRequiredText(feature)}
            </h1>
            {module ? <p className="mt-2 text-sm">{module.purpose}</p> : null}
            <p className="mt-2 text-sm text-ink-muted">{upgradeBannerDetail(feature)}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              {trialEligible ? (
                <Form method="post" action="/upgrade">
                  <input type="hidden" name="intent" value="start-trial" />
                  <input type="hidden" name="redirectTo" value={here} />
                  <button type="submit" className="btn-primary">
                    Try it free for {TRIAL_DAYS} days
                  </button>
                </Form>
              ) : null}
              {!canRequest ? (
                <p className="text-sm text-ink-muted">Ask an owner of your organization to change its plan.</p>
              ) : requested ? (
                <p role="status" className="text-sm text-ok" data-testid="upgrade-requested">
                  Request sent: the people who run this Rampart server will get back to you about {planName}.
                </p>
              ) : (
                <Form method="post" action="/upgrade">
                  <input type="hidden" name="intent" value="request-plan" />
                  <input type="hidden" name="plan" value={plan} />
                  <input type="hidden" name="feature" value={feature} />
                  <input type="hidden" name="redirectTo" value={here} />
                  <button type="submit" className={trialEligible ? "btn-secondary" : "btn-primary"}>
                    Ask for the {planName} plan
                  </button>
                </Form>
              )}
              <Link to="/pricing" className="self-center text-sm underline">
                See plans to upgrade
              </Link>
            </div>
          </div>
        </div>
      </section>
    </main>
  );
}
