import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { formatDate } from "~/modules/dashboard/components/format";
import { generateDemoData } from "~/modules/demo/generator";
import { demoPage } from "~/modules/demo/pages";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const page = demoPage("/demo/dark-web");
export const meta: MetaFunction = ({ matches }) => seo({ title: page.title, description: page.description, path: page.path }, matches);

export function loader() {
  return { identities: generateDemoData().identities };
}

export default function DemoDarkWeb() {
  const { identities } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">{page.heading}</h1>
        <p className="mt-1 text-ink-muted">Simulated organization · example.com</p>
      </header>
      <section className="card overflow-x-auto p-0" aria-labelledby="watched-identities">
        <h2 id="watched-identities" className="border-b border-slate-200 px-5 py-3 text-base font-semibold">
          Watched identities
        </h2>
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-surface-muted text-ink-muted">
            <tr>
              <th scope="col" className="px-5 py-2">Identity</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Severity</th>
              <th scope="col" className="px-3 py-2">Breaches</th>
              <th scope="col" className="px-3 py-2">Evidence</th>
            </tr>
          </thead>
          <tbody>
            {identities.map((x) => (
              <tr key={x.id} className="border-t border-slate-100 align-top">
                <td className="px-5 py-2">
                  <span className="break-all font-medium text-ink">{x.type === "domain" ? x.domain : x.email}</span>
                  <span className="block text-xs text-ink-muted">{x.type === "domain" ? "Domain" : "E-mail address"}</span>
                </td>
                <td className="px-3 py-2">
                  <StatusBadge tone={x.status === "breached" ? "danger" : "ok"}>{x.status === "breached" ? "Breached" : "Clean"}</StatusBadge>
                </td>
                <td className="px-3 py-2"><SeverityBadge level={x.severity} /></td>
                <td className="px-3 py-2 tabular-nums">{x.breachCount}</td>
                <td className="px-3 py-2 text-ink-muted">
                  {x.evidence} <time dateTime={x.foundAt}>{formatDate(x.foundAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
