import { Link } from "@remix-run/react";

/**
 * Any other /demo path: a not-found page inside the demo layout, so the demo banner shows on every path
 * starting with /demo (docs/product.md §2), with the way back to the demo's pages.
 */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10" data-testid="demo-not-found">
      <h1 className="text-2xl font-bold">This demo page does not exist</h1>
      <p className="mt-2 text-ink-muted">
        The demo shows the dashboard, dark web monitoring, the phishing analyzer and the executive view with simulated
        data. <Link to="/demo">Back to the demo</Link>
      </p>
    </main>
  );
}

export default function DemoNotFound() {
  return null;
}
