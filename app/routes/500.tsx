import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { errorForStatus, userMessage } from "~/lib/errors";

export const meta: MetaFunction = () => [{ title: "Server error · Rampart" }, { name: "robots", content: "noindex" }];

/** The server-error page; it answers with status 500 as its name says. */
export async function loader() {
  throw new Response("Internal Server Error", { status: 500 });
}

export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-danger">500</p>
      <h1 className="mt-2 text-3xl font-bold">Server error</h1>
      {/* The catalogue's user-facing message for a 500 (docs/product.md §8). */}
      <p className="mt-4 text-ink-muted">{userMessage(errorForStatus(500))}</p>
      <Link to="/" className="btn-primary mt-8 no-underline">
        Go to the home page
      </Link>
    </main>
  );
}

export default function ServerError() {
  return null;
}
