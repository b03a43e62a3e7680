import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState, ModulePage } from "~/components/module-page";
import { StatusBadge } from "~/components/ui/severity-badge";
import { loadAppRoute } from "~/modules/tenants";
import { recommendations } from "~/modules/dashboard/insights.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "AI Recommendations · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/ai-recommendations");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  return { recommendations: recommendations(access.ctx.tenant.id) };
}

export default function AiRecommendations() {
  const { recommendations: recs } = useLoaderData<typeof loader>();
  return (
    <ModulePage path="/ai-recommendations">
      <p className="mb-4 text-sm text-ink-muted">Ranked by priority from your open findings; no data leaves Rampart.</p>
      {recs.length === 0 ? (
        <EmptyState title="All clear">No open findings need action right now.</EmptyState>
      ) : (
        <ol className="space-y-3">
          {recs.map((r) => (
            <li key={r.id} className="card">
              <div className="flex items-center gap-2">
                <StatusBadge
                  tone={r.priority === "high" ? "danger" : r.priority === "medium" ? "warn" : "neutral"}
                >{`${r.priority} priority`}</StatusBadge>
                <p className="font-medium">{r.title}</p>
              </div>
              <p className="mt-1 text-sm text-ink-muted">{r.action}</p>
              <Link to={r.href} className="mt-2 inline-block text-sm">
                Go there
              </Link>
            </li>
          ))}
        </ol>
      )}
    </ModulePage>
  );
}
