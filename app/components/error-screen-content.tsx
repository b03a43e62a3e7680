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
import { ApiError, STATUS_MESSAGE, errorForStatus, userMessage } from "~/lib/errors";
import { UpgradeBanner } from "./upgrade-banner";

const DEFAULT_CONTACT = "security@rampart.example.com";

export function NotFoundPage({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand">404</p>
      <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-ink-muted">{userMessage(errorForStatus(404))}</p>
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
      <h1 className="mt-2 text-2xl font-bold">{STATUS_MESSAGE[403]}</h1>
      <p className="mt-4 text-ink-muted">{message ?? userMessage(errorForStatus(403))}</p>
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

/**
 * Any other failed answer (429, 500, 502-504, ...) or a request that never reached the server: the catalogue's
 * user-facing message for it (docs/product.md §8, `userMessage()`), inside the page's layout, with a way to retry.
 * Only a render error (a bug in a component) gets the full-page fallback screen.
 */
export function RequestErrorPage({ status, error }: { status: number | null; error: unknown }) {
  const navigate = useNavigate();
  const location = useLocation();
  const title =
    status === null
      ? "Connection Error"
      : ((STATUS_MESSAGE as Record<number, string>)[status] ?? `Request failed with status ${status}`);
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-16 text-center" data-testid="request-error">
      {status === null ? null : <p className="text-sm font-semibold text-danger">{status}</p>}
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mt-4 text-ink-muted" role="alert">
        {userMessage(error)}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className="btn-primary"
          // The same location again re-runs the loaders (as 'Retry Component' does).
          onClick={() => navigate(location.pathname + location.search + location.hash, { replace: true })}
        >
          Try again
        </button>
        <Link to="/dashboard" className="btn-secondary no-underline">
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}

/**
 * A loader or action request that failed in the browser before any answer: fetch rejects with a TypeError
 * ("Failed to fetch" in Chromium, "NetworkError when attempting to fetch resource." in Firefox, "Load failed" in
 * Safari). It is the catalogue's NETWORK_ERROR, not a broken component.
 */
function networkError(error: unknown): ApiError | null {
  if (!(error instanceof TypeError)) return null;
  if (!/failed to fetch|networkerror|load failed|network error/i.test(error.message)) return null;
  return new ApiError(error.message, 0, "NETWORK_ERROR");
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
    // Statuses without a catalogue message of their own show the server's `message` (docs/product.md §8: "the
    // error's message").
    const text = typeof error.data === "string" ? error.data : data?.message;
    return <RequestErrorPage status={error.status} error={errorForStatus(error.status, text)} />;
  }
  const offline = networkError(error);
  if (offline) return <RequestErrorPage status={null} error={offline} />;
  console.error(error);
  return <ComponentErrorScreen />;
}

/** The root's error content: a 404 outside any route is the not-found page. */
export function RootErrorContent() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteErrorContent />;
}
