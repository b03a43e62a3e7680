import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SeverityBadge, StatusBadge } from "~/components/ui/severity-badge";
import { generateDemoData } from "~/modules/demo/generator";
import { demoPage } from "~/modules/demo/pages";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const page = demoPage("/demo/phishing");
export const meta: MetaFunction = ({ matches }) => seo({ title: page.title, description: page.description, path: page.path }, matches);

export function loader() {
  return { items: generateDemoData().phishingItems };
}

export default function DemoPhishing() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">{page.heading}</h1>
        <p className="mt-1 text-ink-muted">Simulated organization · example.com</p>
      </header>
      <section className="card overflow-x-auto p-0" aria-labelledby="phishing-items">
        <h2 id="phishing-items" className="border-b border-slate-200 px-5 py-3 text-base font-semibold">
          Analysed messages
        </h2>
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-surface-muted text-ink-muted">
            <tr>
              <th scope="col" className="px-5 py-2">Subject and sender</th>
              <th scope="col" className="px-3 py-2">Risk</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Why</th>
            </tr>
          </thead>
          <tbody>
            {items.map((p) => (
              <tr key={p.id} className="border-t border-slate-100 align-top">
                <td className="px-5 py-2">
                  <span className="font-medium text-ink">{p.subject}</span>
                  <span className="block break-all text-xs text-ink-muted">{p.sender}</span>
                </td>
                <td className="px-3 py-2"><SeverityBadge level={p.risk} /></td>
                <td className="px-3 py-2">
                  <StatusBadge tone={p.status === "quarantined" ? "ok" : "warn"}>{p.status === "quarantined" ? "Quarantined" : "Detected"}</StatusBadge>
                </td>
                <td className="px-3 py-2">
                  <ul className="list-disc pl-4 text-ink-muted">
                    {p.rationale.map((r) => <li key={r}>{r}</li>)}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
