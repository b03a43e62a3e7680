/**
 * /privacy-request/<tenant-slug>: the public form where anyone asks an organization about their personal data
 * (when its owners or admins turned the form on). A static document: the form is a plain post.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { IntakePage } from "~/modules/privacy/components/intake-page";
import { intakeAction, intakeLoader } from "~/modules/privacy";
import { privatePage } from "~/lib/public-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Privacy request to ${data.organization}` : "Privacy request" },
  { name: "robots", content: "noindex" },
];

// The organization can turn the form off or rename itself at any moment: never held by a CDN.
export const handle = privatePage;

export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const loader = ({ params }: LoaderFunctionArgs) => intakeLoader(params.slug ?? "");

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  intakeAction(request, params.slug ?? "", context);

export default function Page() {
  return <IntakePage />;
}
