import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MarketingPage } from "~/components/marketing/page";
import { listPosts } from "~/modules/marketing/markdown.server";
import { seo } from "~/modules/marketing/seo";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Blog",
      description: "Practical articles on passwords, phishing and breach data from the team that builds Rampart.",
      path: "/blog",
    },
    matches,
  );

export async function loader() {
  return { posts: listPosts() };
}

export default function BlogIndex() {
  const intl = useFormat();
  const { posts } = useLoaderData<typeof loader>();
  return (
    <MarketingPage
      eyebrow="Blog"
      title="Notes on staying secure"
      lead="How the checks inside Rampart work, and what the standards behind them actually say."
    >
      <ol className="space-y-6">
        {posts.map((post) => (
          <li key={post.slug} className="card">
            <article>
              <h2 className="text-xl font-semibold">
                <Link to={`/blog/${post.slug}`} className="text-ink hover:text-brand hover:underline" prefetch="intent">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-ink-muted">
                <time dateTime={post.date}>{intl.formatDate(post.date)}</time> · {post.author}
              </p>
              <p className="mt-3 leading-7 text-ink">{post.description}</p>
            </article>
          </li>
        ))}
      </ol>
    </MarketingPage>
  );
}
