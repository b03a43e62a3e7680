import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { MetricCard } from "~/components/metric-card";
import { EmptyState, ModulePage } from "~/components/module-page";
import { loadAppRoute } from "~/modules/tenants";
import { achievements } from "~/modules/dashboard/insights.server";
import { usageOverWindow } from "~/modules/dashboard/usage.server";
import { USAGE_WINDOWS, WINDOW_LABEL, type UsageWindow } from "~/modules/dashboard/usage-windows";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Usage Analytics · Rampart" }];

const WindowParam = z.enum(USAGE_WINDOWS).catch("30");

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/usage");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  const window = WindowParam.parse(new URL(request.url).searchParams.get("window") ?? "30");
  const { tenant, effectivePlan } = access.ctx;
  return {
    usage: usageOverWindow(tenant.id, window, effectivePlan),
    achievements: achievements(tenant.id, effectivePlan),
  };
}

const noActivity = (w: UsageWindow) =>
  w === "all" ? "No activity yet" : `No activity in the ${WINDOW_LABEL[w].toLowerCase()}`;

type Modules = ReturnType<typeof useLoaderData<typeof loader>>["usage"]["modules"];

/** The modules with activity in the window, each under its name; the quiet ones on one line after them. */
function ActiveModules({ modules, hoursSaved }: { modules: Modules; hoursSaved: number }) {
  const active = modules.filter((m) => m.figures.some((f) => f.value > 0));
  const quiet = modules.filter((m) => !active.includes(m));
  return (
    <div className="space-y-6" data-testid="usage-figures">
      {active.map((m) => (
        <section key={m.path} aria-labelledby={`usage-${m.path.slice(1)}`} data-module={m.path}>
          <h3 id={`usage-${m.path.slice(1)}`} className="mb-2 font-semibold">
            <Link to={m.path}>{m.label}</Link>
          </h3>
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {m.figures.map((f) => (
              <MetricCard key={f.id} label={f.label} value={f.value} hint={f.hint} testId={`usage-${f.id}`} />
            ))}
            {m.path === "/phishing" ? (
              <MetricCard label="Hours saved" value={hoursSaved} hint="estimated minutes of manual work per activity" />
            ) : null}
          </div>
        </section>
      ))}
      {quiet.length ? (
        <p className="text-sm text-ink-muted" data-testid="usage-quiet">
          No activity in this window: {quiet.map((m) => m.label).join(", ")}.
        </p>
      ) : null}
    </div>
  );
}

export default function Usage() {
  const { usage, achievements: earned } = useLoaderData<typeof loader>();
  return (
    <ModulePage path="/usage">
      <nav aria-label="Time window" className="mb-4 flex flex-wrap gap-2 text-sm">
        {USAGE_WINDOWS.map((w) => (
          <Link
            key={w}
            to={`?window=${w}`}
            aria-current={usage.window === w ? "page" : undefined}
            className={usage.window === w ? "btn-primary py-1" : "btn-secondary py-1"}
          >
            {WINDOW_LABEL[w]}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="usage-figures">
        <h2 id="usage-figures" className="mb-2 text-lg font-semibold">
          Activity: {WINDOW_LABEL[usage.window].toLowerCase()}
        </h2>
        {usage.empty ? (
          // No wall of zeros: one line says the window was quiet.
          <EmptyState title={noActivity(usage.window)}>
            Figures appear here as your organization uses its modules: analyses, scans, uploads, cases and more.
          </EmptyState>
        ) : (
          <ActiveModules modules={usage.modules} hoursSaved={usage.hoursSaved} />
        )}
      </section>
      <section aria-labelledby="achievements-h" className="mt-8">
        <h2 id="achievements-h" className="mb-2 text-lg font-semibold">
          Achievements
        </h2>
        <ul className="grid gap-3 md:grid-cols-2" data-testid="achievements">
          {earned.map((a) => (
            <li
              key={a.id}
              className="card flex items-center justify-between gap-3"
              data-achieved={a.achieved ? "yes" : "no"}
            >
              <span className={a.achieved ? "font-medium" : "text-ink-muted"}>{a.title}</span>
              <span className="text-sm tabular-nums text-ink-muted">
                {a.achieved ? "Achieved" : `${a.progress} of ${a.goal}`}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </ModulePage>
  );
}
