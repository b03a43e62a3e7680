import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getEnv } from "~/lib/env.server";
import { staticDocument } from "~/lib/hydration";

/**
 * Exists only when the server runs with RAMPART_TEST_ROUTES=1 (404 otherwise):
 * lets the end-to-end suite trigger the root error boundary. With ?key=K, the
 * component throws on the first render for K and renders normally after that,
 * so 'Retry Component' can be seen to recover without a reload. With ?status=N (400-599) the loader answers that
 * status as a `{message, code}` response, for the error screens' catalogue messages.
 */
const seen = new Set<string>();

// A static document when it renders, like most public pages, so the suite sees that an error screen on such a page
// still ships the scripts its buttons need (app/lib/hydration.ts).
export const handle = staticDocument;

export async function loader({ request }: LoaderFunctionArgs) {
  if (getEnv().RAMPART_TEST_ROUTES !== "1") throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const status = Number(url.searchParams.get("status"));
  if (Number.isInteger(status) && status >= 400 && status <= 599)
    throw new Response(JSON.stringify({ message: "Test failure from /__test/error", code: "TEST" }), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  const key = url.searchParams.get("key") ?? "always";
  const fail = key === "always" || !seen.has(key);
  seen.add(key);
  return { fail };
}

export default function TestError() {
  const { fail } = useLoaderData<typeof loader>();
  if (fail) throw new Error("Test error from /__test/error");
  return (
    <main id="main" className="p-8">
      <h1 className="text-2xl font-bold">Recovered</h1>
    </main>
  );
}
