/**
 * /admin/feeds: every intelligence feed's state for the people who run the
 * server (issue 30): last successful sync, records held, next run, last
 * error, and whether the data is stale (then the modules' verdicts say "not
 * checked"). The same facts as JSON: /admin/feeds.json. Operators only
 * (issue 32): outside the organization admin layout (admin_), linked from the
 * operator console's feeds section; everyone else gets a 404.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireOperator } from "~/modules/operator";
import { feedStatuses } from "~/modules/feeds/index.server";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";
export const meta: MetaFunction = () => [
  { title: "Feeds · Operator console · Rampart" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request);
  return { operator: operator.email, feeds: feedStatuses(), now: new Date().toISOString() };
}

export default function AdminFeeds() {
  const intl = useFormat();
  const when = (iso: string | null) => (iso ? intl.formatDateTime(iso) : "never");
  const { feeds, operator } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-surface-muted">
      <header className="border-b border-slate-200 bg-white px-4 py-3">
        <p className="text-sm text-ink-muted">
          Rampart operator console · signed in as {operator} ·{" "}
          <a href="/operator#feeds" className="text-brand underline">
            Back to the console
          </a>
        </p>
      </header>
      <main id="main" className="mx-auto max-w-6xl p-4">
        <h1 className="text-2xl font-bold">Intelligence feeds</h1>
        <p className="mt-1 text-sm text-ink-muted">
          The data vulnerability, breach and password verdicts are checked against. A stale or empty feed makes those
          verdicts read &ldquo;not checked&rdquo; instead of clean; the server stays ready. As JSON:{" "}
          <a className="underline" href="/admin/feeds.json">
            /admin/feeds.json
          </a>
          .
        </p>
        <div className="card mt-4 overflow-x-auto p-0">
          <table className="w-full text-left text-sm" data-testid="feed-table">
            <thead className="border-b border-slate-200 text-ink-muted">
              <tr>
                <th className="px-4 py-2">Feed</th>
                <th className="px-4 py-2">State</th>
                <th className="px-4 py-2">Last success</th>
                <th className="px-4 py-2">Records</th>
                <th className="px-4 py-2">Next run</th>
                <th className="px-4 py-2">Last error</th>
              </tr>
            </thead>
            <tbody>
              {feeds.map((f) => (
                <tr
                  key={f.feed}
                  className="border-b border-slate-100 align-top"
                  data-testid="feed-row"
                  data-feed={f.feed}
                >
                  <td className="px-4 py-2">
                    <span className="font-medium">{f.label}</span>
                    <span className="block break-all text-xs text-ink-muted">{f.source}</span>
                  </td>
                  <td className="px-4 py-2">{!f.enabled ? "Off" : f.stale ? "Stale" : "Current"}</td>
                  <td className="px-4 py-2">{when(f.lastSuccessAt)}</td>
                  <td className="px-4 py-2 tabular-nums">{intl.formatNumber(f.records)}</td>
                  <td className="px-4 py-2">{f.enabled ? when(f.nextRunAt) : "—"}</td>
                  <td className="px-4 py-2 text-danger">{f.lastError ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </main>
    </div>
  );
}
