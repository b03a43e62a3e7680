import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireTenantContext } from "~/modules/tenants";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-screens";

export const meta: MetaFunction = () => [
  { title: "Page not found · Admin · Rampart" },
  { name: "robots", content: "noindex" },
];

/** Any other /admin/... path: the admin checks first, then a 404 inside the admin layout. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireTenantContext(request, { feature: "adminDashboard", permission: ["adminArea", "open"] });
  throw new Response("Not Found", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
