import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { FlaskConical } from "lucide-react";
import { PublicChrome } from "~/components/public-chrome";
import { staticDocument } from "~/lib/hydration";
import { getSession } from "~/modules/accounts/session.server";
import { siteOrigin } from "~/lib/public-origin.server";
import { DEMO_BANNER_TEXT, DEMO_PAGES } from "~/modules/demo/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

/**
 * Marks every /demo page (root.tsx also sets data-demo on <html> for these paths). The demo screens are read-only
 * and their filters are GET forms, so they ship no client runtime (app/lib/hydration.ts).
 */
export const handle = { demo: true, ...staticDocument };

/**
 * Demo mode's layout (docs/product.md §2): public, no sign-in. Every /demo path shows
 * the demo banner above the site header, the demo navigation and a call to
 * create an account. The pages below render the real module screens with the
 * simulated data of app/modules/demo/generator.ts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  return { signedIn: session !== null, origin: siteOrigin(request) };
}

export default function DemoLayout() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div data-demo="true" className="flex min-h-full flex-col">
      <div role="status" className="bg-warn-light text-warn" data-testid="demo-banner">
        <p className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-2 text-center text-sm font-semibold">
          <FlaskConical className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{DEMO_BANNER_TEXT}</span>
        </p>
      </div>
      <PublicChrome signedIn={signedIn}>
        <div className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
            <nav aria-label="Demo" className="-mx-1 flex flex-wrap gap-1 text-sm">
              {DEMO_PAGES.map((p) => (
                <NavLink
                  key={p.path}
                  to={p.path}
                  end
                  prefetch="intent"
                  className={({ isActive }) =>
                    `rounded-md px-3 py-1.5 font-medium no-underline ${isActive ? "bg-brand-light text-brand-dark" : "text-ink-muted hover:bg-surface-sunken hover:text-ink"}`
                  }
                >
                  {p.nav}
                </NavLink>
              ))}
            </nav>
            {signedIn ? (
              <Link to="/dashboard" className="btn-secondary no-underline">
                Open your dashboard
              </Link>
            ) : (
              <Link to="/signup" className="btn-primary no-underline">
                Create your account
              </Link>
            )}
          </div>
        </div>
        <main id="main" className="mx-auto max-w-6xl px-4 py-8">
          <Outlet />
        </main>
      </PublicChrome>
    </div>
  );
}
