import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { generateDemoData } from "~/modules/demo/generator";
import { demoPage } from "~/modules/demo/pages";
import { seo } from "~/modules/marketing/seo";
import { PhishingFilters, PhishingList } from "~/modules/phishing/components/phishing-list";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const page = demoPage("/demo/phishing");
export const meta: MetaFunction = ({ matches }) =>
  seo({ title: page.title, description: page.description, path: page.path }, matches);

const RISKS = ["low", "medium", "high"] as const;
const STATUSES = ["detected", "quarantined"] as const;
const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null =>
  (values as readonly string[]).includes(v ?? "") ? (v as T) : null;

// The real message list of /phishing, read-only, fed with simulated messages; the filters work as there (GET query).
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const risk = oneOf(RISKS, params.get("risk"));
  const status = oneOf(STATUSES, params.get("status"));
  const items = generateDemoData().phishingItems.filter(
    (p) => (!risk || p.risk === risk) && (!status || p.status === status),
  );
  return { items, risk, status };
}

export default function DemoPhishing() {
  const { items, risk, status } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">{page.heading}</h1>
        <p className="mt-1 text-ink-muted">
          Simulated organization · example.com. Each message was scored on its sender, authentication results, links,
          attachments and wording; open a subject to read why.
        </p>
      </header>
      <PhishingFilters risk={risk} status={status} />
      <PhishingList items={items} readOnly filtered={Boolean(risk || status)} />
    </div>
  );
}
