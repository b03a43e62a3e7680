import { Link } from "@remix-run/react";
import { CheckCircle2, Circle } from "~/components/ui/icons";
import { APP_ROUTES, SECURITY_OPERATIONS_PATH } from "~/lib/app-routes";
import { lowestPlanWith, PLAN_DISPLAY_NAME } from "~/lib/plans";
import { TEASERS } from "~/modules/marketing";

/** The page a signed-out visitor sees at a module's path: what it does for them, then sign-up and sign-in. */
export function TeaserPage({ path }: { path: string }) {
  const teaser = TEASERS[path];
  // Signed in, /security-operations is /siem-soar: the teaser describes that module.
  const route = APP_ROUTES.find((r) => r.path === (path === SECURITY_OPERATIONS_PATH ? "/siem-soar" : path));
  // One name per module (issue 32): the heading is the route map's name, the one the sidebar shows.
  const title = route?.label ?? "Rampart";
  const plan = route?.feature ? PLAN_DISPLAY_NAME[lowestPlanWith(route.feature)] : "Free";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12" data-testid="teaser-page">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">Included in {plan} and higher</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-ink-muted">{teaser?.lead ?? route?.purpose}</p>
      {route?.inDevelopment ? (
        <p
          className="mt-4 rounded-md border border-warn bg-warn-light px-4 py-3 text-sm text-ink"
          data-testid="in-development"
        >
          <strong>In development.</strong> This module is part of the plans that include it, but its analysis is still
          being built: today its page explains what it is for and stores nothing yet.
        </p>
      ) : null}
      {teaser?.points.length ? (
        <>
          {route?.inDevelopment ? <h2 className="mt-6 text-lg font-semibold">What it is being built to do</h2> : null}
          <ul className="mt-6 space-y-3">
            {teaser.points.map((p) => (
              <li key={p} className="flex gap-3">
                {route?.inDevelopment ? (
                  <Circle className="mt-1 h-4 w-4 shrink-0 text-ink-muted" aria-hidden="true" />
                ) : (
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-ok" aria-hidden="true" />
                )}
                <span>{p}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={`/signup`} className="btn-primary no-underline">
          Create a free account
        </Link>
        <Link to={`/login?redirectTo=${encodeURIComponent(path)}`} className="btn-secondary no-underline">
          Sign in
        </Link>
      </div>
    </main>
  );
}
