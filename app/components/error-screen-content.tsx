/**
 * The error screens themselves. Routes import them through ./error-screens, which loads this module in the
 * browser only when an error is shown (every page's bundle carried them otherwise, the landing page's too).
 */
import {
  Link,
  isRouteErrorResponse,
  useLocation,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { ShieldAlert } from "lucide-react";
import { FEATURES, type Feature } from "~/lib/plans";
import { UpgradeBanner } from "./upgrade-banner";

const DEFAULT_CONTACT = "security@rampart.example.com";

export function NotFoundPage({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-ink-muted">The page you asked for does not exist or has moved.</p>
      <div className="mt-8 flex justify-center gap-3">
        {signedIn ? (
          <Link to="/dashboard" className="btn-primary no-underline">
            Back to the dashboard
          </Link>
        ) : (
          <Link to="/" className="btn-primary no-underline">
            Go to the home page
          </Link>
        )}
        <Link to="/docs" className="btn-secondary no-underline">
          Read the docs
        </Link>
      </div>
    </main>
  );
}

export function ForbiddenPage({ message }: { message?: string }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16 text-center">
      <p className="text-sm font-semibold text-danger">403</p>
      <h1 className="mt-2 text-2xl font-bold">Access forbidden</h1>
      <p className="mt-4 text-ink-muted">{message ?? "You do not have permission to access this resource."}</p>
      <Link to="/dashboard" className="btn-secondary mt-6 no-underline">
        Back to the dashboard
      </Link>
    </main>
  );
}

/** The spec's full-page fallback error screen. */
export function ComponentErrorScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const root = useRouteLoaderData<{ securityContact?: string }>("root");
  const contact = root?.securityContact ?? DEFAULT_CONTACT;
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-surface-muted px-6"
      data-testid="component-error"
    >
      <div className="card max-w-lg text-center">
        <ShieldAlert className="mx-auto h-10 w-10 text-danger" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">Component Error Detected</h1>
        <p className="mt-3 text-ink-muted">
          A security component encountered an unexpected error. Our threat detection systems are investigating.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className="btn-primary"
            // Navigating to the same location re-runs the loaders and clears the boundary without a reload.
            onClick={() => navigate(location.pathname + location.search + location.hash, { replace: true })}
          >
            Retry Component
          </button>
          <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
            Reload Application
          </button>
        </div>
        <p className="mt-6 text-sm text-ink-muted">
          If this keeps happening,{" "}
          <a href={`mailto:${contact}`} className="underline">
            contact our security team
          </a>{" "}
          at {contact}.
        </p>
      </div>
    </main>
  );
}

function isFeature(value: unknown): value is Feature {
  return typeof value === "string" && (FEATURES as readonly string[]).includes(value);
}

/** Status-aware content for a route's error: upgrade banner, 403, 404, or the fallback screen. */
export function RouteErrorContent() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const data = error.data as
      | {
          code?: string;
          feature?: unknown;
          message?: string;
          module?: { label: string; purpose: string } | null;
          trialEligible?: boolean;
          canRequest?: boolean;
        }
      | undefined;
    if (error.status === 403 && data?.code === "UPGRADE_REQUIRED" && isFeature(data.feature)) {
      return (
        <UpgradeBanner
          feature={data.feature}
          module={data.module}
          trialEligible={data.trialEligible === true}
          canRequest={data.canRequest === true}
        />
      );
    }
    if (error.status === 403) return <ForbiddenPage />;
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 409 && data?.code === "NO_TENANT") {
      return (
        <main id="main" className="p-8">
          <p role="status">Loading dashboard...</p>
          <p className="mt-2 text-sm text-ink-muted">
            You are not a member of any organization yet. <Link to="/organizations/new">Create one</Link> to start.
          </p>
        </main>
      );
    }
  } else {
    console.error(error);
  }
  return <ComponentErrorScreen />;
}

/** The root's error content: a 404 outside any route is the not-found page. */
export function RootErrorContent() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteErrorContent />;
}
