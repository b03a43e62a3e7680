import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { EmptyState, ModulePage } from "~/components/module-page";
import { SeverityBadge } from "~/components/ui/severity-badge";
import { loadAppRoute } from "~/modules/tenants";
import { hunt } from "~/modules/threat-hunting/hunt.server";
import { MAX_QUERY_LENGTH, normaliseIndicator } from "~/modules/threat-hunting/indicator";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [{ title: "Threat Hunting · Rampart" }];

/** Searches the tenant's alerts and analysed messages for an indicator (a domain, an address, a word). */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await loadAppRoute(request, "/threat-hunting");
  if (access.teaser) throw new Response("Not Found", { status: 404 });
  const q = normaliseIndicator(new URL(request.url).searchParams.get("q"));
  return { q, results: q ? hunt(access.ctx.tenant.id, q) : null };
}

export default function ThreatHunting() {
  const { q, results } = useLoaderData<typeof loader>();
  return (
    <ModulePage path="/threat-hunting">
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <div className="min-w-64 flex-1">
          <label htmlFor="q" className="label">
            Indicator
          </label>
          <input
            id="q"
            name="q"
            type="search"
            maxLength={MAX_QUERY_LENGTH}
            defaultValue={q}
            className="input"
            placeholder="a domain, an address or a word"
          />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      <div className="mt-4">
        {results === null ? (
          <EmptyState title="Start a hunt">
            Search for an indicator of compromise across your alerts and analysed messages.
          </EmptyState>
        ) : results.length === 0 ? (
          <EmptyState title="No matches">Nothing in your stored alerts or messages matches “{q}”.</EmptyState>
        ) : (
          <ul className="card divide-y divide-slate-100 p-0">
            {results.map((r) => (
              <li key={`${r.kind}-${r.id}`} className="flex items-center gap-3 p-3 text-sm">
                <span className="w-16 text-xs text-ink-muted">{r.kind}</span>
                <SeverityBadge level={r.level} />
                <span className="flex-1">{r.title}</span>
                <time className="text-xs text-ink-muted" dateTime={r.at}>
                  {r.at.slice(0, 10)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ModulePage>
  );
}
