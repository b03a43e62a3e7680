import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BookOpen } from "lucide-react";
import { MarketingPage } from "~/components/marketing/page";
import { listDocs } from "~/modules/marketing/markdown.server";
import { seo } from "~/modules/marketing/seo";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Documentation",
      description:
        "Rampart's user guide, operations guide and API reference, the same documents the developers keep in the repository.",
      path: "/docs",
    },
    matches,
  );

export async function loader() {
  return { docs: listDocs() };
}

export default function DocsIndex() {
  const { docs } = useLoaderData<typeof loader>();
  return (
    <MarketingPage
      eyebrow="Documentation"
      title="Rampart documentation"
      lead="The user guide for people who use Rampart, the operations guide for those who run it, and the API reference for those who build on it. These pages are rendered from the Markdown files in the repository's docs folder."
    >
      {docs.length === 0 ? (
        <p>No documents have been published yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {docs.map((doc) => (
            <li key={doc.slug} className="card">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <BookOpen className="h-5 w-5 text-brand" aria-hidden="true" />
                <Link to={`/docs/${doc.slug}`} className="text-ink hover:text-brand hover:underline" prefetch="intent">
                  {doc.title}
                </Link>
              </h2>
              <p className="mt-2 text-sm leading-6 text-ink-muted">{doc.description}</p>
            </li>
          ))}
        </ul>
      )}
    </MarketingPage>
  );
}
