import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Landing } from "~/components/marketing/landing";
import { DashboardPage } from "~/components/dashboard-page";
import { loadHome } from "~/modules/marketing/home.server";
import { seo } from "~/modules/marketing/seo";
import { publicPage } from "~/lib/public-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

// Signed out, `/` is the landing page, the same for everyone (app/lib/public-page.ts); signed in, never public.
export const handle = publicPage;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  // No data: the loader failed and an error screen shows, which is neither the landing page nor the dashboard.
  !data
    ? [{ title: "Rampart" }]
    : data.mode === "dashboard"
      ? [{ title: "Dashboard · Rampart" }]
      : seo(
          {
            title: "Rampart — security monitoring for people and organizations",
            description:
              "Rampart watches for your breached accounts, analyses suspicious e-mails and checks passwords by k-anonymity. Free to start.",
            path: "/",
          },
          matches,
        );

/** Signed out: the landing page (with the origin for its canonical URL). Signed in: the dashboard inside the shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadHome(request);
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (data.mode === "landing") return <Landing />;
  return <DashboardPage data={data} />;
}
