import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getTenantContext } from "~/lib/tenant-context.server";
import { Landing } from "~/components/marketing/landing";
import { DashboardPage } from "~/components/dashboard-page";
import { loadDashboard } from "~/lib/dashboard-page.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.mode === "dashboard"
    ? [{ title: "Dashboard · Rampart" }]
    : [
        { title: "Rampart — security monitoring for people and organizations" },
        {
          name: "description",
          content: "Rampart watches for your breached accounts, analyses suspicious e-mails and checks passwords by k-anonymity. Free to start.",
        },
        { property: "og:title", content: "Rampart — security monitoring for people and organizations" },
        { property: "og:type", content: "website" },
      ];

/** Signed out: the landing page. Signed in: the dashboard inside the shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getTenantContext(request))) return { mode: "landing" as const };
  return { mode: "dashboard" as const, ...(await loadDashboard(request)) };
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (data.mode === "landing") return <Landing />;
  return <DashboardPage data={data} />;
}
