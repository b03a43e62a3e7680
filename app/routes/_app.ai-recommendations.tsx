import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState, ModulePage } from "~/components/module-page";
import { StatusBadge } from "~/components/ui/severity-badge";
import { loadAppRoute } from "~/modules/tenants";
import { recommendations } from "~/modules/dashboard/insights.server";
import { computePosture } from "~/modules/posture";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "AI Recommendations · Rampart" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/ai-recommendations");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  // An empty list means "nothing to do" only when something was assessed; before that it is no all-clear.
  const assessed = computePosture(access.ctx.tenant.id).score !== null;
  return { recommendations: recommendations(access.ctx.tenant.id), assessed };
}

export default function AiRecommendations() {
  const { recommendations: recs, assessed } = useLoaderData<typeof loader>();
  return (
    <ModulePage path="/ai-recommendations">
      <p className="mb-4 text-sm text-ink-muted">
        Ranked by the points each action adds to your security score, from your stored findings; nothing is sent to an
        outside AI service.
      </p>
      {recs.length === 0 && !assessed ? (
        <EmptyState title="Not assessed yet">
          Nothing has been checked yet: analyse a message, watch an address or scan a project, and the actions that
          raise your score appear here.
        </EmptyState>
      ) : recs.length === 0 ? (
        <EmptyState title="Nothing to act on">Every assessed module&apos;s findings are handled.</EmptyState>
      ) : (
        <ol className="space-y-3">
          {recs.map((r) => (
            <li key={r.id} className="card">
              <div className="flex items-center gap-2">
                <StatusBadge
                  tone={r.priority === "high" ? "danger" : r.priority === "medium" ? "warn" : "neutral"}
                >{`${r.priority} priority`}</StatusBadge>
                <p className="font-medium">{r.title}</p>
                {r.points > 0 ? <span className="text-sm text-ink-muted">+{r.points} points</span> : null}
              </div>
              <p className="mt-1 text-sm text-ink-muted">Why: {r.why}</p>
              <p className="mt-1 text-sm">{r.action}</p>
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
