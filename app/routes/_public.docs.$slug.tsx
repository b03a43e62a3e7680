import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, useLoaderData } from "@remix-run/react";
import { Prose } from "~/components/marketing/page";
import { getDoc, listDocs } from "~/modules/marketing/markdown.server";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? seo(
        {
          title: data.doc.title,
          description: data.doc.description || `Rampart documentation: ${data.doc.title}.`,
          path: `/docs/${data.doc.slug}`,
        },
        matches,
      )
    : seo(
        {
          title: "Document not found",
          description: "This document does not exist.",
          path: `/docs/${params.slug ?? ""}`,
          noindex: true,
        },
        matches,
      );

export async function loader({ params }: LoaderFunctionArgs) {
  const doc = getDoc(params.slug ?? "");
  if (!doc) throw new Response("Not Found", { status: 404 });
  return { doc, docs: listDocs().map(({ slug, title }) => ({ slug, title })) };
}

export default function DocPage() {
  const { doc, docs } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Documentation" className="text-sm">
        <p className="mb-2 font-semibold text-ink">
          <Link to="/docs" className="text-ink">
            Documentation
          </Link>
        </p>
        <ul className="space-y-1">
          {docs.map((d) => (
            <li key={d.slug}>
              <NavLink
                to={`/docs/${d.slug}`}
                className={({ isActive }) => (isActive ? "font-semibold text-brand" : "text-ink-muted hover:text-ink")}
                prefetch="intent"
              >
                {d.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} className="min-w-0 [&_a:not([class*=btn])]:underline">
        <article>
          <h1 className="mb-6 text-3xl font-bold tracking-tight">{doc.title}</h1>
          <Prose html={doc.html} />
        </article>
      </main>
    </div>
  );
}
