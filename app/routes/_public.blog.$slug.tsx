import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { Prose } from "~/components/marketing/page";
import { getPost } from "~/modules/marketing/markdown.server";
import { seo } from "~/modules/marketing/seo";
import { useFormat } from "~/lib/format-context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? seo(
        {
          title: data.post.title,
          description: data.post.description,
          path: `/blog/${data.post.slug}`,
          type: "article",
        },
        matches,
      )
    : seo(
        {
          title: "Post not found",
          description: "This blog post does not exist.",
          path: `/blog/${params.slug ?? ""}`,
          noindex: true,
        },
        matches,
      );

export async function loader({ params }: LoaderFunctionArgs) {
  const post = getPost(params.slug ?? "");
  if (!post) throw new Response("Not Found", { status: 404 });
  return { post };
}

export default function BlogPost() {
  const intl = useFormat();
  const { post } = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-12 sm:py-16 [&_a:not([class*=btn])]:underline">
      <p>
        <Link to="/blog" className="inline-flex items-center gap-1 text-sm">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All posts
        </Link>
      </p>
      <article className="mt-6">
        <header className="mb-8">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-sm text-ink-muted">
            <time dateTime={post.date}>{intl.formatDate(post.date)}</time> · {post.author}
          </p>
        </header>
        <Prose html={post.html} />
      </article>
    </main>
  );
}
