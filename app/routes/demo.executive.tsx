import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { generateDemoData } from "~/modules/demo/generator";
import { demoPage } from "~/modules/demo/pages";
import { ExecutiveView } from "~/modules/executive/components/executive-view";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const page = demoPage("/demo/executive");
export const meta: MetaFunction = ({ matches }) =>
  seo({ title: page.title, description: page.description, path: page.path }, matches);

// The real executive screen, fed with the simulated data instead of a tenant's.
export function loader() {
  const { executiveMetrics, compliance, analytics } = generateDemoData();
  return { executiveMetrics, compliance, analytics };
}

export default function DemoExecutive() {
  const data = useLoaderData<typeof loader>();
  return <ExecutiveView {...data} subtitle="Simulated organization · example.com" />;
}
