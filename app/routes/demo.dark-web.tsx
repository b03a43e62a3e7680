import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { IdentityList } from "~/modules/breach/components/identity-list";
import { generateDemoData } from "~/modules/demo/generator";
import { demoPage } from "~/modules/demo/pages";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const page = demoPage("/demo/dark-web");
export const meta: MetaFunction = ({ matches }) =>
  seo({ title: page.title, description: page.description, path: page.path }, matches);

// The real watchlist table of /dark-web-monitoring, read-only, fed with simulated identities.
export function loader() {
  return { identities: generateDemoData().identities };
}

export default function DemoDarkWeb() {
  const { identities } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">{page.heading}</h1>
        <p className="mt-1 text-ink-muted">
          Simulated organization · example.com. Rampart matches each watched address and domain against imported breach
          data; the breaches named here are fictional.
        </p>
      </header>
      <IdentityList identities={identities} readOnly />
    </div>
  );
}
