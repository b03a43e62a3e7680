import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { MetricCard } from "~/components/metric-card";
import { ModulePage } from "~/components/module-page";
import { loadAppRoute } from "~/modules/tenants";
import { achievements } from "~/modules/dashboard/insights.server";
import { usageOverWindow } from "~/modules/dashboard/usage.server";
import { USAGE_WINDOWS, WINDOW_LABEL } from "~/modules/dashboard/usage-windows";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Usage Analytics · Rampart" }];

const WindowParam = z.enum(USAGE_WINDOWS).catch("30");

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/usage");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  const window = WindowParam.parse(new URL(request.url).searchParams.get("window") ?? "30");
  const tenantId = access.ctx.tenant.id;
  return { usage: usageOverWindow(tenantId, window), achievements: achievements(tenantId) };
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
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="usage-figures">
          {usage.figures.map((f) => (
            <MetricCard key={f.id} label={f.label} value={f.value} hint={f.hint} />
          ))}
          <MetricCard label="Hours saved" value={usage.hoursSaved} hint="estimated minutes of manual work per activity" />
        </div>
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
