import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ArrowRight, Briefcase, Globe, LayoutDashboard, Mail } from "lucide-react";
import { DEMO_PAGES, demoPage } from "~/modules/demo/pages";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

const page = demoPage("/demo");
export const meta: MetaFunction = ({ matches }) =>
  seo({ title: page.title, description: page.description, path: page.path }, matches);

const ICONS = {
  "/demo/dashboard": LayoutDashboard,
  "/demo/dark-web": Globe,
  "/demo/phishing": Mail,
  "/demo/executive": Briefcase,
} as const;

export default function DemoLanding() {
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold text-ink">See Rampart with a simulated organization</h1>
      <p className="mt-4 text-lg text-ink-muted">
        These pages are Rampart&rsquo;s own screens, filled with simulated data for a fictional organization. Every
        address uses reserved example domains (example.com, example.org, .test), so nothing here belongs to a real
        person. No sign-in needed.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {DEMO_PAGES.filter((p) => p.path !== "/demo").map((p) => {
          const Icon = ICONS[p.path as keyof typeof ICONS];
          return (
            <li key={p.path} className="card relative">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <Icon className="h-5 w-5 text-brand" aria-hidden="true" />
                <Link
                  to={p.path}
                  className="text-ink no-underline after:absolute after:inset-0 hover:underline"
                  prefetch="intent"
                >
                  {p.heading}
                </Link>
              </h2>
              <p className="mt-2 text-sm text-ink-muted">{p.description}</p>
              <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand" aria-hidden="true">
                Open <ArrowRight className="h-4 w-4" />
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-10 text-ink-muted">
        Ready to watch your own organization?{" "}
        <Link to="/signup" className="font-medium underline">
          Sign up for free
        </Link>{" "}
        (the Free plan includes the dashboard, dark web monitoring and the phishing analyzer) or compare the plans on
        the{" "}
        <Link to="/pricing" className="underline">
          pricing page
        </Link>
        .
      </p>
    </div>
  );
}
